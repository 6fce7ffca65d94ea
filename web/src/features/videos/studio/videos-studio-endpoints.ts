import videosStudioEndpoints from "virtual:endpoint-table/videos-studio";
import { addEndpoints } from "../../../lib/api.ts";

// A lesson's own video in the studio travels with its part of the lesson editor, which imports this
// module first (web/endpoint-table.ts), instead of in every studio page's first visit.
addEndpoints(videosStudioEndpoints);
