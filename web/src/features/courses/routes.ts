import { sentence } from "../../../../contract/languages.ts";
import type { RouteExamples, ScreenRoute } from "../../lib/route-table.ts";
import { byCourse, libraryAnswers, byId, studioCourseQuery, studioLessonQuery } from "../../lib/first-answers.ts";
import { courseModulesQuery, courseProgressQuery } from "../../lib/catalogue-queries.ts";

// Its addresses in the route table (web/src/lib/route-table.ts says what each field does).
export const routes: readonly ScreenRoute[] = [
  {
    path: "/library",
    screen: "features/courses/library-page.tsx",
    layout: "member",
    bottomBar: { label: sentence("Library"), icon: "library", place: 2 },
    firstNeeds: { answers: [...libraryAnswers, "progressSummary"], slots: ["libraryTop"] },
  },
  {
    path: "/course",
    screen: "features/courses/course-page.tsx",
    layout: "member",
    firstNeeds: {
      answers: [byCourse("getCourseModules", courseModulesQuery), ...libraryAnswers, byCourse("courseProgress", courseProgressQuery)],
    },
  },
  {
    path: "/lesson",
    screen: "features/courses/lesson-page.tsx",
    layout: "member",
    firstNeeds: { answers: [byCourse("getCourseModules", courseModulesQuery), ...libraryAnswers] },
  },
  {
    path: "/studio/courses",
    screen: "features/courses/studio/courses-page.tsx",
    layout: "studio",
    studioSection: { label: sentence("Courses"), place: 30 },
  },
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
];

/** Addresses of its routes with a parameter, for the journeys and the bench (web/src/lib/route-table.ts, RouteExamples). */
export const examples: RouteExamples = {
  "/course": "/course?course=1",
  "/lesson": "/lesson?course=1",
  "/studio/courses/:id": "/studio/courses/1",
  "/studio/lessons/:id": "/studio/lessons/1",
};
