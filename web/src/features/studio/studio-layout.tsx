import "../../studio-kit/studio-parts.tsx";
import Box from "@mui/material/Box";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from "react";
import { Link, matchPath, Navigate, Route, Routes, useLocation } from "react-router";
import { BrandBar, SkipLink } from "../../components/brand-bar.tsx";
import { HeaderMenu } from "../../components/header-menu.tsx";
import { Notice } from "../../components/notice.tsx";
import { Spinner } from "../../components/spinner.tsx";
import { Footer } from "../../components/page-column.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { routes } from "../../lib/routes.ts";
import { isOffModule, useCapabilitiesOff } from "../../lib/capabilities-off.ts";
import { useSession } from "../../lib/session.ts";
import { RequireMember } from "../../components/require-member.tsx";
import { useLogout } from "../../lib/use-logout.ts";
import { Themed } from "./themed.tsx";
import { t, tWith } from "./messages.ts";

/** The studio's sections, in the places their routes declare (web/src/lib/route-table.ts). */
const sectionRoutes = routes.filter((route) => route.studioSection).sort((a, b) => a.studioSection!.place - b.studioSection!.place);
const studioSections = (off: ReadonlySet<string>) =>
  sectionRoutes.flatMap((route) =>
    // Each route names its section with sentence(): the build writes it in the page's language.
    !isOffModule(off, route.screen) ? [{ label: t(route.studioSection!.label), to: route.path }] : [],
  );

function StudioMenu() {
  const logout = useLogout();
  return (
    <HeaderMenu
      id="studio-menu"
      name={t("Studio menu")}
      entries={[
        { label: t("Member area"), to: "/home" },
        { label: t("My account"), to: "/account" },
        { label: t("Logout"), onSelect: () => void logout() },
      ]}
    />
  );
}

function StudioNavigation() {
  const off = useCapabilitiesOff();
  const { pathname } = useLocation();
  // Kept between pages; marking a message read asks it again (contract/api.ts, markMessageRead).
  const unread = useAnswer("studioUnread").answer?.unread ?? 0;
  const unseen = useAnswer("studioNoticesUnread").answer?.unread ?? 0;
  // The section whose address this page is, or is under; a lesson's editor names its own (Courses).
  const within = routes.find((route) => matchPath(route.path, pathname))?.withinSection;
  const current =
    within ?? [...studioSections(off)].reverse().find((section) => pathname === section.to || pathname.startsWith(`${section.to}/`))?.to;
  const sectionsRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = sectionsRef.current;
    const here = list?.querySelector<HTMLElement>("[aria-current=page]");
    // Only the row moves: the page itself keeps its place.
    if (list && here && list.scrollWidth > list.clientWidth) list.scrollLeft = here.offsetLeft - (list.clientWidth - here.offsetWidth) / 2;
  }, [current]);
  return (
    <Box component="nav" aria-label={t("Studio sections")} sx={{ bgcolor: "var(--tint)", borderBottom: "1px solid var(--border)" }}>
      {/* On a phone the sections are one row that scrolls sideways (its own scroll bar is the cue),
          not a block of links filling her screen above every page; the current one is scrolled into view. */}
      <Box
        component="ul"
        ref={sectionsRef}
        sx={{
          display: "flex",
          flexWrap: { xs: "nowrap", sm: "wrap" },
          overflowX: { xs: "auto", sm: "visible" },
          whiteSpace: { xs: "nowrap", sm: "normal" },
          gap: 0.5,
          listStyle: "none",
          m: 0,
          mx: "auto",
          px: 1,
          py: 0.5,
          maxWidth: 1100,
        }}
      >
        {studioSections(off).map((section) => (
          <li key={section.to}>
            <Box
              component={Link}
              to={section.to}
              aria-current={current === section.to ? "page" : undefined}
              sx={{
                display: "inline-block",
                px: 1.5,
                py: 1,
                borderRadius: 2,
                color: "var(--accent-ink)",
                textDecoration: "none",
                fontWeight: current === section.to ? 700 : 500,
                bgcolor: current === section.to ? "var(--surface)" : "transparent",
                "&:hover": { textDecoration: "underline" },
              }}
            >
              {section.to === "/studio/inbox" && unread > 0
                ? t("{section} ({unread} unread)", { section: section.label, unread })
                : section.to === "/studio/notifications" && unseen > 0
                  ? t("{section} ({unseen, plural, one {# new} other {# new}})", { section: section.label, unseen })
                  : section.label}
            </Box>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** Only an instructor sees the studio's pages (a team doula, those for the team); the server refuses everyone else anyway. */
function RequireInstructor({ children }: { children: ReactNode }) {
  const role = useSession().user?.role;
  if (role === "team") return <TeamRoutes />;
  if (role !== "admin") {
    return (
      <Box component="main" id="main" sx={{ maxWidth: 500, mx: "auto", p: 3 }}>
        <h1>{t("Studio")}</h1>
        <Notice tone="info" role="status">
          {tWith("The studio is for the instructor. {link}", { link: <Link to="/home">{t("Back to the member area")}</Link> })}
        </Notice>
      </Box>
    );
  }
  return <>{children}</>;
}

// The studio's pages, each its own chunk, routed here from the route table (web/src/lib/routes.ts, each feature's routes.ts):
// the app's router sends every /studio address to this frame, so no studio page costs a member's
// first visit even the few bytes of its loader.
// A capability keeps its studio pages in its own folder (features/<capability>/studio/): they are
// the studio's all the same, drawn in this frame and its theme (docs/architecture.md).
const pageModules = import.meta.glob<{ default: ComponentType }>(["./*/*-page.tsx", "!./setup/**", "../*/studio/*-page.tsx"]);
const lazyPage = (file: string) => {
  const load =
    pageModules[
      file.startsWith("features/studio/") ? `./${file.slice("features/studio/".length)}` : `../${file.slice("features/".length)}`
    ];
  if (!load) throw new Error(`routes.ts names ${file}, which is not a studio page`);
  return lazy(load);
};
const studioPages = routes
  .filter((route) => route.layout === "studio")
  .map((route) => ({
    path: route.path.slice("/studio".length).replace(/^\//, ""),
    Page: lazyPage(route.screen),
    forTeam: route.forTeam === true,
    screen: route.screen,
  }));
const NoSuchStudioPage = lazy(() => import("./no-such-studio-page.tsx"));

/** A team doula's studio: the pages for the team (the labour alerts that come to her), nothing else of the practice. */
function TeamRoutes() {
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        {studioPages
          .filter(({ forTeam }) => forTeam)
          .map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        <Route path="*" element={<Navigate to="/studio/labour" replace />} />
      </Routes>
    </Suspense>
  );
}

function StudioRoutes() {
  // A page of a capability she turned off is no page of hers (Studio → Site → Features).
  const off = useCapabilitiesOff();
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        {studioPages
          .filter(({ screen }) => !isOffModule(off, screen))
          .map(({ path, Page }) => (
            <Route key={path} {...(path === "" ? { index: true } : { path })} element={<Page />} />
          ))}
        <Route path="*" element={<NoSuchStudioPage />} />
      </Routes>
    </Suspense>
  );
}

export default function StudioLayout() {
  return (
    <Themed>
      <SkipLink />
      <BrandBar menu={<StudioMenu />} />
      <RequireMember>
        <RequireInstructor>
          <StudioNavigation />
          <Box sx={{ minHeight: "80vh" }}>
            <StudioRoutes />
          </Box>
        </RequireInstructor>
      </RequireMember>
      <Footer />
    </Themed>
  );
}
