import partnerEndpoints from "virtual:endpoint-table/partners";
import { addEndpoints } from "../../lib/api.ts";

// The partner seat's writes endpoints travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(partnerEndpoints);
