import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/studio/labour",
    screen: "features/labour/studio/alerts-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
    forTeam: true,
    linkedFrom: [{ place: "calendar", label: sentence("Off call"), anchor: "off-call-heading" }],
  },
  {
    path: "/studio/on-call",
    screen: "features/labour/studio/on-call-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
    forTeam: true,
  },
  {
    path: "/studio/labour/:id",
    screen: "features/labour/studio/alert-page.tsx",
    layout: "studio",
    withinSection: "/studio/labour",
    forTeam: true,
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/studio/labour/:id": "/studio/labour/1",
};
