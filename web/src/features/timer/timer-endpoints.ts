import timerEndpoints from "virtual:endpoint-table/timer";
import { addEndpoints } from "../../lib/api.ts";

// The contraction timer's endpoints travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(timerEndpoints);
