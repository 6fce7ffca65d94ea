import studioCommunityEndpoints from "virtual:endpoint-table/studio-community";
import { addEndpoints } from "../../../lib/api.ts";

// This studio area's own endpoints travel with its screens, which import this module first
// (web/endpoint-table.ts); what several areas call is in every studio page's part (studio-parts.tsx).
addEndpoints(studioCommunityEndpoints);
