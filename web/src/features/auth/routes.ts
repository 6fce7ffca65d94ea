import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/login", screen: "features/auth/login-page.tsx", layout: "public", prerender: true },
  { path: "/register", screen: "features/auth/register-page.tsx", layout: "public", prerender: true },
];
