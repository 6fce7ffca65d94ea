import { sentence } from "../../../contract/languages.ts";
import type { StudioSlots } from "../lib/studio-slots.tsx";

// What each capability adds to the studio's screens (web/src/lib/studio-slots.tsx), one line
// each: plain data, so the studio's frame gets it from the router without a chunk of its own.
export const studioSlots: StudioSlots = {
  personActions: [{ label: sentence("Take her on as a birth client"), page: "/studio/clients#add-client-heading" }],
  calendarLinks: [{ label: sentence("Off call"), page: "/studio/labour#off-call-heading" }],
};
