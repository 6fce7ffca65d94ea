import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/classes",
    screen: "features/classes/classes-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["listClasses"] },
    publicMenu: { label: sentence("Free Webinar"), place: 40 },
  },
];
