import type { ScreenRoute } from "../../lib/route-table.ts";
import { byCourse, libraryAnswers } from "../../lib/first-answers.ts";
import { courseModulesQuery } from "../../lib/catalogue-queries.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/purchase",
    screen: "features/payments/purchase-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byCourse("getCourseModules", courseModulesQuery), ...libraryAnswers, "siteDetails", "myPurchases"] },
    example: "/purchase?course=1",
  },
  { path: "/purchase/success", screen: "features/payments/purchase-success-page.tsx", layout: "member" },
];
