import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/journey", screen: "features/journeys/journey-page.tsx", layout: "member", firstNeeds: { answers: ["myJourney"] } },
  { path: "/journey/steps/:id", screen: "features/journeys/step-page.tsx", layout: "member" },
  {
    path: "/studio/journeys",
    screen: "features/journeys/studio/journeys-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Journeys"), place: 75 },
  },
  {
    path: "/studio/journeys/:id",
    screen: "features/journeys/studio/journey-editor-page.tsx",
    layout: "studio",
    withinSection: "/studio/journeys",
  },
  {
    path: "/studio/journeys/members/:id",
    screen: "features/journeys/studio/member-journey-page.tsx",
    layout: "studio",
    withinSection: "/studio/journeys",
    linkedFrom: [{ place: "person", label: sentence("Her journey"), ofMember: true }],
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/journey/steps/:id": "/journey/steps/1",
  "/studio/journeys/:id": "/studio/journeys/new",
  "/studio/journeys/members/:id": "/studio/journeys/members/1",
};
