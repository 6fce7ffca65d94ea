import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/",
    screen: "features/marketing/landing-page.tsx",
    layout: "public",
    prerender: true,
    publicMenu: { label: sentence("Welcome"), place: 10 },
  },
  { path: "/join", screen: "features/marketing/join-page.tsx", layout: "public", prerender: true },
  { path: "/template", screen: "features/marketing/template-page.tsx", layout: "public" },
  {
    path: "/podcast",
    screen: "features/marketing/podcast-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Podcast"), icon: "podcast", place: 4 },
    firstNeeds: { answers: ["siteDetails"] },
  },
  {
    path: "/gallery",
    screen: "features/marketing/gallery-page.tsx",
    layout: "member",
    firstNeeds: { images: ["/art/gallery-1.svg", "/art/gallery-2.svg"] },
  },
];
