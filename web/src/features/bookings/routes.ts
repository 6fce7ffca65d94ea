import type { ScreenRoute } from "../../lib/route-table.ts";
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
    example: "/book/confirm?token=bench-expired-link",
  },
  {
    path: "/booking/:id",
    screen: "features/bookings/manage-page.tsx",
    layout: "public",
    firstNeeds: { answers: [byId("manageBooking", tokenParams)] },
    example: "/booking/1",
  },
];
