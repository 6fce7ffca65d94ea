import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/search", screen: "features/search/search-page.tsx", layout: "member", example: "/search?q=labour" },
];
