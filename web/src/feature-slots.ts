// What each feature adds to the screens of others (web/src/lib/slots.tsx), one line each, in the
// order their parts show: a slot lists the parts of the features above before those below.

import type { FeatureSlots } from "./lib/slots.tsx";
import { slots as labour } from "./features/labour/slots.ts";
import { slots as timer } from "./features/timer/slots.ts";
import { slots as care } from "./features/care/slots.ts";
import { slots as push } from "./features/push/slots.ts";
import { slots as partners } from "./features/partners/slots.ts";
import { slots as messages } from "./features/messages/slots.ts";
import { slots as bookings } from "./features/bookings/slots.ts";
import { slots as search } from "./features/search/slots.ts";
import { slots as classes } from "./features/classes/slots.ts";
import { slots as courses } from "./features/courses/slots.ts";
import { slots as contentNotes } from "./features/content-notes/slots.ts";
import { slots as birthPlan } from "./features/birth-plan/slots.ts";
import { slots as checks } from "./features/checks/slots.ts";
import { slots as community } from "./features/community/slots.ts";
import { slots as transcripts } from "./features/transcripts/slots.ts";
import { slots as gifts } from "./features/gifts/slots.ts";
import { slots as team } from "./features/team/slots.ts";
import { slots as videos } from "./features/videos/slots.ts";
import { slots as journeys } from "./features/journeys/slots.ts";

export const featureSlots: readonly FeatureSlots[] = [
  labour,
  timer,
  care,
  push,
  partners,
  messages,
  bookings,
  search,
  classes,
  courses,
  contentNotes,
  birthPlan,
  checks,
  community,
  transcripts,
  gifts,
  team,
  videos,
  journeys,
];
