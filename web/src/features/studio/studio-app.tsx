import { type ComponentType, lazy, Suspense } from "react";
import { Link, Route, Routes } from "react-router";
import { Spinner } from "../../components/spinner.tsx";
import StudioLayout from "./studio-layout.tsx";
import { StudioPage } from "./studio-parts.tsx";

// Each page its own chunk, loaded when she opens it; the paths are those of contract/constants.ts
// appRoutes under /studio (the setup page, which needs no session, is routed with the public pages).
const pages: Record<string, ComponentType> = {
  "": lazy(() => import("./dashboard-page.tsx")),
  courses: lazy(() => import("./courses-page.tsx")),
  "courses/:id": lazy(() => import("./course-page.tsx")),
  "lessons/:id": lazy(() => import("./lesson-editor-page.tsx")),
  members: lazy(() => import("./members-page.tsx")),
  "members/:id": lazy(() => import("./member-page.tsx")),
  "access-codes": lazy(() => import("./access-codes-page.tsx")),
  plans: lazy(() => import("./plans-page.tsx")),
  inbox: lazy(() => import("./inbox-page.tsx")),
  activity: lazy(() => import("./activity-page.tsx")),
  trash: lazy(() => import("./trash-page.tsx")),
};

function NoSuchStudioPage() {
  return (
    <StudioPage title="This studio page does not exist">
      <Link to="/studio">Back to the dashboard</Link>
    </StudioPage>
  );
}

export default function StudioApp() {
  return (
    <Routes>
      <Route element={<StudioLayout />}>
        {Object.entries(pages).map(([path, Page]) => (
          <Route
            key={path}
            {...(path === "" ? { index: true } : { path })}
            element={
              <Suspense fallback={<Spinner />}>
                <Page />
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<NoSuchStudioPage />} />
      </Route>
    </Routes>
  );
}
