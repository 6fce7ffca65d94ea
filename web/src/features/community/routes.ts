import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";
import { byId, firstPageParams, numericIdParams } from "../../lib/first-answers.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
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
  {
    path: "/studio/community",
    screen: "features/community/studio/community-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Community"), place: 120 },
  },
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/community/topic/:id": "/community/topic/1",
  "/community/thread/:id": "/community/thread/1",
};
