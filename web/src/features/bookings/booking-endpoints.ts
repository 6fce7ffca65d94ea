import bookingEndpoints from "virtual:endpoint-table/bookings";
import { addEndpoints } from "../../lib/api.ts";

// A booking's endpoints travel with the booking pages, which import this module first
// (web/endpoint-table.ts); the services, a booking and her bookings are in every page's table.
addEndpoints(bookingEndpoints);
