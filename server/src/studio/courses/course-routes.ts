import type { FastifyInstance } from "fastify";
import { listContentNotes } from "../../content-notes/content-notes-repository.ts";
import { route } from "../../http/endpoint-route.ts";
import { deleteCourse, deleteLesson, deleteModule } from "../../catalogue/trash-repository.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import {
  createCourse,
  createLesson,
  createModule,
  listStudioCourses,
  moveCourse,
  moveLesson,
  moveModule,
  placeLesson,
  placeModule,
  publishCourse,
  readStudioCourse,
  readStudioLesson,
  updateCourse,
  updateLesson,
  updateModule,
} from "../../catalogue/course-editor-repository.ts";

/** Courses, their module trees and their lessons: read, create, edit, move, and delete to the Trash. */
export async function courseRoutes(app: FastifyInstance, { db, uploadMaxBytes, rowsOnCatalogue }: StudioOptions) {
  route(app, "studioCourses", async () => ({ courses: await listStudioCourses(db) }));

  route(app, "studioCourse", async ({ params: { courseId } }) => readStudioCourse(db, courseId));

  route(app, "createCourse", async ({ body: { title } }, request) => createCourse(db, actorOf(request), title));

  route(app, "saveCourse", async ({ params: { courseId }, body }, request) =>
    updateCourse(db, actorOf(request), courseId, body.revision, {
      title: body.title,
      descriptionHtml: body.description_html,
      logo: body.logo,
      freeForMembers: body.free_for_members,
      forPartners: body.for_partners,
      certificateNeedsChecks: body.certificate_needs_checks,
      planIds: body.plan_ids,
    }),
  );

  route(app, "moveCourse", async ({ params: { courseId }, body: { direction, revision } }, request) =>
    moveCourse(db, actorOf(request), courseId, revision, direction),
  );

  route(app, "publishCourse", async ({ params: { courseId }, body: { published, revision } }, request) =>
    publishCourse(db, actorOf(request), courseId, revision, published),
  );

  route(app, "moveLesson", async ({ params: { lessonId }, body: { direction, revision } }, request) =>
    moveLesson(db, actorOf(request), lessonId, revision, direction),
  );

  route(app, "placeLesson", async ({ params: { lessonId }, body }, request) =>
    placeLesson(db, actorOf(request), lessonId, body.revision, { moduleId: body.module_id, index: body.index }),
  );

  route(app, "deleteCourse", async ({ params: { courseId }, body: { revision, confirm_title } }, request) =>
    deleteCourse(db, actorOf(request), courseId, revision, confirm_title, rowsOnCatalogue),
  );

  route(app, "createModule", async ({ body }, request) =>
    createModule(db, actorOf(request), { courseId: body.course_id, parentModuleId: body.parent_module_id, title: body.title }),
  );

  route(app, "saveModule", async ({ params: { moduleId }, body }, request) =>
    updateModule(db, actorOf(request), moduleId, body.revision, {
      title: body.title,
      visibleInPreview: body.visible_in_preview,
      recommendedWeek: body.recommended_week,
    }),
  );

  route(app, "moveModule", async ({ params: { moduleId }, body: { direction, revision } }, request) =>
    moveModule(db, actorOf(request), moduleId, revision, direction),
  );

  route(app, "placeModule", async ({ params: { moduleId }, body: { parent_module_id, revision } }, request) =>
    placeModule(db, actorOf(request), moduleId, revision, parent_module_id),
  );

  route(app, "deleteModule", async ({ params: { moduleId }, body: { revision } }, request) =>
    deleteModule(db, actorOf(request), moduleId, revision, rowsOnCatalogue),
  );

  route(app, "createLesson", async ({ body }, request) =>
    createLesson(db, actorOf(request), { moduleId: body.module_id, title: body.title }),
  );

  route(app, "studioLesson", async ({ params: { lessonId } }) => ({
    ...(await readStudioLesson(db, lessonId)),
    upload_max_bytes: uploadMaxBytes,
  }));

  route(app, "saveLesson", async ({ params: { lessonId }, body }, request) =>
    updateLesson(
      db,
      actorOf(request),
      lessonId,
      body.revision,
      {
        title: body.title,
        contentSummaryHtml: body.content_summary_html,
        noteHtml: body.note_html,
        videoLink: body.video_link,
        videoLength: body.video_length,
        videoLine: body.video_line,
        contentNotes: body.content_notes,
      },
      await listContentNotes(db),
    ),
  );

  route(app, "deleteLesson", async ({ params: { lessonId }, body: { revision } }, request) =>
    deleteLesson(db, actorOf(request), lessonId, revision, rowsOnCatalogue),
  );
}
