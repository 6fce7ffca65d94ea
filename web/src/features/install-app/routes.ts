import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/app", screen: "features/install-app/install-page.tsx", layout: "public", prerender: true },
];
