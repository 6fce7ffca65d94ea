import invitationEndpoints from "virtual:endpoint-table/invitations";
import { addEndpoints } from "../../lib/api.ts";

// Reading a registration link (whom it was sent to) travels with the register page only (web/endpoint-table.ts).
addEndpoints(invitationEndpoints);
