import accountEndpoints from "virtual:endpoint-table/account";
import { addEndpoints } from "../../lib/api.ts";

// The calls only her account page makes (its name, e-mail, password, devices, mail, content notes,
// data and deletion) travel with that page, which imports this module first (web/endpoint-table.ts),
// instead of in every visitor's first visit.
addEndpoints(accountEndpoints);
