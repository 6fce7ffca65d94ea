import contactEndpoints from "virtual:endpoint-table/contact";
import { addEndpoints } from "../../lib/api.ts";

// The public contact form's endpoint travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(contactEndpoints);
