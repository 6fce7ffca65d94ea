// Every address of the web app, in one table: its screen, the frame around it, whether it wears
// MUI's theme, where menus list it, whether visitors get it pre-rendered, and what it asks for
// first. The router (web/src/app/router.tsx), the studio's sections (features/studio/studio-layout.tsx), the
// build's pre-rendering (prerender.tsx), its list of app routes for the server (scripts/prerender.mjs)
// and the bundle budget (bench/bundle-size.ts) are all read from here. Plain data, so Node reads
// it too: no React, no imports of screens.

export type Layout = "public" | "member" | "studio";

/** The icons of the member bottom bar, drawn by web/src/components/icons.tsx. */
export type BottomBarIcon = "feedback" | "library" | "home" | "podcast" | "support";

export type ScreenRoute = {
  /** The address; a segment written ":name" stands for any one segment. */
  path: string;
  /** The module under web/src whose default export is the screen. */
  screen: string;
  layout: Layout;
  /** Built with MUI: loaded with MUI's theme (web/src/lib/themed.tsx). Without it a screen is plain markup styled by web/index.html. */
  themed?: true;
  /** Rendered to HTML at build time, for visitors (they read it before the scripts run). */
  prerender?: true;
  /** Its place in the member bottom bar: the label, the icon, and where it stands (1 first). */
  bottomBar?: { label: string; icon: BottomBarIcon; place: number };
  /** Its place in the studio's sections. */
  studioSection?: string;
  /** What it asks for first, sent beside the session check on a first visit when she may be signed in. */
  firstNeeds?: { answers?: readonly "progressSummary"[]; images?: readonly string[] };
};

/** The modules of the frames a screen sits in; the public frame is part of the entry. */
export const layoutScreens: Record<Exclude<Layout, "public">, string> = {
  member: "app/member-layout.tsx",
  studio: "features/studio/studio-layout.tsx",
};

export const routes: readonly ScreenRoute[] = [
  { path: "/", screen: "features/marketing/landing-page.tsx", layout: "public", themed: true, prerender: true },
  { path: "/login", screen: "features/auth/login-page.tsx", layout: "public", themed: true, prerender: true },
  { path: "/register", screen: "features/auth/register-page.tsx", layout: "public", themed: true, prerender: true },
  { path: "/join", screen: "features/marketing/join-page.tsx", layout: "public", themed: true, prerender: true },
  { path: "/template", screen: "features/marketing/template-page.tsx", layout: "public", themed: true },
  { path: "/app", screen: "features/install-app/install-page.tsx", layout: "public", themed: true, prerender: true },
  { path: "/forgot-password", screen: "features/account/forgot-password-page.tsx", layout: "public", themed: true },
  { path: "/reset-password", screen: "features/account/reset-password-page.tsx", layout: "public", themed: true },
  { path: "/confirm-email", screen: "features/account/confirm-email-page.tsx", layout: "public", themed: true },
  { path: "/verify/:code", screen: "features/account/verify-certificate-page.tsx", layout: "public", themed: true },
  { path: "/studio/setup", screen: "features/studio/setup/setup-page.tsx", layout: "public", themed: true },

  {
    path: "/home",
    screen: "features/home/home-page.tsx",
    layout: "member",
    bottomBar: { label: "Home", icon: "home", place: 3 },
    firstNeeds: { answers: ["progressSummary"], images: ["/art/gallery-1.svg"] },
  },
  { path: "/account", screen: "features/account/account-page.tsx", layout: "member", themed: true },
  {
    path: "/podcast",
    screen: "features/marketing/podcast-page.tsx",
    layout: "member",
    themed: true,
    bottomBar: { label: "Podcast", icon: "podcast", place: 4 },
  },
  { path: "/gallery", screen: "features/marketing/gallery-page.tsx", layout: "member", themed: true },
  {
    path: "/feedback",
    screen: "features/forms/feedback-page.tsx",
    layout: "member",
    themed: true,
    bottomBar: { label: "Help Us Improve", icon: "feedback", place: 1 },
  },
  {
    path: "/support",
    screen: "features/forms/support-page.tsx",
    layout: "member",
    themed: true,
    bottomBar: { label: "Support", icon: "support", place: 5 },
  },
  {
    path: "/library",
    screen: "features/courses/library-page.tsx",
    layout: "member",
    themed: true,
    bottomBar: { label: "Library", icon: "library", place: 2 },
  },
  { path: "/course", screen: "features/courses/course-page.tsx", layout: "member", themed: true },
  { path: "/lesson", screen: "features/courses/lesson-page.tsx", layout: "member" },
  { path: "/purchase", screen: "features/payments/purchase-page.tsx", layout: "member", themed: true },
  { path: "/purchase/success", screen: "features/payments/purchase-success-page.tsx", layout: "member", themed: true },

  { path: "/studio", screen: "features/studio/dashboard/dashboard-page.tsx", layout: "studio", themed: true, studioSection: "Dashboard" },
  { path: "/studio/courses", screen: "features/studio/courses/courses-page.tsx", layout: "studio", themed: true, studioSection: "Courses" },
  { path: "/studio/courses/:id", screen: "features/studio/courses/course-page.tsx", layout: "studio", themed: true },
  { path: "/studio/lessons/:id", screen: "features/studio/courses/lesson-editor-page.tsx", layout: "studio", themed: true },
  { path: "/studio/members", screen: "features/studio/members/members-page.tsx", layout: "studio", themed: true, studioSection: "Members" },
  { path: "/studio/members/:id", screen: "features/studio/members/member-page.tsx", layout: "studio", themed: true },
  {
    path: "/studio/access-codes",
    screen: "features/studio/access-codes/access-codes-page.tsx",
    layout: "studio",
    themed: true,
    studioSection: "Access codes",
  },
  { path: "/studio/plans", screen: "features/studio/plans/plans-page.tsx", layout: "studio", themed: true, studioSection: "Plans" },
  { path: "/studio/inbox", screen: "features/studio/inbox/inbox-page.tsx", layout: "studio", themed: true, studioSection: "Inbox" },
  {
    path: "/studio/activity",
    screen: "features/studio/activity/activity-page.tsx",
    layout: "studio",
    themed: true,
    studioSection: "Activity",
  },
  { path: "/studio/trash", screen: "features/studio/trash/trash-page.tsx", layout: "studio", themed: true, studioSection: "Trash" },
];

/** The screen shown for any address not in the table (HTTP 404 from the server). */
export const notFoundScreen = "features/marketing/not-found-page.tsx";

/** The course a member page's address names (/course, /lesson and /purchase take ?course=N), if any. */
export function courseOfAddress(pathname: string, search: string): number | null {
  if (!["/course", "/lesson", "/purchase"].includes(pathname)) return null;
  const courseId = Number(new URLSearchParams(search).get("course"));
  return Number.isInteger(courseId) && courseId > 0 ? courseId : null;
}
