import { lazyPart } from "../../lib/lazy-part.tsx";
import { fromCapability } from "../../lib/capabilities-off.ts";
import type { FeatureSlots } from "../../lib/slots.tsx";

// What it adds to screens it does not own (web/src/lib/slots.tsx; web/src/feature-slots.ts lists the
// features in the order their parts show): a lesson's own video plays in place of its link, and a
// lesson saved for offline keeps it in the picture size she chose.
export const slots: FeatureSlots = {
  lessonVideoSources: [
    fromCapability(
      "videos",
      lazyPart(() => import("./own-video-source.tsx")),
    ),
  ],
  savedWithLesson: [fromCapability("videos", (lessonId) => import("./offline/saved-video.ts").then((part) => part.savedVideoOf(lessonId)))],
  saveChoices: [
    fromCapability(
      "videos",
      lazyPart(() => import("./offline/saved-video-choice.tsx")),
    ),
  ],
};
