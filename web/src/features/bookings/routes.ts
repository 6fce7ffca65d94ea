import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";
import { byId, tokenParams } from "../../lib/first-answers.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/book",
    screen: "features/bookings/book-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["bookingServices"] },
  },
  {
    path: "/book/confirm",
    screen: "features/bookings/confirm-page.tsx",
    layout: "public",
  },
  {
    path: "/booking/:id",
    screen: "features/bookings/manage-page.tsx",
    layout: "public",
    firstNeeds: { answers: [byId("manageBooking", tokenParams)] },
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/book/confirm": "/book/confirm?token=bench-expired-link",
  "/booking/:id": "/booking/1",
};
