import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/birth-plan", screen: "features/birth-plan/birth-plan-page.tsx", layout: "member" },
  {
    path: "/studio/birth-plan",
    screen: "features/birth-plan/studio/birth-plan-template-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Birth preferences"), place: 140 },
  },
];
