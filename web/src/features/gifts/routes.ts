import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/gift", screen: "features/gifts/gift-page.tsx", layout: "public", prerender: true, firstNeeds: { answers: ["getCourses"] } },
  {
    path: "/gift/redeem",
    screen: "features/gifts/gift-redeem-page.tsx",
    layout: "public",
    example: "/gift/redeem?token=bench-gift-link-000000000",
  },
  {
    path: "/gift/change",
    screen: "features/gifts/gift-change-page.tsx",
    layout: "public",
    example: "/gift/change?token=bench-gift-link-000000000",
  },
  { path: "/registry/:name", screen: "features/gifts/registry-page.tsx", layout: "public", example: "/registry/no-such-registry" },
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
