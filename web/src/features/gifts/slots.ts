import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, slotPart } from "../../lib/slots.tsx";
import { mothers } from "../../lib/slot-audiences.ts";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  accountSections: [
    fromCapability("gifts", {
      id: "registry-heading",
      title: sentence("Your birth registry"),
      Body: slotPart(() => import("./registry-section.tsx")),
      shownTo: mothers,
    }),
  ],
  invitations: [
    fromCapability("gifts", {
      page: "/gift/redeem",
      field: "gift_token",
      parameter: "token",
      after: "/library",
      Words: slotPart(() => import("./gift-invitation-words.tsx")),
    }),
  ],
};
