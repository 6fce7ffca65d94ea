import giftsStudioEndpoints from "virtual:endpoint-table/gifts-studio";
import calendarEndpoints from "virtual:endpoint-table/calendar";
import careStudioEndpoints from "virtual:endpoint-table/care-studio";
import { addEndpoints } from "../../../lib/api.ts";

// Studio → Plans → Discount codes' endpoints travel with its screen (web/endpoint-table.ts), with
// the calendar's and the care studio's, whose classes and packages a code may be for.
addEndpoints(giftsStudioEndpoints);
addEndpoints(calendarEndpoints);
addEndpoints(careStudioEndpoints);
