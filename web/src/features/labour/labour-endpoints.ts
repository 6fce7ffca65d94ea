import labourEndpoints from "virtual:endpoint-table/labour";
import { addEndpoints } from "../../lib/api.ts";

// The labour line's endpoints travel with the parts that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(labourEndpoints);
