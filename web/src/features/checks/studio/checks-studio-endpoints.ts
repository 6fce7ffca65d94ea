import checksStudioEndpoints from "virtual:endpoint-table/checks-studio";
import { addEndpoints } from "../../../lib/api.ts";

// A lesson's checks in the studio travel with their part of the lesson editor, which imports this
// module first (web/endpoint-table.ts), instead of in every studio page's first visit.
addEndpoints(checksStudioEndpoints);
