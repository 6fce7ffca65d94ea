import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  { path: "/care", screen: "features/care/care-page.tsx", layout: "member", firstNeeds: { answers: ["myCare"] } },
  {
    path: "/care/:id/questionnaires/:questionnaireId",
    screen: "features/care/questionnaire-page.tsx",
    layout: "member",
  },
  {
    path: "/studio/clients",
    screen: "features/care/studio/clients-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Clients"), place: 70 },
    linkedFrom: [{ place: "person", label: sentence("Take her on as a birth client"), anchor: "add-client-heading" }],
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
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/care/:id/questionnaires/:questionnaireId": "/care/1/questionnaires/1",
  "/studio/clients/:id": "/studio/clients/1",
};
