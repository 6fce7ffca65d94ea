import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots } from "../../lib/slots.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  pushKinds: [
    fromCapability("timer", {
      kind: "partner_timer",
      label: sentence("Her contraction timer"),
      shownTo: (profile) => profile.joined_as === "partner",
    }),
  ],
};
