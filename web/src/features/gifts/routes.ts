import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/gift", screen: "features/gifts/gift-page.tsx", layout: "public", prerender: true, firstNeeds: { answers: ["getCourses"] } },
  {
    path: "/gift/redeem",
    screen: "features/gifts/gift-redeem-page.tsx",
    layout: "public",
  },
  {
    path: "/gift/change",
    screen: "features/gifts/gift-change-page.tsx",
    layout: "public",
  },
  { path: "/registry/:name", screen: "features/gifts/registry-page.tsx", layout: "public" },
  {
    path: "/studio/codes",
    screen: "features/gifts/studio/codes-page.tsx",
    layout: "studio",
    withinSection: "/studio/plans",
    linkedFrom: [{ place: "plans", label: sentence("Discount codes") }],
  },
  {
    path: "/studio/gifts",
    screen: "features/gifts/studio/gifts-page.tsx",
    layout: "studio",
    withinSection: "/studio/plans",
    linkedFrom: [{ place: "plans", label: sentence("Gifts") }],
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/gift/redeem": "/gift/redeem?token=bench-gift-link-000000000",
  "/gift/change": "/gift/change?token=bench-gift-link-000000000",
  "/registry/:name": "/registry/no-such-registry",
};
