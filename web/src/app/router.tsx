import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { preload } from "react-dom";
import { BrowserRouter, Outlet, Route, Routes, useLocation } from "react-router";
import { AnnouncePage } from "../components/announce-page.tsx";
import { ScrollToTop } from "../components/scroll-to-top.tsx";
import { Spinner } from "../components/spinner.tsx";
import { ask } from "../lib/answers.ts";
import type { useAppDispatch } from "../lib/store-hooks.ts";
import { announceNewVersion, checkForNewVersion, useNewVersion } from "../features/install-app/app-update.ts";
import PublicLayout from "./public-layout.tsx";
import { layoutScreens, notFoundScreen, routes, type ScreenRoute } from "../lib/routes.ts";

type Screen = ComponentType;
type ScreenModule = { default: Screen };

// Every screen and frame of the table (routes.ts) is its own chunk, loaded when first shown: a
// visitor on /, /login or /register downloads no member-area or studio code.
const modules = import.meta.glob<ScreenModule>([
  "../features/**/*-page.tsx",
  "./member-layout.tsx",
  "../features/studio/studio-layout.tsx",
]);
const moduleOf = (file: string) => {
  const load = modules[file.startsWith("app/") ? `./${file.slice("app/".length)}` : `../${file}`];
  if (!load) throw new Error(`routes.ts names ${file}, which is not a *-page.tsx or a layout`);
  return load;
};

/**
 * A screen's chunk, loaded when first shown, or earlier by preloadScreen. A screen whose chunk is
 * already here renders at once: React.lazy would still suspend for a moment, and React holds a
 * revealed Suspense boundary back for up to 300 ms. If the chunk cannot load (a page of an older
 * build whose files a deployment replaced, without the service worker), the member is offered the
 * new version instead of a broken page.
 *
 * A themed screen comes with MUI's theme (web/src/lib/themed.tsx), loaded beside its chunk; a
 * plain one is styled by web/index.html alone, so its first visit downloads no MUI at all.
 */
function screen(file: string, { themed = false } = {}): Screen {
  const load = moduleOf(file);
  let loaded: Screen | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const loadOnce = () =>
    (loading ??= (themed ? withTheme(load) : load())
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

async function withTheme(load: () => Promise<ScreenModule>): Promise<ScreenModule> {
  const [{ default: Content }, { Themed }] = await Promise.all([load(), import("../lib/themed.tsx")]);
  return {
    default: function ThemedScreen() {
      return (
        <Themed>
          <Content />
        </Themed>
      );
    },
  };
}

function ScreenFromAnOlderVersion() {
  return <p style={{ padding: 24, textAlign: "center" }}>This page has been updated. Please reload to see it.</p>;
}

const screens = new Map<ScreenRoute, Screen>(
  routes.filter((route) => route.layout !== "studio").map((route) => [route, screen(route.screen, { themed: route.themed })]),
);
const memberLayout = screen(layoutScreens.member);
const studioLayout = screen(layoutScreens.studio, { themed: true });
const notFound = screen(notFoundScreen, { themed: true });
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
        <Route element={show(memberLayout)}>{routesIn("member")}</Route>
        <Route path="/studio/*" element={show(studioLayout)} />
      </Route>
    </Routes>
  );
}

/**
 * Loads a member page's screen and frame while the session is still being checked, and, when she
 * may be signed in, asks for its first answers and its first picture: the page shows only once
 * she is known, and these would otherwise wait for that answer. Resolves when the chunks are here
 * (at once for any other page), so the first render need not suspend.
 */
export async function preloadMemberScreen(
  pathname: string,
  { signedIn, dispatch }: { signedIn: boolean; dispatch: ReturnType<typeof useAppDispatch> },
): Promise<void> {
  const route = routes.find((candidate) => candidate.layout === "member" && candidate.path === pathname);
  if (!route) return;
  if (signedIn) {
    for (const name of route.firstNeeds?.answers ?? []) void dispatch(ask({ name }));
    for (const image of route.firstNeeds?.images ?? []) preload(image, { as: "image", fetchPriority: "low" });
  }
  await Promise.all([preloaders.get(memberLayout)?.(), preloaders.get(screens.get(route)!)?.()]);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
