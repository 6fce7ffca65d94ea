import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";
import { byCourse, libraryAnswers } from "../../lib/first-answers.ts";
import { courseModulesQuery } from "../../lib/catalogue-queries.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/purchase",
    screen: "features/payments/purchase-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byCourse("getCourseModules", courseModulesQuery), ...libraryAnswers, "siteDetails", "myPurchases"] },
  },
  { path: "/purchase/success", screen: "features/payments/purchase-success-page.tsx", layout: "member" },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/purchase": "/purchase?course=1",
};
