import unsubscribeEndpoints from "virtual:endpoint-table/unsubscribe";
import { addEndpoints } from "../../lib/api.ts";

// The one-press unsubscribes of every list (announcements, classes, a conversation's replies)
// travel with the page their mails link to, which imports this module first (web/endpoint-table.ts).
addEndpoints(unsubscribeEndpoints);
