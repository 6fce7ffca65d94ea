import { sentence } from "../../../../contract/languages.ts";
import type { ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/about",
    screen: "features/site-pages/about-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["aboutPage"] },
    publicMenu: { label: sentence("About"), place: 50 },
  },
  {
    path: "/contact",
    screen: "features/site-pages/contact-page.tsx",
    layout: "public",
    prerender: true,
    publicMenu: { label: sentence("Contact"), place: 30 },
  },
  {
    path: "/links",
    screen: "features/site-pages/links-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["linksPage"] },
    publicMenu: { label: sentence("Helpful Links"), place: 60 },
  },
];
