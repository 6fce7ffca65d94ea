import type { FastifyInstance } from "fastify";
import { CourseIdParams, LessonIdParams } from "../../../contract/progress.ts";
import {
  CourseCreate,
  CourseDelete,
  CourseMove,
  type CourseSaved,
  CourseUpdate,
  type Created,
  LessonCreate,
  type LessonSaved,
  LessonUpdate,
  ModuleCreate,
  ModuleIdParams,
  ModuleMove,
  ModulePlace,
  ModuleUpdate,
  RevisionRequest,
  type StudioCourse,
  type StudioCourses,
  type StudioLessonPage,
  type StudioOutcome,
  TrashIdParams,
  type TrashList,
} from "../../../contract/studio.ts";
import type { Database } from "../db/client.ts";
import { parseInput } from "../http/errors.ts";
import {
  createCourse,
  createLesson,
  createModule,
  listStudioCourses,
  moveCourse,
  moveModule,
  placeModule,
  readStudioCourse,
  readStudioLesson,
  updateCourse,
  updateLesson,
  updateModule,
} from "./course-operations.ts";
import { deleteCourse, deleteLesson, deleteModule, listTrash, restoreFromTrash } from "./trash-operations.ts";
import { actorOf } from "./studio-routes.ts";

/** The studio's courses, their trees and their lessons; behind installStudioGuard like every studio route. */
export async function courseStudioRoutes(app: FastifyInstance, { db, uploadMaxBytes }: { db: Database; uploadMaxBytes: number }) {
  app.get("/reactapi/studio/courses", async (): Promise<StudioCourses> => ({ courses: await listStudioCourses(db) }));

  app.get("/reactapi/studio/courses/:courseId", async (request): Promise<StudioCourse> => {
    const { courseId } = parseInput(CourseIdParams, request.params);
    return readStudioCourse(db, courseId);
  });

  app.get("/reactapi/studio/lessons/:lessonId", async (request): Promise<StudioLessonPage> => {
    const { lessonId } = parseInput(LessonIdParams, request.params);
    return { ...(await readStudioLesson(db, lessonId)), upload_max_bytes: uploadMaxBytes };
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

  app.post("/reactapi/studio/courses", async (request, reply) => {
    const { title } = parseInput(CourseCreate, request.body);
    return reply.code(201).send((await createCourse(db, actorOf(request), title)) satisfies Created);
  });

  app.post("/reactapi/studio/courses/:courseId/delete", async (request): Promise<StudioOutcome> => {
    const { courseId } = parseInput(CourseIdParams, request.params);
    const { revision, confirm_title } = parseInput(CourseDelete, request.body);
    return deleteCourse(db, actorOf(request), courseId, revision, confirm_title);
  });

  app.post("/reactapi/studio/modules", async (request, reply) => {
    const input = parseInput(ModuleCreate, request.body);
    return reply
      .code(201)
      .send(
        (await createModule(db, actorOf(request), {
          courseId: input.course_id,
          parentModuleId: input.parent_module_id,
          title: input.title,
        })) satisfies Created,
      );
  });

  app.post("/reactapi/studio/modules/:moduleId/delete", async (request): Promise<StudioOutcome> => {
    const { moduleId } = parseInput(ModuleIdParams, request.params);
    const { revision } = parseInput(RevisionRequest, request.body);
    return deleteModule(db, actorOf(request), moduleId, revision);
  });

  app.post("/reactapi/studio/lessons", async (request, reply) => {
    const input = parseInput(LessonCreate, request.body);
    return reply
      .code(201)
      .send((await createLesson(db, actorOf(request), { moduleId: input.module_id, title: input.title })) satisfies Created);
  });

  app.post("/reactapi/studio/lessons/:lessonId/delete", async (request): Promise<StudioOutcome> => {
    const { lessonId } = parseInput(LessonIdParams, request.params);
    const { revision } = parseInput(RevisionRequest, request.body);
    return deleteLesson(db, actorOf(request), lessonId, revision);
  });

  app.get("/reactapi/studio/trash", async (): Promise<TrashList> => ({ items: await listTrash(db) }));

  app.post("/reactapi/studio/trash/:id/restore", async (request): Promise<StudioOutcome> => {
    const { id } = parseInput(TrashIdParams, request.params);
    return restoreFromTrash(db, actorOf(request), id);
  });

  app.post("/reactapi/studio/courses/:courseId", async (request): Promise<CourseSaved> => {
    const { courseId } = parseInput(CourseIdParams, request.params);
    const input = parseInput(CourseUpdate, request.body);
    return updateCourse(db, actorOf(request), courseId, input.revision, {
      title: input.title,
      descriptionHtml: input.description_html,
      logo: input.logo,
      freeForMembers: input.free_for_members,
      planIds: input.plan_ids,
    });
  });

  app.post("/reactapi/studio/courses/:courseId/move", async (request): Promise<StudioOutcome> => {
    const { courseId } = parseInput(CourseIdParams, request.params);
    const { direction, revision } = parseInput(CourseMove, request.body);
    return moveCourse(db, actorOf(request), courseId, revision, direction);
  });

  app.post("/reactapi/studio/modules/:moduleId", async (request): Promise<StudioOutcome> => {
    const { moduleId } = parseInput(ModuleIdParams, request.params);
    const input = parseInput(ModuleUpdate, request.body);
    return updateModule(db, actorOf(request), moduleId, input.revision, {
      title: input.title,
      visibleInPreview: input.visible_in_preview,
      recommendedWeek: input.recommended_week,
    });
  });

  app.post("/reactapi/studio/modules/:moduleId/place", async (request): Promise<StudioOutcome> => {
    const { moduleId } = parseInput(ModuleIdParams, request.params);
    const { parent_module_id, revision } = parseInput(ModulePlace, request.body);
    return placeModule(db, actorOf(request), moduleId, revision, parent_module_id);
  });
}
