import transcriptsStudioEndpoints from "virtual:endpoint-table/transcripts-studio";
import { addEndpoints } from "../../../lib/api.ts";

// A lesson's transcripts in the studio travel with their part of the lesson editor, which imports
// this module first (web/endpoint-table.ts), instead of in every studio page's first visit.
addEndpoints(transcriptsStudioEndpoints);
