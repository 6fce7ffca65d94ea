import checksEndpoints from "virtual:endpoint-table/checks";
import { addEndpoints } from "../../lib/api.ts";

// A lesson's checks travel with the part that shows them, which imports this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(checksEndpoints);
