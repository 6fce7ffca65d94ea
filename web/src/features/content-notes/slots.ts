import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  accountSections: [
    {
      id: "content-notes-heading",
      title: sentence("Content notes"),
      Body: slotPart(() => import("./content-note-choices.tsx")),
    },
  ],
  homeCards: [homeCard("savedLessons", () => import("./saved-for-later-card.tsx"))],
};
