import formsEndpoints from "virtual:endpoint-table/forms";
import { addEndpoints } from "../../lib/api.ts";

// The feedback and support forms' endpoints travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(formsEndpoints);
