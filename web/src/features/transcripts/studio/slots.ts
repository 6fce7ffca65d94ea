import { lazyPart } from "../../../lib/lazy-part.tsx";
import { fromCapability } from "../../../lib/capabilities-off.ts";
import type { FeatureStudioSlots } from "../../../lib/studio-slots.tsx";

// What it adds to studio screens it does not own (web/src/lib/studio-slots.tsx; web/src/feature-studio-slots.ts
// lists the features in order). Each part is its own chunk, loaded when the page shows it.
export const studioSlots: FeatureStudioSlots = {
  lessonEditorParts: [
    fromCapability(
      "transcripts",
      lazyPart(() => import("./lesson-transcripts.tsx")),
    ),
  ],
};
