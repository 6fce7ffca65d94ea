import paymentEndpoints from "virtual:endpoint-table/payments";
import { addEndpoints } from "../../lib/api.ts";

// Buying a plan and her billing portal's endpoints travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(paymentEndpoints);
