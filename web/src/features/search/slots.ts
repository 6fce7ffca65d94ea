import { sentence } from "../../../../contract/languages.ts";
import { type FeatureSlots, slotPart } from "../../lib/slots.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  libraryTop: [
    fromCapability(
      "search",
      slotPart(() => import("./library-search.tsx")),
    ),
  ],
  memberMenu: [fromCapability("search", { label: sentence("Search"), to: "/search" })],
};
