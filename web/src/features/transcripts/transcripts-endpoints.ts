import transcriptsEndpoints from "virtual:endpoint-table/transcripts";
import { addEndpoints } from "../../lib/api.ts";

// A lesson's transcript travels with the part that shows it, which imports this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(transcriptsEndpoints);
