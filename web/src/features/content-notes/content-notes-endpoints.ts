import contentNotesEndpoints from "virtual:endpoint-table/content-notes";
import { addEndpoints } from "../../lib/api.ts";

// Her choices of how each content note meets her are saved only from her account's section, which
// imports this module first (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(contentNotesEndpoints);
