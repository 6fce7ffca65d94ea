import communityEndpoints from "virtual:endpoint-table/community";
import { addEndpoints } from "../../lib/api.ts";

// The community's endpoints travel with its screens and the conversations under lessons, which
// import this module first (web/endpoint-table.ts); its topics and her unread count are in every page's table.
addEndpoints(communityEndpoints);
