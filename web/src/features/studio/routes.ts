import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";
import { byId, studioMemberQuery } from "../../lib/first-answers.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/studio/setup", screen: "features/studio/setup/setup-page.tsx", layout: "public" },
  {
    path: "/studio",
    screen: "features/studio/dashboard/dashboard-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Dashboard"), place: 10 },
  },
  {
    path: "/studio/members",
    screen: "features/studio/members/members-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Members"), place: 40 },
  },
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
    studioSection: { label: sentence("Access codes"), place: 50 },
  },
  {
    path: "/studio/calendar",
    screen: "features/studio/calendar/calendar-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Calendar"), place: 60 },
  },
  {
    path: "/studio/site",
    screen: "features/studio/site/site-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Site"), place: 80 },
  },
  {
    path: "/studio/plans",
    screen: "features/studio/plans/plans-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Plans"), place: 90 },
  },
  {
    path: "/studio/inbox",
    screen: "features/studio/inbox/inbox-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Inbox"), place: 100 },
  },
  {
    path: "/studio/announcements",
    screen: "features/studio/announcements/announcements-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Announcements"), place: 110 },
  },
  {
    path: "/studio/activity",
    screen: "features/studio/activity/activity-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Activity"), place: 130 },
  },
  {
    path: "/studio/trash",
    screen: "features/studio/trash/trash-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Trash"), place: 150 },
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/studio/members/:id": "/studio/members/1",
};
