import searchEndpoints from "virtual:endpoint-table/search";
import { addEndpoints } from "../../lib/api.ts";

// Search travels with its page, which imports this module first (web/endpoint-table.ts), instead
// of in every page's first visit.
addEndpoints(searchEndpoints);
