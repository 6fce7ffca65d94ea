import { sentence } from "../../../contract/languages.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { bookingCheckouts, type BookingDeps, bookingWork } from "./booking-actions.ts";
import { bookingRoutes } from "./booking-routes.ts";
import { bookingsPersonalData } from "./bookings-repository.ts";
import { calendarStudioRoutes } from "./calendar-studio-routes.ts";

/** 1:1 bookings: her services, her hours, the times members and visitors book, and her calendar. */
export default defineCapability({
  name: "bookings",
  optional: { title: sentence("1:1 bookings") },
  needs: ["oneOffPayments", "birthsElsewhere", "onCallWindows", "plansSharedWithInstructor"],
  start: (ctx) => {
    const { db, clock, mail, config } = ctx;
    const bookings: BookingDeps = {
      db,
      clock,
      mail: { sender: mail.sender, context: { ...mail.context, contactEmail: config.site.contactEmail } },
      payments: ctx.use("oneOffPayments"),
      birthsElsewhere: ctx.use("birthsElsewhere"),
    };
    const onCallWindows = ctx.use("onCallWindows");
    return {
      routes: [mount("/reactapi/bookings", bookingRoutes, { ...bookings, bookingsPerHour: config.bookingsPerHour, onCallWindows })],
      studio: [
        mount("/calendar", calendarStudioRoutes, {
          ...bookings,
          plansSharedWithInstructor: ctx.use("plansSharedWithInstructor"),
          onCallWindows,
        }),
      ],
      timedWork: [bookingWork(bookings)],
      points: { checkouts: [bookingCheckouts(bookings)], personalData: [bookingsPersonalData(db)] },
    };
  },
});
