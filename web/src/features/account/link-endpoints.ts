import linkEndpoints from "virtual:endpoint-table/account-links";
import { addEndpoints } from "../../lib/api.ts";

// The endpoints of the pages a mailed or printed link opens (a password reset, an address to
// confirm, a certificate to check) travel with those pages, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(linkEndpoints);
