import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  pushKinds: [
    // A team doula hears only of the alerts that come to her as backup: the rest is the practice's.
    fromCapability("labour", {
      kind: "labour_alerts",
      label: sentence("Labour alerts from my clients"),
      shownTo: (profile) => profile.role !== "member",
    }),
  ],
  timerExtras: [
    fromCapability(
      "labour",
      slotPart(() => import("./tell-my-doula.tsx")),
    ),
  ],
  homeCards: [
    fromCapability(
      "labour",
      homeCard("myCare", () => import("./labour-card.tsx")),
    ),
  ],
};
