import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { preload } from "react-dom";
import { BrowserRouter, Outlet, Route, Routes, useLocation } from "react-router";
import { AnnouncePage } from "../components/announce-page.tsx";
import PublicLayout from "../components/public-layout.tsx";
import { ScrollToTop } from "../components/scroll-to-top.tsx";
import { Spinner } from "../components/spinner.tsx";
import { askEarly } from "../lib/api-client.ts";
import { announceNewVersion, checkForNewVersion, useNewVersion } from "../features/app/app-update.ts";

type Screen = ComponentType;
type ScreenModule = { default: Screen };

/**
 * A screen's chunk, loaded when first shown, or earlier by preloadMemberScreen. A screen whose
 * chunk is already here renders at once: React.lazy would still suspend for a moment, and React
 * holds a revealed Suspense boundary back for up to 300 ms. If the chunk cannot load (a page of
 * an older build whose files a deployment replaced, without the service worker), the member is
 * offered the new version instead of a broken page.
 *
 * A screen comes with MUI's theme (web/src/lib/themed.tsx), loaded beside its chunk, unless it
 * is `plain`: styled by web/index.html alone, so that its first visit downloads no MUI at all.
 */
function screen(load: () => Promise<ScreenModule>, { plain = false } = {}): Screen {
  let loaded: Screen | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const loadOnce = () =>
    (loading ??= (plain ? load() : withTheme(load))
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

// Every screen is its own chunk: a visitor on /, /login or /register downloads no member-area code.
const screens = {
  landing: screen(() => import("../features/marketing/landing-page.tsx")),
  login: screen(() => import("../features/auth/login-page.tsx")),
  register: screen(() => import("../features/auth/register-page.tsx")),
  join: screen(() => import("../features/marketing/join-page.tsx")),
  template: screen(() => import("../features/marketing/template-page.tsx")),
  memberLayout: screen(() => import("../components/member-layout.tsx"), { plain: true }),
  home: screen(() => import("../features/marketing/home-page.tsx"), { plain: true }),
  podcast: screen(() => import("../features/marketing/podcast-page.tsx")),
  gallery: screen(() => import("../features/marketing/gallery-page.tsx")),
  feedback: screen(() => import("../features/forms/feedback-page.tsx")),
  support: screen(() => import("../features/forms/support-page.tsx")),
  library: screen(() => import("../features/library/library-page.tsx")),
  course: screen(() => import("../features/course/course-page.tsx")),
  lesson: screen(() => import("../features/lesson/lesson-page.tsx"), { plain: true }),
  purchase: screen(() => import("../features/payments/purchase-page.tsx")),
  purchaseSuccess: screen(() => import("../features/payments/purchase-success-page.tsx")),
  install: screen(() => import("../features/app/install-page.tsx")),
  forgotPassword: screen(() => import("../features/account/forgot-password-page.tsx")),
  resetPassword: screen(() => import("../features/account/reset-password-page.tsx")),
  confirmEmail: screen(() => import("../features/account/confirm-email-page.tsx")),
  verifyCertificate: screen(() => import("../features/account/verify-certificate-page.tsx")),
  account: screen(() => import("../features/account/account-page.tsx")),
  studioSetup: screen(() => import("../features/studio/setup-page.tsx")),
  newVersionBanner: lazy(() => import("../features/app/new-version-banner.tsx")),
  notFound: screen(() => import("../features/marketing/not-found-page.tsx")),
};

// The instructor's studio routes its own pages (web/src/features/studio/studio-app.tsx): one
// entry here, so that its pages cost a member's first visit nothing, however many it grows.
const studio = screen(() => import("../features/studio/studio-app.tsx"));

// The member area's pages, behind RequireMember (web/src/components/member-layout.tsx).
const memberScreens: Record<string, Screen> = {
  "/home": screens.home,
  "/account": screens.account,
  "/podcast": screens.podcast,
  "/gallery": screens.gallery,
  "/feedback": screens.feedback,
  "/support": screens.support,
  "/library": screens.library,
  "/course": screens.course,
  "/lesson": screens.lesson,
  "/purchase": screens.purchase,
  "/purchase/success": screens.purchaseSuccess,
};

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
  const Banner = screens.newVersionBanner;
  return (
    <Suspense fallback={null}>
      <Banner onReload={reload} />
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route element={<PublicLayout />}>
          <Route path="/" element={show(screens.landing)} />
          <Route path="/login" element={show(screens.login)} />
          <Route path="/register" element={show(screens.register)} />
          <Route path="/join" element={show(screens.join)} />
          <Route path="/template" element={show(screens.template)} />
          <Route path="/app" element={show(screens.install)} />
          <Route path="/forgot-password" element={show(screens.forgotPassword)} />
          <Route path="/reset-password" element={show(screens.resetPassword)} />
          <Route path="/confirm-email" element={show(screens.confirmEmail)} />
          <Route path="/verify/:code" element={show(screens.verifyCertificate)} />
          <Route path="/studio/setup" element={show(screens.studioSetup)} />
          <Route path="*" element={show(screens.notFound)} />
        </Route>
        <Route element={show(screens.memberLayout)}>
          {Object.entries(memberScreens).map(([path, Screen]) => (
            <Route key={path} path={path} element={show(Screen)} />
          ))}
        </Route>
        <Route path="/studio/*" element={show(studio)} />
      </Route>
    </Routes>
  );
}

/** What a member page asks for first, which can leave beside the session check. */
const firstNeeds: Record<string, { answers?: string[]; images?: string[] }> = {
  "/home": { answers: ["/reactapi/progress/summary"], images: ["/art/gallery-1.svg"] },
};

/**
 * Loads a member page's screen and layout while the session is still being checked, and, when
 * she may be signed in, asks for its first answers and its first picture: the page shows only
 * once she is known, and these would otherwise wait for that answer. Resolves when the chunks
 * are here (at once for any other page), so the first render need not suspend.
 */
export async function preloadMemberScreen(pathname: string, { signedIn }: { signedIn: boolean }): Promise<void> {
  const Screen = memberScreens[pathname];
  if (!Screen) return;
  if (signedIn) {
    for (const path of firstNeeds[pathname]?.answers ?? []) askEarly(path);
    for (const image of firstNeeds[pathname]?.images ?? []) preload(image, { as: "image", fetchPriority: "low" });
  }
  await Promise.all([preloaders.get(screens.memberLayout)?.(), preloaders.get(Screen)?.()]);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
