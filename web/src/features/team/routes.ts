import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/studio/team", screen: "features/team/studio/team-page.tsx", layout: "studio", withinSection: "/studio/clients" },
];
