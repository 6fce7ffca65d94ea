// Every address of the web app, in one table: its screen, the frame around it, where menus list
// it, whether visitors get it pre-rendered, and what it asks for first. The router
// (web/src/app/router.tsx), the studio's sections (features/studio/studio-layout.tsx), the build's
// pre-rendering (prerender.tsx), its list of app routes for the server (scripts/prerender.mjs) and
// the bundle budget (bench/bundle-size.ts) are all read from here. Plain data, so Node reads it
// too: no React, no imports of screens.
//
// How a screen is styled follows from where it lives: a screen under features/studio/, or under a
// capability's own studio folder (features/<capability>/studio/), is the instructor's and is built
// with MUI (its frame provides the theme); every other screen is plain markup styled by
// web/index.html, and its first visit downloads no MUI or Emotion.

import { accessQuery, courseModulesQuery, courseProgressQuery } from "./catalogue-queries.ts";
import { sentence } from "../../../contract/languages.ts";
import {
  byCourse,
  byId,
  type FirstAnswer,
  firstPageParams,
  numericIdParams,
  studioCourseQuery,
  studioLessonQuery,
  studioMemberQuery,
  tokenParams,
  withArgs,
} from "./first-answers.ts";
import type { Slots } from "./slots.tsx";

export type Layout = "public" | "member" | "studio";

/** A module of the studio (web/src/...): the studio's own folder, or a capability's studio folder. */
export const isStudioModule = (file: string): boolean => /^(src\/)?features\/(studio|[^/]+\/studio)\//.test(file);

/** The icons of the member bottom bar, drawn by web/src/components/icons.tsx. */
export type BottomBarIcon = "feedback" | "library" | "home" | "podcast" | "support" | "conversation";

export type StudioLink = { place: "person" | "calendar" | "plans"; label: string; anchor?: string };

export type ScreenRoute = {
  /** The address; a segment written ":name" stands for any one segment. */
  path: string;
  /** The module under web/src whose default export is the screen. */
  screen: string;
  layout: Layout;
  /** Rendered to HTML at build time, for visitors (they read it before the scripts run). */
  prerender?: true;
  /** Its place in the member bottom bar: the label, the icon, and where it stands (1 first). */
  bottomBar?: { label: string; icon: BottomBarIcon; place: number };
  /** Its place in the studio's sections. */
  studioSection?: string;
  /** For a studio screen that is no section of its own (a lesson's editor), the section it belongs to. */
  withinSection?: string;
  /** A studio screen a team doula (a backup the instructor invited) opens too: the labour alerts that come to her. */
  forTeam?: true;
  /**
   * Links to this studio screen from studio screens that do not own it (app/studio-slots.ts lays
   * them out): beside a person the studio shows (`person`: the link carries her address, name and
   * due date in the query, for a form here to start from), among Studio → Calendar's sections
   * (`calendar`), or on Studio → Plans (`plans`). `anchor` is the part of the page it opens at.
   */
  linkedFrom?: readonly StudioLink[];
  /**
   * What it asks for first: its answers, sent beside the session check on a first visit when she
   * may be signed in, and the pictures it shows first, which its built page (scripts/prerender.mjs)
   * asks for beside the scripts. On a phone, every request that waits for the one before costs a
   * round trip.
   */
  firstNeeds?: {
    answers?: readonly FirstAnswer[];
    images?: readonly string[];
    /** The slots (web/src/lib/slots.tsx) it shows as it opens, whose parts' chunks its page names too. */
    slots?: readonly (keyof Slots)[];
  };
};

const library = ["getCourses", withArgs("getUserAccess", accessQuery)] as const;

/** The module of each frame; each is a chunk of its own, named by the pages drawn in it (scripts/prerender.mjs). */
export const layoutScreens = {
  public: "app/public-layout.tsx",
  member: "app/member-layout.tsx",
  studio: "features/studio/studio-layout.tsx",
} as const satisfies Record<Layout, string>;

export const routes: readonly ScreenRoute[] = [
  { path: "/", screen: "features/marketing/landing-page.tsx", layout: "public", prerender: true },
  { path: "/login", screen: "features/auth/login-page.tsx", layout: "public", prerender: true },
  { path: "/register", screen: "features/auth/register-page.tsx", layout: "public", prerender: true },
  { path: "/join", screen: "features/marketing/join-page.tsx", layout: "public", prerender: true },
  { path: "/template", screen: "features/marketing/template-page.tsx", layout: "public" },
  { path: "/app", screen: "features/install-app/install-page.tsx", layout: "public", prerender: true },
  { path: "/forgot-password", screen: "features/account/forgot-password-page.tsx", layout: "public" },
  { path: "/reset-password", screen: "features/account/reset-password-page.tsx", layout: "public" },
  { path: "/confirm-email", screen: "features/account/confirm-email-page.tsx", layout: "public" },
  { path: "/verify/:code", screen: "features/account/verify-certificate-page.tsx", layout: "public" },
  { path: "/studio/setup", screen: "features/studio/setup/setup-page.tsx", layout: "public" },
  {
    path: "/book",
    screen: "features/bookings/book-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["bookingServices"] },
  },
  {
    path: "/about",
    screen: "features/site-pages/about-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["aboutPage"] },
  },
  { path: "/contact", screen: "features/site-pages/contact-page.tsx", layout: "public", prerender: true },
  {
    path: "/links",
    screen: "features/site-pages/links-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["linksPage"] },
  },
  {
    path: "/classes",
    screen: "features/classes/classes-page.tsx",
    layout: "public",
    prerender: true,
    firstNeeds: { answers: ["listClasses"] },
  },
  { path: "/gift", screen: "features/gifts/gift-page.tsx", layout: "public", prerender: true, firstNeeds: { answers: ["getCourses"] } },
  { path: "/gift/redeem", screen: "features/gifts/gift-redeem-page.tsx", layout: "public" },
  { path: "/gift/change", screen: "features/gifts/gift-change-page.tsx", layout: "public" },
  { path: "/registry/:name", screen: "features/gifts/registry-page.tsx", layout: "public" },
  { path: "/unsubscribe", screen: "features/home/unsubscribe-page.tsx", layout: "public", firstNeeds: { slots: ["unsubscribeLists"] } },
  { path: "/book/confirm", screen: "features/bookings/confirm-page.tsx", layout: "public" },
  {
    path: "/booking/:id",
    screen: "features/bookings/manage-page.tsx",
    layout: "public",
    firstNeeds: { answers: [byId("manageBooking", tokenParams)] },
  },

  {
    path: "/home",
    screen: "features/home/home-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Home"), icon: "home", place: 3 },
    // Its cards' answers are asked with their chunks (web/src/app/slots.ts).
    firstNeeds: { slots: ["homeCards"], images: ["/art/gallery-1.svg"] },
  },
  {
    path: "/community",
    screen: "features/community/community-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Community"), icon: "conversation", place: 6 },
    firstNeeds: { answers: ["communityTopics", "communityProfile"] },
  },
  {
    path: "/community/topic/:id",
    screen: "features/community/topic-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byId("topicThreads", (id) => firstPageParams(id))] },
  },
  {
    path: "/community/thread/:id",
    screen: "features/community/thread-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byId("communityThread", numericIdParams)] },
  },
  { path: "/birth-plan", screen: "features/birth-plan/birth-plan-page.tsx", layout: "member" },
  { path: "/timer", screen: "features/timer/timer-page.tsx", layout: "member" },
  { path: "/search", screen: "features/search/search-page.tsx", layout: "member" },
  { path: "/care", screen: "features/care/care-page.tsx", layout: "member", firstNeeds: { answers: ["myCare"] } },
  { path: "/care/:id/questionnaires/:questionnaireId", screen: "features/care/questionnaire-page.tsx", layout: "member" },
  {
    path: "/account",
    screen: "features/account/account-page.tsx",
    layout: "member",
    firstNeeds: { answers: ["myAccount"], slots: ["accountSections"] },
  },
  {
    path: "/podcast",
    screen: "features/marketing/podcast-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Podcast"), icon: "podcast", place: 4 },
    firstNeeds: { answers: ["siteDetails"] },
  },
  {
    path: "/gallery",
    screen: "features/marketing/gallery-page.tsx",
    layout: "member",
    firstNeeds: { images: ["/art/gallery-1.svg", "/art/gallery-2.svg"] },
  },
  {
    path: "/feedback",
    screen: "features/forms/feedback-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Help Us Improve"), icon: "feedback", place: 1 },
  },
  {
    path: "/support",
    screen: "features/forms/support-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Support"), icon: "support", place: 5 },
    firstNeeds: { answers: ["siteDetails"] },
  },
  {
    path: "/library",
    screen: "features/courses/library-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Library"), icon: "library", place: 2 },
    firstNeeds: { answers: [...library, "progressSummary"], slots: ["libraryTop"] },
  },
  {
    path: "/course",
    screen: "features/courses/course-page.tsx",
    layout: "member",
    firstNeeds: {
      answers: [byCourse("getCourseModules", courseModulesQuery), ...library, byCourse("courseProgress", courseProgressQuery)],
    },
  },
  {
    path: "/lesson",
    screen: "features/courses/lesson-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byCourse("getCourseModules", courseModulesQuery), ...library] },
  },
  {
    path: "/purchase",
    screen: "features/payments/purchase-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byCourse("getCourseModules", courseModulesQuery), ...library, "siteDetails", "myPurchases"] },
  },
  { path: "/purchase/success", screen: "features/payments/purchase-success-page.tsx", layout: "member" },

  { path: "/studio", screen: "features/studio/dashboard/dashboard-page.tsx", layout: "studio", studioSection: sentence("Dashboard") },
  {
    path: "/studio/notifications",
    screen: "features/notifications/studio/notifications-page.tsx",
    layout: "studio",
    studioSection: sentence("Notifications"),
  },
  { path: "/studio/courses", screen: "features/courses/studio/courses-page.tsx", layout: "studio", studioSection: sentence("Courses") },
  {
    path: "/studio/courses/:id",
    screen: "features/courses/studio/course-page.tsx",
    layout: "studio",
    firstNeeds: { answers: [byId("studioCourse", studioCourseQuery)] },
  },
  {
    path: "/studio/lessons/:id",
    screen: "features/courses/studio/lesson-editor-page.tsx",
    layout: "studio",
    withinSection: "/studio/courses",
    firstNeeds: { answers: [byId("studioLesson", studioLessonQuery)] },
  },
  { path: "/studio/members", screen: "features/studio/members/members-page.tsx", layout: "studio", studioSection: sentence("Members") },
  {
    path: "/studio/members/:id",
    screen: "features/studio/members/member-page.tsx",
    layout: "studio",
    firstNeeds: { answers: [byId("studioMember", studioMemberQuery)] },
  },
  {
    path: "/studio/access-codes",
    screen: "features/studio/access-codes/access-codes-page.tsx",
    layout: "studio",
    studioSection: sentence("Access codes"),
  },
  { path: "/studio/calendar", screen: "features/studio/calendar/calendar-page.tsx", layout: "studio", studioSection: sentence("Calendar") },
  {
    path: "/studio/clients",
    screen: "features/care/studio/clients-page.tsx",
    layout: "studio",
    studioSection: sentence("Clients"),
    linkedFrom: [{ place: "person", label: sentence("Take her on as a birth client"), anchor: "add-client-heading" }],
  },
  {
    path: "/studio/labour",
    screen: "features/labour/studio/alerts-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
    forTeam: true,
    linkedFrom: [{ place: "calendar", label: sentence("Off call"), anchor: "off-call-heading" }],
  },
  {
    path: "/studio/on-call",
    screen: "features/labour/studio/on-call-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
    forTeam: true,
  },
  { path: "/studio/team", screen: "features/team/studio/team-page.tsx", layout: "studio", withinSection: "/studio/clients" },
  {
    path: "/studio/codes",
    screen: "features/gifts/studio/codes-page.tsx",
    layout: "studio",
    withinSection: "/studio/plans",
    linkedFrom: [{ place: "plans", label: sentence("Discount codes") }],
  },
  {
    path: "/studio/gifts",
    screen: "features/gifts/studio/gifts-page.tsx",
    layout: "studio",
    withinSection: "/studio/plans",
    linkedFrom: [{ place: "plans", label: sentence("Gifts") }],
  },
  {
    path: "/studio/labour/:id",
    screen: "features/labour/studio/alert-page.tsx",
    layout: "studio",
    withinSection: "/studio/labour",
    forTeam: true,
  },
  {
    path: "/studio/clients/:id",
    screen: "features/care/studio/client-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
  },
  {
    path: "/studio/care-packages",
    screen: "features/care/studio/packages-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
  },
  {
    path: "/studio/questionnaires",
    screen: "features/care/studio/questionnaires-page.tsx",
    layout: "studio",
    withinSection: "/studio/clients",
  },
  { path: "/studio/site", screen: "features/studio/site/site-page.tsx", layout: "studio", studioSection: sentence("Site") },
  { path: "/studio/plans", screen: "features/studio/plans/plans-page.tsx", layout: "studio", studioSection: sentence("Plans") },
  { path: "/studio/inbox", screen: "features/studio/inbox/inbox-page.tsx", layout: "studio", studioSection: sentence("Inbox") },
  {
    path: "/studio/announcements",
    screen: "features/studio/announcements/announcements-page.tsx",
    layout: "studio",
    studioSection: sentence("Announcements"),
  },
  {
    path: "/studio/community",
    screen: "features/community/studio/community-page.tsx",
    layout: "studio",
    studioSection: sentence("Community"),
  },
  {
    path: "/studio/activity",
    screen: "features/studio/activity/activity-page.tsx",
    layout: "studio",
    studioSection: sentence("Activity"),
  },
  {
    path: "/studio/birth-plan",
    screen: "features/birth-plan/studio/birth-plan-template-page.tsx",
    layout: "studio",
    studioSection: sentence("Birth preferences"),
  },
  { path: "/studio/trash", screen: "features/studio/trash/trash-page.tsx", layout: "studio", studioSection: sentence("Trash") },
];

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
