import { and, asc, count, eq, sql } from "drizzle-orm";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import type { StudioCourse, StudioCourseSummary, StudioLesson } from "../../../contract/studio.ts";
import { parseVideoLink, videoLink } from "../../../contract/video-link.ts";
import { type Actor, recordActivity } from "../activity/activity-log.ts";
import { changeCatalogue, readCourseRows } from "../catalogue/catalogue-repository.ts";
import { lessonVideo, modulesDepthFirst } from "../catalogue/catalogue-shapes.ts";
import { sanitiseOptionalHtml } from "../catalogue/sanitise-html.ts";
import type { Database, Queryable } from "../db/client.ts";
import { courses, lessons, modules } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";

// The instructor's courses and lessons as the studio edits them. Every save names the revision she
// opened; a save over a newer one (another tab, another instructor, an import) is refused with 409
// and nothing is overwritten. Saves go through changeCatalogue, so members see them on their next
// request, on every app server. The HTML is cleaned with the import's own allow-list.

export async function listStudioCourses(db: Queryable): Promise<StudioCourseSummary[]> {
  const [courseRows, moduleCounts, lessonCounts] = await Promise.all([
    db.select().from(courses).orderBy(asc(courses.position), asc(courses.id)),
    db.select({ courseId: modules.courseId, count: count() }).from(modules).groupBy(modules.courseId),
    db.select({ courseId: modules.courseId, count: count() }).from(lessons).innerJoin(modules, eq(modules.id, lessons.moduleId)).groupBy(modules.courseId),
  ]);
  const countOf = (rows: { courseId: number; count: number }[], courseId: number) => Number(rows.find((row) => row.courseId === courseId)?.count ?? 0);
  return courseRows.map((course) => ({
    id: course.id,
    title: course.title,
    logo: course.logo,
    free_for_members: course.freeForMembers,
    modules: countOf(moduleCounts, course.id),
    lessons: countOf(lessonCounts, course.id),
  }));
}

export async function courseOrNotFound(db: Queryable, courseId: number) {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw new HttpError(404, `There is no course with the id ${courseId}. It may have been deleted meanwhile.`);
  return course;
}

const lessonNotFound = (lessonId: number) => new HttpError(404, `There is no lesson with the id ${lessonId}. It may have been deleted meanwhile.`);

/** A course with its whole tree: modules and topics depth first, each with its lessons in order. */
export async function readStudioCourse(db: Queryable, courseId: number): Promise<StudioCourse> {
  const [course, { moduleRows, lessonsByModule }] = await Promise.all([courseOrNotFound(db, courseId), readCourseRows(db, courseId)]);
  return {
    id: course.id,
    title: course.title,
    description_html: course.descriptionHtml,
    logo: course.logo,
    free_for_members: course.freeForMembers,
    revision: course.revision,
    modules: modulesDepthFirst(moduleRows, courseId).map(({ module, depth }) => ({
      id: module.id,
      title: module.title,
      depth,
      visible_in_preview: module.visibleInPreview,
      recommended_week: module.recommendedWeek,
      revision: module.revision,
      lessons: (lessonsByModule.get(module.id) ?? []).map((lesson) => ({ id: lesson.id, title: lesson.title, has_video: lesson.videoId !== null })),
    })),
  };
}

export async function readStudioLesson(db: Queryable, lessonId: number): Promise<StudioLesson> {
  const [row] = await db
    .select({ lesson: lessons, moduleTitle: modules.title, courseId: courses.id, courseTitle: courses.title })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .innerJoin(courses, eq(courses.id, modules.courseId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw lessonNotFound(lessonId);
  const video = lessonVideo(row.lesson);
  return {
    id: row.lesson.id,
    course_id: row.courseId,
    course_title: row.courseTitle,
    module_title: row.moduleTitle,
    title: row.lesson.title,
    content_summary_html: row.lesson.contentSummaryHtml ?? "",
    note_html: row.lesson.noteHtml ?? "",
    video_link: video ? videoLink(video) : "",
    revision: row.lesson.revision,
  };
}

export type LessonFields = { title: string; contentSummaryHtml: string; noteHtml: string; videoLink: string };

export async function updateLesson(db: Database, actor: Actor, lessonId: number, revision: number, fields: LessonFields): Promise<{ lesson: StudioLesson; message: string }> {
  // The contract refused any other link already; this is the same function, asked again ("" is none).
  const video = parseVideoLink(fields.videoLink);
  return changeCatalogue(db, async (tx) => {
    const [updated] = await tx
      .update(lessons)
      .set({
        title: fields.title,
        contentSummaryHtml: sanitiseOptionalHtml(fields.contentSummaryHtml || null),
        noteHtml: sanitiseOptionalHtml(fields.noteHtml || null),
        videoProvider: video?.provider ?? null,
        videoId: video?.id ?? null,
        videoHash: video?.hash ?? null,
        revision: sql`${lessons.revision} + 1`,
      })
      .where(and(eq(lessons.id, lessonId), eq(lessons.revision, revision)))
      .returning({ id: lessons.id });
    if (!updated) {
      const [exists] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
      throw exists ? new HttpError(409, staleRevisionMessage) : lessonNotFound(lessonId);
    }
    const lesson = await readStudioLesson(tx, lessonId);
    await recordActivity(tx, actor, "catalogue", `Changed the lesson "${lesson.title}" in "${lesson.course_title}".`);
    return { lesson, message: `Saved "${lesson.title}". Members see it the next time they open it.` };
  });
}

/**
 * Moves a module (or topic) one place up or down among its siblings; the member's course page shows
 * the new order on her next request. Only the moved module's revision is checked: a sibling
 * changed meanwhile does not make the move wrong.
 */
export async function moveModule(db: Database, actor: Actor, moduleId: number, revision: number, direction: "up" | "down"): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [moved] = await tx.select().from(modules).where(eq(modules.id, moduleId)).for("update");
    if (!moved) throw new HttpError(404, `There is no module with the id ${moduleId}. It may have been deleted meanwhile.`);
    if (moved.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    const siblings = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.courseId, moved.courseId), eq(modules.parentReferenceCode, moved.parentReferenceCode)))
      .orderBy(asc(modules.position), asc(modules.id));
    const from = siblings.findIndex((sibling) => sibling.id === moduleId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= siblings.length) throw new HttpError(400, `"${moved.title}" is already ${direction === "up" ? "first" : "last"} here.`);
    const order = siblings.map((sibling) => sibling.id);
    [order[from], order[to]] = [order[to]!, order[from]!];
    // Positions are renumbered 1..n, so siblings that an import left with equal positions sort the same way from now on.
    for (const [index, id] of order.entries()) {
      await tx.update(modules).set({ position: index + 1, revision: sql`${modules.revision} + 1` }).where(and(eq(modules.id, id), sql`${modules.position} <> ${index + 1}`));
    }
    await recordActivity(tx, actor, "catalogue", `Moved "${moved.title}" ${direction}.`);
    return { message: `Moved "${moved.title}" ${direction}. Members see the new order on their next visit to the course.` };
  });
}
