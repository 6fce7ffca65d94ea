import messageEndpoints from "virtual:endpoint-table/messages";
import { addEndpoints } from "../../lib/api.ts";

// Replies and announcements travel with the two screens that send them (inbox, announcements),
// not with every studio page: the course editors' first visit is close to its budget.
addEndpoints(messageEndpoints);
