import { type FeatureSlots, slotPart } from "../../lib/slots.tsx";
import { mothers } from "../../lib/slot-audiences.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  homeCards: [{ Card: slotPart(() => import("./birth-tools-card.tsx")), shownTo: mothers }],
};
