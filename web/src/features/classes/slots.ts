import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, homeCard, slotPart } from "../../lib/slots.tsx";
import { members } from "../../lib/slot-audiences.ts";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  pushKinds: [fromCapability("classes", { kind: "class_starting", label: sentence("A live class about to start"), shownTo: members })],
  homeCards: [
    fromCapability(
      "classes",
      homeCard("listClasses", () => import("./next-class-card.tsx")),
    ),
  ],
  memberMenu: [fromCapability("classes", { label: sentence("Live classes"), to: "/classes" })],
  unsubscribeLists: [fromCapability("classes", { list: "classes", Part: slotPart(() => import("./unsubscribe-class-mails.tsx")) })],
};
