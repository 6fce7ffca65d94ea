// Every address of the web app, in one table: its screen, the frame around it, where menus list
// it, whether visitors get it pre-rendered, and what it asks for first. Each feature declares its
// own in its routes.ts (web/src/feature-routes.ts lists them; web/src/lib/route-table.ts has the
// fields). The router (web/src/app/router.tsx), the studio's sections (studio-layout.tsx), the
// build's pre-rendering (prerender.tsx), its list of app routes for the server
// (scripts/prerender.mjs) and the bundle budget (bench/bundle-size.ts) are all read from here.
// Plain data, so Node reads it too: no React, no imports of screens.
//
// How a screen is styled follows from where it lives: a screen under features/studio/, or under a
// capability's own studio folder (features/<capability>/studio/), is the instructor's and is built
// with MUI (its frame provides the theme); every other screen is plain markup styled by
// web/index.html, and its first visit downloads no MUI or Emotion.

import { featureRoutes } from "../feature-routes.ts";
import type { Layout, ScreenRoute } from "./route-table.ts";

export type { BottomBarIcon, Layout, ScreenRoute, StudioLink } from "./route-table.ts";

/** A module of the studio (web/src/...): the studio's own folder, or a capability's studio folder. */
export const isStudioModule = (file: string): boolean => /^(src\/)?features\/(studio|[^/]+\/studio)\//.test(file);

/** The module of each frame; each is a chunk of its own, named by the pages drawn in it (scripts/prerender.mjs). */
export const layoutScreens = {
  public: "app/public-layout.tsx",
  member: "app/member-layout.tsx",
  studio: "features/studio/studio-layout.tsx",
} as const satisfies Record<Layout, string>;

export const routes: readonly ScreenRoute[] = featureRoutes;

/** The modules (under web/src) a first visit to a route loads beside the app's entry: the studio's frame, if it is there, and its screen. */
export const modulesOf = (route: ScreenRoute): string[] => [
  layoutScreens[route.layout],
  // The studio's frame comes with its slots (web/src/app/router.tsx), fetched beside it.
  ...(route.layout === "studio" ? ["app/studio-slots.ts"] : []),
  route.screen,
];

/** The screen shown for any address not in the table (HTTP 404 from the server). */
export const notFoundScreen = "features/marketing/not-found-page.tsx";

/** The course a member page's address names (/course, /lesson and /purchase take ?course=N), if any. */
export function courseOfAddress(pathname: string, search: string): number | null {
  if (!["/course", "/lesson", "/purchase"].includes(pathname)) return null;
  const courseId = Number(new URLSearchParams(search).get("course"));
  return Number.isInteger(courseId) && courseId > 0 ? courseId : null;
}
