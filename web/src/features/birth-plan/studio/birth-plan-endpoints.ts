import birthPlanEndpoints from "virtual:endpoint-table/birth-plan";
import { addEndpoints } from "../../../lib/api.ts";

// The birth preferences' endpoints, its studio template's among them, travel with the screens that call them (web/endpoint-table.ts).
addEndpoints(birthPlanEndpoints);
