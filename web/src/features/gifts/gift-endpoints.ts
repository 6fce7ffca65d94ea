import giftsEndpoints from "virtual:endpoint-table/gifts";
import { addEndpoints } from "../../lib/api.ts";

// A gift's endpoints (giving, changing, opening) travel with the gift pages, which import this
// module first (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(giftsEndpoints);
