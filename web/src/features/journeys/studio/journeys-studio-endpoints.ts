import journeysStudioEndpoints from "virtual:endpoint-table/journeys-studio";
import { addEndpoints } from "../../../lib/api.ts";

// Studio → Journeys' endpoints travel with its screens, which import this module first (web/endpoint-table.ts).
addEndpoints(journeysStudioEndpoints);
