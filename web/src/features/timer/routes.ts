import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [{ path: "/timer", screen: "features/timer/timer-page.tsx", layout: "member" }];
