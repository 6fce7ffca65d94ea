import labourStudioEndpoints from "virtual:endpoint-table/labour-studio";
import { addEndpoints } from "../../../lib/api.ts";

// The alert pages' endpoints travel with these screens, which import this module first (web/endpoint-table.ts).
addEndpoints(labourStudioEndpoints);
