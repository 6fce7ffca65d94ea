import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import { BrowserRouter, Outlet, Route, Routes, useLocation } from "react-router";
import { AnnouncePage } from "../components/announce-page.tsx";
import PublicLayout from "../components/public-layout.tsx";
import { ScrollToTop } from "../components/scroll-to-top.tsx";
import { Spinner } from "../components/spinner.tsx";
import { announceNewVersion, checkForNewVersion, useNewVersion } from "../features/app/app-update.ts";

/**
 * A screen's chunk, loaded when first shown. If it cannot load (a page of an older build whose
 * files a deployment replaced, without the service worker), the member is offered the new version
 * instead of a broken page.
 */
function screen(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(() =>
    load().catch(() => {
      announceNewVersion(() => window.location.reload());
      return { default: ScreenFromAnOlderVersion };
    }),
  );
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
  memberLayout: screen(() => import("../components/member-layout.tsx")),
  home: screen(() => import("../features/marketing/home-page.tsx")),
  podcast: screen(() => import("../features/marketing/podcast-page.tsx")),
  gallery: screen(() => import("../features/marketing/gallery-page.tsx")),
  feedback: screen(() => import("../features/forms/feedback-page.tsx")),
  support: screen(() => import("../features/forms/support-page.tsx")),
  library: screen(() => import("../features/library/library-page.tsx")),
  course: screen(() => import("../features/course/course-page.tsx")),
  lesson: screen(() => import("../features/lesson/lesson-page.tsx")),
  purchase: screen(() => import("../features/payments/purchase-page.tsx")),
  purchaseSuccess: screen(() => import("../features/payments/purchase-success-page.tsx")),
  install: screen(() => import("../features/app/install-page.tsx")),
  newVersionBanner: lazy(() => import("../features/app/new-version-banner.tsx")),
  notFound: screen(() => import("../features/marketing/not-found-page.tsx")),
};

function show(Screen: LazyExoticComponent<ComponentType>) {
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
          <Route path="*" element={show(screens.notFound)} />
        </Route>
        <Route element={show(screens.memberLayout)}>
          <Route path="/home" element={show(screens.home)} />
          <Route path="/podcast" element={show(screens.podcast)} />
          <Route path="/gallery" element={show(screens.gallery)} />
          <Route path="/feedback" element={show(screens.feedback)} />
          <Route path="/support" element={show(screens.support)} />
          <Route path="/library" element={show(screens.library)} />
          <Route path="/course" element={show(screens.course)} />
          <Route path="/lesson" element={show(screens.lesson)} />
          <Route path="/purchase" element={show(screens.purchase)} />
          <Route path="/purchase/success" element={show(screens.purchaseSuccess)} />
        </Route>
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
