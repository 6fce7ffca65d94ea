import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/feedback",
    screen: "features/forms/feedback-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Help Us Improve"), icon: "feedback", place: 1 },
  },
  {
    path: "/support",
    screen: "features/forms/support-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Support"), icon: "support", place: 5 },
    firstNeeds: { answers: ["siteDetails"] },
  },
];
