import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from "react";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";
import { AnnouncePage } from "../components/announce-page.tsx";
import PublicLayout from "../components/public-layout.tsx";
import { ScrollToTop } from "../components/scroll-to-top.tsx";
import { Spinner } from "../components/spinner.tsx";

// Every screen is its own chunk: a visitor on /, /login or /register downloads no member-area code.
const screens = {
  landing: lazy(() => import("../features/marketing/landing-page.tsx")),
  login: lazy(() => import("../features/auth/login-page.tsx")),
  register: lazy(() => import("../features/auth/register-page.tsx")),
  join: lazy(() => import("../features/marketing/join-page.tsx")),
  template: lazy(() => import("../features/marketing/template-page.tsx")),
  memberLayout: lazy(() => import("../components/member-layout.tsx")),
  home: lazy(() => import("../features/marketing/home-page.tsx")),
  podcast: lazy(() => import("../features/marketing/podcast-page.tsx")),
  gallery: lazy(() => import("../features/marketing/gallery-page.tsx")),
  feedback: lazy(() => import("../features/forms/feedback-page.tsx")),
  support: lazy(() => import("../features/forms/support-page.tsx")),
  library: lazy(() => import("../features/library/library-page.tsx")),
  course: lazy(() => import("../features/course/course-page.tsx")),
  lesson: lazy(() => import("../features/lesson/lesson-page.tsx")),
  purchase: lazy(() => import("../features/payments/purchase-page.tsx")),
  purchaseSuccess: lazy(() => import("../features/payments/purchase-success-page.tsx")),
  notFound: lazy(() => import("../features/marketing/not-found-page.tsx")),
};

function show(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
}

function Root() {
  return (
    <>
      <ScrollToTop />
      <AnnouncePage />
      <Outlet />
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
