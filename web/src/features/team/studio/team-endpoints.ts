import teamEndpoints from "virtual:endpoint-table/team";
import { addEndpoints } from "../../../lib/api.ts";

// Studio → Team's endpoints travel with its screen (web/endpoint-table.ts).
addEndpoints(teamEndpoints);
