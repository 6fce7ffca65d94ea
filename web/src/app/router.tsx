import { t } from "../lib/i18n.ts";
import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { BrowserRouter, matchPath, Outlet, Route, Routes, useLocation } from "react-router";
import { AnnouncePage } from "../components/announce-page.tsx";
import { ScrollToTop } from "../components/scroll-to-top.tsx";
import { Spinner } from "../components/spinner.tsx";
import { ask, type Asked } from "../lib/answers.ts";
import type { useAppDispatch } from "../lib/store-hooks.ts";
import { announceNewVersion, checkForNewVersion, useNewVersion } from "../features/install-app/app-update.ts";
import { courseOfAddress, layoutScreens, notFoundScreen, routes, type ScreenRoute } from "../lib/routes.ts";
import { firstAsks } from "../lib/first-answers.ts";
import { isOffModule, useCapabilitiesOff, useSlotsShown } from "../lib/capabilities-off.ts";
import { type LazyPart, lazyPart } from "../lib/lazy-part.tsx";
import { type Slots, slotNeeds } from "../lib/slots.tsx";
import { StudioSlotsContext } from "../lib/studio-slots.tsx";

type Screen = LazyPart<object>;
type ScreenModule = { default: ComponentType };

// Every screen of the table (routes.ts) and every frame is its own chunk, loaded when first shown:
// a visitor on /, /login or /register downloads no member screen or studio code, and the studio
// neither the visitors' nor the members' frame. A page names its frame's and screen's chunks for
// the browser to fetch beside the entry (scripts/prerender.mjs), so none waits for another.
// The studio's own screens are not among them: its frame routes them from a table of its own
// (features/studio/studio-layout.tsx), so no page downloads their addresses twice. Its setup page
// is a visitor's page, in this table.
const modules = {
  ...import.meta.glob<ScreenModule>([
    "../features/**/*-page.tsx",
    "!../features/studio/**",
    "!../features/*/studio/**",
    "../app/*-layout.tsx",
  ]),
  ...import.meta.glob<ScreenModule>(["../features/studio/studio-layout.tsx", "../features/studio/setup/*-page.tsx"]),
};
// Keyed by their path under web/src, as routes.ts names them (the glob writes this folder's as "./").
const modulesBySource = new Map(Object.entries(modules).map(([key, load]) => [key.replace(/^\.\.\//, "").replace(/^\.\//, "app/"), load]));
const moduleOf = (file: string) => {
  const load = modulesBySource.get(file);
  if (!load) throw new Error(`routes.ts names ${file}, which is not a *-page.tsx or a layout`);
  return load;
};

/**
 * A screen's chunk, loaded when first shown, or earlier by preloadFirstScreen. If the chunk cannot
 * load (a page of an older build whose files a deployment replaced, without the service worker),
 * the member is offered the new version instead of a broken page.
 */
function screen(load: () => Promise<ScreenModule>): Screen {
  return lazyPart(() =>
    load().catch(() => {
      announceNewVersion(() => window.location.reload());
      return { default: ScreenFromAnOlderVersion };
    }),
  );
}

function ScreenFromAnOlderVersion() {
  return <p style={{ padding: 24, textAlign: "center" }}>{t("This page has been updated. Please reload to see it.")}</p>;
}

const screens = new Map<ScreenRoute, Screen>(
  routes.filter((route) => route.layout !== "studio").map((route) => [route, screen(moduleOf(route.screen))]),
);
// The studio's frame comes with what the capabilities add to its pages (app/studio-slots.ts), so
// that no visitor's or member's page carries the studio's slots in its core.
const studioLayout = screen(() =>
  Promise.all([moduleOf(layoutScreens.studio)(), import("./studio-slots.ts")]).then(([{ default: Layout }, { studioSlots }]) => ({
    default: function StudioFrame() {
      const shown = useSlotsShown(studioSlots);
      return (
        <StudioSlotsContext.Provider value={shown}>
          <Layout />
        </StudioSlotsContext.Provider>
      );
    },
  })),
);
const publicLayout = screen(moduleOf(layoutScreens.public));
const memberLayout = screen(moduleOf(layoutScreens.member));
const notFound = screen(moduleOf(notFoundScreen));
const NewVersionBanner = lazy(() => import("../features/install-app/new-version-banner.tsx"));

function show(Screen: Screen) {
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

function NewVersionNotice() {
  const { pathname } = useLocation();
  useEffect(checkForNewVersion, [pathname]);
  const reload = useNewVersion();
  if (!reload) return null;
  return (
    <Suspense fallback={null}>
      <NewVersionBanner onReload={reload} />
    </Suspense>
  );
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <AnnouncePage />
      <Outlet />
      <NewVersionNotice />
    </>
  );
}

/** A screen, or the not-found page while she has turned its capability off. */
function ScreenOrNotFound({ route }: { route: ScreenRoute }) {
  const off = useCapabilitiesOff();
  return show(isOffModule(off, route.screen) ? notFound : screens.get(route)!);
}

const routesIn = (layout: ScreenRoute["layout"]) =>
  routes
    .filter((route) => route.layout === layout)
    .map((route) => <Route key={route.path} path={route.path} element={<ScreenOrNotFound route={route} />} />);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route element={show(publicLayout)}>
          {routesIn("public")}
          <Route path="*" element={show(notFound)} />
        </Route>
        <Route element={show(memberLayout)}>{routesIn("member")}</Route>
        <Route path="/studio/*" element={show(studioLayout)} />
      </Route>
    </Routes>
  );
}

/**
 * Loads a member page's screen while the session is still being checked, and, when she may be
 * signed in, asks for the first answers of a member's or the studio's page (its first pictures
 * are asked for by its built page): the page shows only once she is known, and these would
 * otherwise wait for that answer. Resolves when the chunks are here (at once for any other page),
 * so the first render need not suspend.
 */
export async function preloadFirstScreen(
  { pathname, search }: { pathname: string; search: string },
  { signedIn, dispatch }: { signedIn: boolean; dispatch: ReturnType<typeof useAppDispatch> },
): Promise<void> {
  const found = routes
    .map((candidate) => ({ route: candidate, match: matchPath(candidate.path, pathname) }))
    .find(({ match }) => match !== null);
  // A visitor's page (or the not-found one) is drawn, or hydrated, inside its frame: the frame's
  // chunk is named by the page itself, so waiting for it costs no round trip.
  if (!found || found.route.layout === "public") return void (await publicLayout.preload());
  const { route, match } = found;
  const ids = { courseId: courseOfAddress(pathname, search), id: match?.params.id ?? null };
  if (route.layout === "studio") {
    // The studio's endpoints come with its frame's chunk (features/studio/studio-parts.tsx), and
    // the frame shows the inbox's unread count and the sections of what is on, on every studio page.
    await studioLayout.preload();
    if (signedIn)
      for (const asked of firstAsks(["studioUnread", "capabilitiesOff", ...(route.firstNeeds?.answers ?? [])], ids))
        void dispatch(ask(asked));
    return;
  }
  if (signedIn) for (const asked of firstAsks(route.firstNeeds?.answers ?? [], ids)) void dispatch(ask(asked));
  const [loaded] = await Promise.all([memberLayout.preload(), screens.get(route)!.preload()]);
  // The member frame's menu shows what is new behind its entries on every member page, and the
  // page's slots (its cards, its sections) read answers of their own: asked as soon as the frame's
  // chunk (named by the page, so already on its way) is here, and the slots' parts fetched with them.
  const frame = loaded as { frameAsks: readonly Asked[]; slots: Slots } | undefined;
  if (!frame) return;
  const shown = route.firstNeeds?.slots ?? [];
  if (signedIn) {
    for (const asked of frame.frameAsks) void dispatch(ask(asked));
    for (const name of shown) for (const needed of slotNeeds(frame.slots, name)) void dispatch(ask({ name: needed }));
  }
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
