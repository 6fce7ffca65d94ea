import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  accountSections: [
    fromCapability("partners", {
      id: "partner-heading",
      title: (profile) => (profile.joined_as === "partner" ? sentence("Your partner link") : sentence("Your partner")),
      Body: slotPart(() => import("./partner-seat.tsx")),
    }),
  ],
  homeCards: [
    fromCapability(
      "partners",
      homeCard("partner", () => import("./partner-card.tsx")),
    ),
  ],
};
