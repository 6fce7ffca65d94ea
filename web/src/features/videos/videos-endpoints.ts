import videosEndpoints from "virtual:endpoint-table/videos";
import { addEndpoints } from "../../lib/api.ts";

// A lesson's own video travels with the lesson page's part that plays it (web/endpoint-table.ts),
// which imports this module first, instead of in every page's first visit.
addEndpoints(videosEndpoints);
