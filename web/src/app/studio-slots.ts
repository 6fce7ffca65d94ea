import { sentence } from "../../../contract/languages.ts";
import { lazyPart } from "../lib/lazy-part.tsx";
import type { StudioSlots } from "../lib/studio-slots.tsx";

// What each capability adds to the studio's screens (web/src/lib/studio-slots.tsx), one line
// each: plain data, so the studio's frame gets it from the router without a chunk of its own; a
// part of a studio page (a lesson's transcripts) is an import(), its own chunk, loaded when shown.
export const studioSlots: StudioSlots = {
  personActions: [{ label: sentence("Take her on as a birth client"), page: "/studio/clients#add-client-heading" }],
  calendarLinks: [{ label: sentence("Off call"), page: "/studio/labour#off-call-heading" }],
  plansLinks: [
    { label: sentence("Discount codes"), page: "/studio/codes" },
    { label: sentence("Gifts"), page: "/studio/gifts" },
  ],
  lessonEditorParts: [
    lazyPart(() => import("../features/transcripts/studio/lesson-transcripts.tsx")),
    lazyPart(() => import("../features/checks/studio/lesson-checks-editor.tsx")),
  ],
};
