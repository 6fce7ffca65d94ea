import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/forgot-password", screen: "features/account/forgot-password-page.tsx", layout: "public" },
  {
    path: "/reset-password",
    screen: "features/account/reset-password-page.tsx",
    layout: "public",
  },
  {
    path: "/confirm-email",
    screen: "features/account/confirm-email-page.tsx",
    layout: "public",
  },
  { path: "/verify/:code", screen: "features/account/verify-certificate-page.tsx", layout: "public" },
  {
    path: "/account",
    screen: "features/account/account-page.tsx",
    layout: "member",
    firstNeeds: { answers: ["myAccount"], slots: ["accountSections"] },
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/reset-password": "/reset-password?token=bench-expired-link",
  "/confirm-email": "/confirm-email?token=bench-expired-link",
  "/verify/:code": "/verify/NO-SUCH-CODE",
};
