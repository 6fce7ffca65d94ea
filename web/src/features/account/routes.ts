import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/forgot-password", screen: "features/account/forgot-password-page.tsx", layout: "public" },
  {
    path: "/reset-password",
    screen: "features/account/reset-password-page.tsx",
    layout: "public",
    example: "/reset-password?token=bench-expired-link",
  },
  {
    path: "/confirm-email",
    screen: "features/account/confirm-email-page.tsx",
    layout: "public",
    example: "/confirm-email?token=bench-expired-link",
  },
  { path: "/verify/:code", screen: "features/account/verify-certificate-page.tsx", layout: "public", example: "/verify/NO-SUCH-CODE" },
  {
    path: "/account",
    screen: "features/account/account-page.tsx",
    layout: "member",
    firstNeeds: { answers: ["myAccount"], slots: ["accountSections"] },
  },
];
