import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { BrowserRouter, matchPath, Outlet, Route, Routes, useLocation } from "react-router";
import { AnnouncePage } from "../components/announce-page.tsx";
import { ScrollToTop } from "../components/scroll-to-top.tsx";
import { Spinner } from "../components/spinner.tsx";
import { ask } from "../lib/answers.ts";
import type { useAppDispatch } from "../lib/store-hooks.ts";
import { announceNewVersion, checkForNewVersion, useNewVersion } from "../features/install-app/app-update.ts";
import MemberLayout from "./member-layout.tsx";
import PublicLayout from "./public-layout.tsx";
import { courseOfAddress, layoutScreens, notFoundScreen, routes, type ScreenRoute } from "../lib/routes.ts";
import { firstAsks } from "../lib/first-answers.ts";

type Screen = ComponentType;
type ScreenModule = { default: Screen };

// Every screen of the table (routes.ts) and the studio's frame is its own chunk, loaded when first
// shown: a visitor on /, /login or /register downloads no member screen or studio code. The member
// frame is small and comes with the app: on a phone each file of a page's first visit costs a
// round trip.
const modules = import.meta.glob<ScreenModule>(["../features/**/*-page.tsx", "../features/studio/studio-layout.tsx"]);
const moduleOf = (file: string) => {
  const load = modules[`../${file}`];
  if (!load) throw new Error(`routes.ts names ${file}, which is not a *-page.tsx or a layout`);
  return load;
};

/**
 * A screen's chunk, loaded when first shown, or earlier by preloadScreen. A screen whose chunk is
 * already here renders at once: React.lazy would still suspend for a moment, and React holds a
 * revealed Suspense boundary back for up to 300 ms. If the chunk cannot load (a page of an older
 * build whose files a deployment replaced, without the service worker), the member is offered the
 * new version instead of a broken page.
 */
function screen(file: string): Screen {
  const load = moduleOf(file);
  let loaded: Screen | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const loadOnce = () =>
    (loading ??= load()
      .catch(() => {
        announceNewVersion(() => window.location.reload());
        return { default: ScreenFromAnOlderVersion };
      })
      .then((module) => {
        loaded = module.default;
        return module;
      }));
  const Lazy = lazy(loadOnce);
  function LazyScreen() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  preloaders.set(LazyScreen, loadOnce);
  return LazyScreen;
}
const preloaders = new Map<Screen, () => Promise<unknown>>();

function ScreenFromAnOlderVersion() {
  return <p style={{ padding: 24, textAlign: "center" }}>This page has been updated. Please reload to see it.</p>;
}

const screens = new Map<ScreenRoute, Screen>(
  routes.filter((route) => route.layout !== "studio").map((route) => [route, screen(route.screen)]),
);
const studioLayout = screen(layoutScreens.studio);
const notFound = screen(notFoundScreen);
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

const routesIn = (layout: ScreenRoute["layout"]) =>
  routes
    .filter((route) => route.layout === layout)
    .map((route) => <Route key={route.path} path={route.path} element={show(screens.get(route)!)} />);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route element={<PublicLayout />}>
          {routesIn("public")}
          <Route path="*" element={show(notFound)} />
        </Route>
        <Route element={<MemberLayout />}>{routesIn("member")}</Route>
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
    .filter((candidate) => candidate.layout !== "public")
    .map((candidate) => ({ route: candidate, match: matchPath(candidate.path, pathname) }))
    .find(({ match }) => match !== null);
  if (!found) return;
  const { route, match } = found;
  const ids = { courseId: courseOfAddress(pathname, search), id: match?.params.id ?? null };
  if (route.layout === "studio") {
    // The studio's endpoints come with its frame's chunk (features/studio/studio-parts.tsx), and
    // the frame shows the inbox's unread count on every studio page.
    await preloaders.get(studioLayout)?.();
    if (signedIn) for (const asked of firstAsks(["studioUnread", ...(route.firstNeeds?.answers ?? [])], ids)) void dispatch(ask(asked));
    return;
  }
  // The member frame's menu shows her unread community replies on every member page.
  if (signedIn) for (const asked of firstAsks(["communityProfile", ...(route.firstNeeds?.answers ?? [])], ids)) void dispatch(ask(asked));
  await preloaders.get(screens.get(route)!)?.();
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
