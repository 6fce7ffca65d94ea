import setupEndpoints from "virtual:endpoint-table/setup";
import { addEndpoints } from "../../../lib/api.ts";

// The instructor's setup link's endpoints travel with the screens that call them, which import this module first
// (web/endpoint-table.ts), instead of in every page's first visit.
addEndpoints(setupEndpoints);
