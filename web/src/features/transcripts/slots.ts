import { type FeatureSlots, slotPart } from "../../lib/slots.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show). Each part loads when first shown, its slot's own chunk.
export const slots: FeatureSlots = {
  lessonVideoExtras: [
    fromCapability(
      "transcripts",
      slotPart(() => import("./lesson-transcript.tsx")),
    ),
  ],
  savedWithLesson: [
    fromCapability("transcripts", (lessonId) =>
      import("./offline-copies.ts").then(async (part) => ({ addresses: await part.transcriptAddresses(lessonId) })),
    ),
  ],
};
