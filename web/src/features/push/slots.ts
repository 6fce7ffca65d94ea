import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, slotPart } from "../../lib/slots.tsx";
import { doula, members } from "../../lib/slot-audiences.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  pushKinds: [
    { kind: "replies", label: sentence("Messages from my clients"), shownTo: doula },
    { kind: "studio_notices", label: sentence("What happens in my practice, as chosen under Studio → Notifications"), shownTo: doula },
    { kind: "replies", label: sentence("Replies in my conversations"), shownTo: members },
    { kind: "announcements", label: sentence("My doula's announcements"), shownTo: members },
  ],
  accountSections: [
    {
      id: "notifications-heading",
      title: sentence("Notifications on this device"),
      Body: slotPart(() => import("./notifications-section.tsx")),
    },
  ],
};
