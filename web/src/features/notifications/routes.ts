import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/studio/notifications",
    screen: "features/notifications/studio/notifications-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Notifications"), place: 20 },
  },
];
