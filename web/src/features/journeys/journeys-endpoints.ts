import journeysEndpoints from "virtual:endpoint-table/journeys";
import { addEndpoints } from "../../lib/api.ts";

// Her journey's endpoints travel with the parts that call them, which import this module first
// (web/endpoint-table.ts); her timeline's is every page's, for her home's card.
addEndpoints(journeysEndpoints);
