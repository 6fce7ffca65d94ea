import careEndpoints from "virtual:endpoint-table/care";
import { addEndpoints } from "../../lib/api.ts";

// Her client space's endpoints travel with its screens, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(careEndpoints);
