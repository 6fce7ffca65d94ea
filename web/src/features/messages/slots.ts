import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  homeCards: [homeCard("myAnnouncements", () => import("./announcements-card.tsx"))],
  unsubscribeLists: [{ list: null, Part: slotPart(() => import("./unsubscribe-announcements.tsx")) }],
};
