import type { FastifyInstance } from "fastify";
import { CourseIdParams, LessonIdParams } from "../../../contract/progress.ts";
import { type LessonSaved, LessonUpdate, ModuleIdParams, ModuleMove, type StudioOutcome, type StudioCourse, type StudioCourses, type StudioLesson } from "../../../contract/studio.ts";
import type { Database } from "../db/client.ts";
import { parseInput } from "../http/errors.ts";
import { listStudioCourses, moveModule, readStudioCourse, readStudioLesson, updateLesson } from "./course-operations.ts";
import { actorOf } from "./studio-routes.ts";

/** The studio's courses, their trees and their lessons; behind installStudioGuard like every studio route. */
export async function courseStudioRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get("/reactapi/studio/courses", async (): Promise<StudioCourses> => ({ courses: await listStudioCourses(db) }));

  app.get("/reactapi/studio/courses/:courseId", async (request): Promise<StudioCourse> => {
    const { courseId } = parseInput(CourseIdParams, request.params);
    return readStudioCourse(db, courseId);
  });

  app.get("/reactapi/studio/lessons/:lessonId", async (request): Promise<StudioLesson> => {
    const { lessonId } = parseInput(LessonIdParams, request.params);
    return readStudioLesson(db, lessonId);
  });

  app.post("/reactapi/studio/lessons/:lessonId", async (request): Promise<LessonSaved> => {
    const { lessonId } = parseInput(LessonIdParams, request.params);
    const input = parseInput(LessonUpdate, request.body);
    return updateLesson(db, actorOf(request), lessonId, input.revision, {
      title: input.title,
      contentSummaryHtml: input.content_summary_html,
      noteHtml: input.note_html,
      videoLink: input.video_link,
    });
  });

  app.post("/reactapi/studio/modules/:moduleId/move", async (request): Promise<StudioOutcome> => {
    const { moduleId } = parseInput(ModuleIdParams, request.params);
    const { direction, revision } = parseInput(ModuleMove, request.body);
    return moveModule(db, actorOf(request), moduleId, revision, direction);
  });
}
