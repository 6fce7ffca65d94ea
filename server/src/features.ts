import accounts from "./accounts/capability.ts";
import activity from "./activity/capability.ts";
import birthPlan from "./birth-plan/capability.ts";
import bookings from "./bookings/capability.ts";
import care from "./care/capability.ts";
import catalogue from "./catalogue/capability.ts";
import certificates from "./certificates/capability.ts";
import checks from "./checks/capability.ts";
import classes from "./classes/capability.ts";
import community from "./community/capability.ts";
import contentNotes from "./content-notes/capability.ts";
import forms from "./forms/capability.ts";
import gifts from "./gifts/capability.ts";
import grants from "./grants/capability.ts";
import health from "./health/capability.ts";
import labour from "./labour/capability.ts";
import messages from "./messages/capability.ts";
import notifications from "./notifications/capability.ts";
import openapi from "./openapi/capability.ts";
import partners from "./partners/capability.ts";
import payments from "./payments/capability.ts";
import pictures from "./pictures/capability.ts";
import progress from "./progress/capability.ts";
import push from "./push/capability.ts";
import search from "./search/capability.ts";
import site from "./site/capability.ts";
import sitePages from "./site-pages/capability.ts";
import studio from "./studio/capability.ts";
import team from "./team/capability.ts";
import timer from "./timer/capability.ts";
import transcripts from "./transcripts/capability.ts";
import videos from "./videos/capability.ts";
import journeys from "./journeys/capability.ts";

/**
 * Every capability of the server, one manifest each (docs/architecture.md): adding one is its folder
 * and its line here. The order below is only the tie-break: start-up, personal data and every point
 * follow what the manifests declare (the services each needs, the parts each must come before).
 */
const core = [accounts, catalogue, grants, progress, certificates, messages, forms, sitePages, payments, contentNotes, push, activity];
const practice = [
  bookings,
  classes,
  community,
  partners,
  birthPlan,
  timer,
  labour,
  care,
  team,
  transcripts,
  search,
  checks,
  gifts,
  videos,
  journeys,
];
const frame = [notifications, studio, site, pictures, openapi, health];

export const capabilities = [...core, ...practice, ...frame];
