import certificateEndpoints from "virtual:endpoint-table/certificate";
import { addEndpoints } from "../../../lib/api.ts";

// Her certificate's endpoint travels with the offer that asks for it, which imports this module
// first (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(certificateEndpoints);
