import pushEndpoints from "virtual:endpoint-table/push";
import { addEndpoints } from "../../lib/api.ts";

// Notifications' endpoints travel with the account section that calls them (web/endpoint-table.ts).
addEndpoints(pushEndpoints);
