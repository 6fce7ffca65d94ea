import videosEndpoints from "virtual:endpoint-table/videos";
import { addEndpoints } from "../../../lib/api.ts";

// A lesson's own video travels with its part of the lesson editor and with the lesson page's
// player (web/endpoint-table.ts), never in a first visit.
addEndpoints(videosEndpoints);
