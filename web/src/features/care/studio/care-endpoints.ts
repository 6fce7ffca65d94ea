import careStudioEndpoints from "virtual:endpoint-table/care-studio";
import { addEndpoints } from "../../../lib/api.ts";

// Her birth clients' studio endpoints travel with these screens, which import this module first
// (web/endpoint-table.ts), instead of in every studio page's first visit.
addEndpoints(careStudioEndpoints);
