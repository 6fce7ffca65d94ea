// The example addresses each feature declares beside its routes (web/src/lib/route-table.ts,
// RouteExamples), one line each: for the browser journeys and the bench, never in the app's bundle.

import type { RouteExamples, ScreenRoute } from "./lib/route-table.ts";
import { examples as account } from "./features/account/routes.ts";
import { examples as bookings } from "./features/bookings/routes.ts";
import { examples as care } from "./features/care/routes.ts";
import { examples as community } from "./features/community/routes.ts";
import { examples as courses } from "./features/courses/routes.ts";
import { examples as gifts } from "./features/gifts/routes.ts";
import { examples as journeys } from "./features/journeys/routes.ts";
import { examples as labour } from "./features/labour/routes.ts";
import { examples as payments } from "./features/payments/routes.ts";
import { examples as search } from "./features/search/routes.ts";
import { examples as studio } from "./features/studio/routes.ts";

const examples: RouteExamples = {
  ...account,
  ...bookings,
  ...care,
  ...community,
  ...courses,
  ...gifts,
  ...journeys,
  ...labour,
  ...payments,
  ...search,
  ...studio,
};

/** The address a journey or the bench opens for a route: its example, or its path when it has none. */
export const exampleAddress = (route: ScreenRoute): string => examples[route.path] ?? route.path;
