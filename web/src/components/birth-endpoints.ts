import birthEndpoints from "virtual:endpoint-table/birth";
import { addEndpoints } from "../lib/api.ts";

// The birth tools' endpoints (birth preferences, contraction timer, their studio page) and the
// partner seat's writes travel with the screens that call them, which import this module first
// (web/endpoint-table.ts); who is linked ("partner") is asked first on /home, so it stays in every page.
addEndpoints(birthEndpoints);
