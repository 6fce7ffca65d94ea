import { composeSlots, slotPart, type Slots } from "../lib/slots.tsx";
import { featureSlots } from "../feature-slots.ts";

// The slots as the frames show them (web/src/lib/slots.tsx): the frames' own parts first, then what
// each feature adds in its slots.ts, tagged with its capability so that a slot leaves it out while
// she has turned that off. Every part loads when first shown: a slot's parts travel together in one
// file named after the slot (web/chunk-groups.ts reads the import()s of this file and of each
// feature's slots.ts), which the pages that show the slot name for the browser (a route's
// firstNeeds.slots): none reaches a first visit that does not show it.

export const slots: Slots = composeSlots([
  {
    // The doula's and her team's way into the studio, before the member's own cards.
    homeCards: [{ Card: slotPart(() => import("../components/studio-card.tsx")), shownTo: (profile) => profile.role !== "member" }],
  },
  ...featureSlots,
]);
