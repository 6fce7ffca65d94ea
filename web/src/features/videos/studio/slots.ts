import { lazyPart } from "../../../lib/lazy-part.tsx";
import { fromCapability } from "../../../lib/capabilities-off.ts";
import type { FeatureStudioSlots } from "../../../lib/studio-slots.tsx";

// Her own video in a lesson's editor (docs/videos.md), its own chunk, loaded when the editor shows it.
export const studioSlots: FeatureStudioSlots = {
  lessonEditorParts: [
    fromCapability(
      "videos",
      lazyPart(() => import("./lesson-video-upload.tsx")),
    ),
  ],
};
