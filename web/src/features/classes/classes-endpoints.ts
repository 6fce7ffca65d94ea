import classesEndpoints from "virtual:endpoint-table/classes";
import { addEndpoints } from "../../lib/api.ts";

// A class place's endpoints (registering, paying, cancelling) travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(classesEndpoints);
