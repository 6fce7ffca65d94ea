import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, newCountFrom, slotPart } from "../../lib/slots.tsx";
import { mothers } from "../../lib/slot-audiences.ts";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  lessonExtras: [
    fromCapability(
      "community",
      slotPart(() => import("./lesson-questions.tsx")),
    ),
  ],
  accountSections: [
    fromCapability("community", {
      id: "community-heading",
      title: sentence("Community"),
      Body: slotPart(() => import("./community-settings.tsx")),
      shownTo: mothers,
    }),
  ],
  memberMenu: [
    fromCapability("community", {
      label: sentence("Community"),
      to: "/community",
      shownTo: mothers,
      newCount: newCountFrom("communityProfile", (profile) => profile.unread),
    }),
  ],
  unsubscribeLists: [fromCapability("community", { list: "community", Part: slotPart(() => import("./unsubscribe-thread.tsx")) })],
};
