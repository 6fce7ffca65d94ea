// What each feature adds to the studio's screens of others (web/src/lib/studio-slots.tsx), one line
// each, in the order their parts show. Links to a feature's studio screens are declared with their
// routes (`linkedFrom`) instead.

import type { FeatureStudioSlots } from "./lib/studio-slots.tsx";
import { studioSlots as transcripts } from "./features/transcripts/studio/slots.ts";
import { studioSlots as checks } from "./features/checks/studio/slots.ts";
import { studioSlots as videos } from "./features/videos/studio/slots.ts";

export const featureStudioSlots: readonly FeatureStudioSlots[] = [videos, transcripts, checks];
