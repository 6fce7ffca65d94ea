import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/unsubscribe", screen: "features/home/unsubscribe-page.tsx", layout: "public", firstNeeds: { slots: ["unsubscribeLists"] } },
  {
    path: "/home",
    screen: "features/home/home-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Home"), icon: "home", place: 3 },
    // Its cards' answers are asked with their chunks (each feature's slots.ts).
    firstNeeds: { slots: ["homeCards"], images: ["/art/gallery-1.svg"] },
  },
];
