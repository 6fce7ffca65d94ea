// The web app's features, one line each (docs/architecture.md, "Adding a capability", step 4):
// each declares its own addresses in its routes.ts; web/src/lib/routes.ts reads the table from here.

import type { ScreenRoute } from "./lib/route-table.ts";
import { routes as account } from "./features/account/routes.ts";
import { routes as auth } from "./features/auth/routes.ts";
import { routes as birthPlan } from "./features/birth-plan/routes.ts";
import { routes as bookings } from "./features/bookings/routes.ts";
import { routes as care } from "./features/care/routes.ts";
import { routes as classes } from "./features/classes/routes.ts";
import { routes as community } from "./features/community/routes.ts";
import { routes as courses } from "./features/courses/routes.ts";
import { routes as forms } from "./features/forms/routes.ts";
import { routes as gifts } from "./features/gifts/routes.ts";
import { routes as home } from "./features/home/routes.ts";
import { routes as installApp } from "./features/install-app/routes.ts";
import { routes as journeys } from "./features/journeys/routes.ts";
import { routes as labour } from "./features/labour/routes.ts";
import { routes as marketing } from "./features/marketing/routes.ts";
import { routes as notifications } from "./features/notifications/routes.ts";
import { routes as payments } from "./features/payments/routes.ts";
import { routes as search } from "./features/search/routes.ts";
import { routes as sitePages } from "./features/site-pages/routes.ts";
import { routes as studio } from "./features/studio/routes.ts";
import { routes as team } from "./features/team/routes.ts";
import { routes as timer } from "./features/timer/routes.ts";

export const featureRoutes: readonly ScreenRoute[] = [
  ...account,
  ...auth,
  ...birthPlan,
  ...bookings,
  ...care,
  ...classes,
  ...community,
  ...courses,
  ...forms,
  ...gifts,
  ...home,
  ...installApp,
  ...journeys,
  ...labour,
  ...marketing,
  ...notifications,
  ...payments,
  ...search,
  ...sitePages,
  ...studio,
  ...team,
  ...timer,
];
