import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";
import { doula, members } from "../../lib/slot-audiences.ts";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  pushKinds: [
    fromCapability("bookings", { kind: "bookings", label: sentence("Bookings: new, moved, reminders"), shownTo: doula }),
    fromCapability("bookings", { kind: "bookings", label: sentence("My bookings: confirmed, moved, reminders"), shownTo: members }),
  ],
  accountSections: [
    fromCapability("bookings", {
      id: "bookings-heading",
      title: sentence("My bookings"),
      Body: slotPart(() => import("./my-bookings-section.tsx")),
      needs: "myBookings",
      first: true,
    }),
  ],
  homeCards: [
    fromCapability(
      "bookings",
      homeCard("myBookings", () => import("./next-session-card.tsx")),
    ),
  ],
};
