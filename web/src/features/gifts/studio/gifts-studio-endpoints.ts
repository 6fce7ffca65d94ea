import giftsStudioEndpoints from "virtual:endpoint-table/gifts-studio";
import { addEndpoints } from "../../../lib/api.ts";

// Studio → Plans → Discount codes' endpoints travel with its screen (web/endpoint-table.ts).
addEndpoints(giftsStudioEndpoints);
