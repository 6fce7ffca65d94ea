import birthPlanEndpoints from "virtual:endpoint-table/birth-plan";
import { addEndpoints } from "../../lib/api.ts";

// The birth preferences (hers, and its studio template's) endpoints travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(birthPlanEndpoints);
