import { answerWith, sentence } from "../../../contract/languages.ts";
import { and, asc, count, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import type { StudioCourse, StudioCourseSummary, StudioLesson } from "../../../contract/studio/courses.ts";
import { parseVideoLength, parseVideoLink, videoLengthText, videoLink } from "../../../contract/video-link.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { changeCatalogue, readCourseRows } from "./catalogue-repository.ts";
import {
  ancestryBelow,
  courseReferenceCode,
  isAtOrBelow,
  lessonVideo,
  moduleReferenceCode,
  modulesDepthFirst,
} from "../db/catalogue-rows.ts";
import { sanitiseHtml, sanitiseOptionalHtml } from "../lib/sanitise-html.ts";
import type { Database, Queryable } from "../db/client.ts";
import { courses, lessonFiles, lessons, modules, planCourses, subscriptionPlans } from "./catalogue-schema.ts";
import { trashItems } from "./catalogue-schema.ts";
import { HttpError } from "../http/errors.ts";
import { listLessonFiles } from "./lesson-file-list.ts";

/** "up" and "down" as an answer says them, in the reader's language (catalogue sentences). */
export const directionWords = { up: sentence("up"), down: sentence("down") } as const;

// The instructor's courses and lessons as the studio edits them. Every save names the revision she
// opened; a save over a newer one (another tab, another instructor, an import) is refused with 409
// and nothing is overwritten. Saves go through changeCatalogue, so members see them on their next
// request, on every app server. The HTML is cleaned with the import's own allow-list.

export async function listStudioCourses(db: Queryable): Promise<StudioCourseSummary[]> {
  const [courseRows, moduleCounts, lessonCounts] = await Promise.all([
    db.select().from(courses).orderBy(asc(courses.position), asc(courses.id)),
    db.select({ courseId: modules.courseId, count: count() }).from(modules).groupBy(modules.courseId),
    db
      .select({ courseId: modules.courseId, count: count() })
      .from(lessons)
      .innerJoin(modules, eq(modules.id, lessons.moduleId))
      .groupBy(modules.courseId),
  ]);
  const countOf = (rows: { courseId: number; count: number }[], courseId: number) =>
    Number(rows.find((row) => row.courseId === courseId)?.count ?? 0);
  return courseRows.map((course) => ({
    id: course.id,
    title: course.title,
    logo: course.logo,
    free_for_members: course.freeForMembers,
    published: course.published,
    modules: countOf(moduleCounts, course.id),
    lessons: countOf(lessonCounts, course.id),
    revision: course.revision,
  }));
}

/** The course; `lock` holds it until the transaction ends, so a concurrent delete or save waits. */
export async function courseOrNotFound(db: Queryable, courseId: number, { lock = false } = {}) {
  const query = db.select().from(courses).where(eq(courses.id, courseId));
  const [course] = await (lock ? query.for("update") : query);
  if (!course)
    throw HttpError.withValues(404, "There is no course with the id {id}. It may have been deleted meanwhile.", { id: courseId });
  return course;
}

export const moduleNotFound = (moduleId: number) =>
  HttpError.withValues(404, "There is no module with the id {id}. It may have been deleted meanwhile.", { id: moduleId });
export const lessonNotFound = (lessonId: number) =>
  HttpError.withValues(404, "There is no lesson with the id {id}. It may have been deleted meanwhile.", { id: lessonId });

/** A course with its whole tree: modules and topics depth first, each with its lessons in order. */
export async function readStudioCourse(db: Queryable, courseId: number): Promise<StudioCourse> {
  const [course, { moduleRows, lessonsByModule }, plans] = await Promise.all([
    courseOrNotFound(db, courseId),
    readCourseRows(db, courseId),
    db.select({ planId: planCourses.planId }).from(planCourses).where(eq(planCourses.courseId, courseId)).orderBy(asc(planCourses.planId)),
  ]);
  return {
    id: course.id,
    title: course.title,
    description_html: course.descriptionHtml,
    logo: course.logo,
    free_for_members: course.freeForMembers,
    for_partners: course.forPartners,
    certificate_needs_checks: course.certificateNeedsChecks,
    published: course.published,
    cover_picture: course.coverPicture,
    plan_ids: plans.map((plan) => plan.planId),
    revision: course.revision,
    modules: modulesDepthFirst(moduleRows, courseId).map(({ module, depth }) => ({
      id: module.id,
      title: module.title,
      depth,
      visible_in_preview: module.visibleInPreview,
      recommended_week: module.recommendedWeek,
      revision: module.revision,
      lessons: (lessonsByModule.get(module.id) ?? []).map((lesson) => ({
        id: lesson.id,
        title: lesson.title,
        has_video: lesson.videoId !== null,
        revision: lesson.revision,
      })),
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
    video_length: videoLengthText(row.lesson.videoSeconds),
    video_line: row.lesson.videoLine ?? "",
    revision: row.lesson.revision,
    files: await listLessonFiles(db, lessonId),
    content_notes: row.lesson.contentNotes,
  };
}

export type LessonFields = {
  title: string;
  contentSummaryHtml: string;
  noteHtml: string;
  videoLink: string;
  /** As she typed it ("12:30"); "" for none. */
  videoLength: string;
  videoLine: string;
  /** Names from the content notes' list. */
  contentNotes: string[];
};

export async function updateLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  revision: number,
  fields: LessonFields,
  /** The content notes on the list (the content-notes feature's), which a lesson may carry. */
  noteList: readonly { name: string }[],
): Promise<{ lesson: StudioLesson; message: string }> {
  // The contract refused any other link already; this is the same function, asked again ("" is none).
  const video = parseVideoLink(fields.videoLink);
  const known = new Map(noteList.map((note) => [note.name.toLowerCase(), note.name]));
  const unknown = fields.contentNotes.find((note) => !known.has(note.toLowerCase()));
  if (unknown !== undefined) {
    throw HttpError.withValues(
      400,
      "“{note}” is not on the list of content notes.",
      { note: unknown },
      { details: { content_notes: sentence("Choose notes from the list, or add one first.") } },
    );
  }
  const contentNotes = [...new Set(fields.contentNotes.map((note) => known.get(note.toLowerCase())!))];
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
        videoStart: video?.start ?? null,
        videoSeconds: parseVideoLength(fields.videoLength),
        videoLine: fields.videoLine.trim() || null,
        contentNotes,
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
    return { lesson, message: answerWith('Saved "{title}". Members see it the next time they open it.', { title: lesson.title }) };
  });
}

/**
 * The siblings' ids in their new order, one of them moved one place up or down, or a 400 saying it
 * is already at that end. The caller renumbers positions 1..n, so siblings that an import left with
 * equal positions sort the same way from then on.
 */
export function movedOnePlace(siblings: { id: number }[], moved: { id: number; title: string }, direction: "up" | "down"): number[] {
  const order = siblings.map((sibling) => sibling.id);
  const from = order.indexOf(moved.id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= order.length)
    throw direction === "up"
      ? HttpError.withValues(400, '"{title}" is already first here.', { title: moved.title })
      : HttpError.withValues(400, '"{title}" is already last here.', { title: moved.title });
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/** Gives the ids in `order` the positions 1..n; `write` updates one row (leaving alone a row already there). */
export async function renumber(order: number[], write: (id: number, position: number) => Promise<unknown>): Promise<void> {
  for (const [index, id] of order.entries()) await write(id, index + 1);
}

/**
 * Moves a module (or topic) one place up or down among its siblings; the member's course page shows
 * the new order on her next request. Only the moved module's revision is checked: a sibling
 * changed meanwhile does not make the move wrong.
 */
export async function moveModule(
  db: Database,
  actor: Actor,
  moduleId: number,
  revision: number,
  direction: "up" | "down",
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [moved] = await tx.select().from(modules).where(eq(modules.id, moduleId)).for("update");
    if (!moved) throw moduleNotFound(moduleId);
    if (moved.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    const siblings = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.courseId, moved.courseId), eq(modules.parentReferenceCode, moved.parentReferenceCode)))
      .orderBy(asc(modules.position), asc(modules.id));
    await renumber(movedOnePlace(siblings, moved, direction), (id, position) =>
      tx
        .update(modules)
        .set({ position, revision: sql`${modules.revision} + 1` })
        .where(and(eq(modules.id, id), ne(modules.position, position))),
    );
    await recordActivity(tx, actor, "catalogue", `Moved "${moved.title}" ${direction}.`);
    return {
      message: answerWith('Moved "{title}" {direction}. Members see the new order on their next visit to the course.', {
        title: moved.title,
        direction: directionWords[direction],
      }),
    };
  });
}

type CatalogueTable = typeof courses | typeof modules | typeof lessons | typeof lessonFiles;

/**
 * The id of a new course, module or lesson: above every id in use and every id waiting in the
 * Trash, so that a restore always finds its place free. Ids are the content file's, not a
 * sequence's; one creation at a time takes the next.
 */
export async function nextCatalogueId(
  tx: Queryable,
  table: CatalogueTable,
  trashKey: "courses" | "modules" | "lessons" | "files",
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue ids: ${trashKey}`}))`);
  const inTrash = sql`(select coalesce(max((entry->>'id')::int), 0) from ${trashItems}, jsonb_array_elements(${trashItems.snapshot}->${trashKey}) as entry)`;
  const [next] = await (tx as Database)
    .select({ id: sql<number>`greatest(coalesce(max(${table.id}), 0), ${inTrash}) + 1` })
    .from(table as typeof courses);
  return Number(next!.id);
}

/** The position after the last of the rows `where` selects (1 when there are none): where a new or moved row goes. */
export async function positionAfterLast(tx: Queryable, table: CatalogueTable, where?: SQL): Promise<number> {
  const [last] = await (tx as Database)
    .select({ position: sql<number>`coalesce(max(${table.position}), 0)` })
    .from(table as typeof courses)
    .where(where);
  return Number(last!.position) + 1;
}

/** The module a new or moved module goes inside, which must be one of the same course; 400 with the sentence otherwise. */
async function parentModuleIn(
  tx: Queryable,
  course: { id: number; title: string },
  parentModuleId: number,
  field = "parent_module_id",
): Promise<typeof modules.$inferSelect> {
  const [parent] = await tx.select().from(modules).where(eq(modules.id, parentModuleId));
  if (parent && parent.courseId === course.id) return parent;
  const sentence = `There is no module with the id ${parentModuleId} in "${course.title}". It may have been deleted meanwhile; reload the course.`;
  throw new HttpError(400, sentence, { [field]: sentence });
}

export async function createCourse(db: Database, actor: Actor, title: string): Promise<{ id: number; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const id = await nextCatalogueId(tx, courses, "courses");
    await tx.insert(courses).values({ id, title, published: false, position: await positionAfterLast(tx, courses) });
    await recordActivity(tx, actor, "catalogue", `Created the course "${title}" as a draft.`);
    return { id, message: answerWith('Created the course "{title}" as a draft. Members see it once you publish it.', { title }) };
  });
}

/** A module at the top of the course, or a topic at the end of the module parentModuleId names. */
export async function createModule(
  db: Database,
  actor: Actor,
  fields: { courseId: number; parentModuleId: number | null; title: string },
): Promise<{ id: number; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const course = await courseOrNotFound(tx, fields.courseId);
    const parentCode =
      fields.parentModuleId === null
        ? courseReferenceCode(course.id)
        : ancestryBelow(await parentModuleIn(tx, course, fields.parentModuleId));
    const id = await nextCatalogueId(tx, modules, "modules");
    const position = await positionAfterLast(
      tx,
      modules,
      and(eq(modules.courseId, course.id), eq(modules.parentReferenceCode, parentCode)),
    );
    await tx.insert(modules).values({
      id,
      courseId: course.id,
      referenceCode: moduleReferenceCode(id),
      parentReferenceCode: parentCode,
      title: fields.title,
      position,
    });
    const what = fields.parentModuleId === null ? "module" : "topic";
    await recordActivity(tx, actor, "catalogue", `Added the ${what} "${fields.title}" to "${course.title}".`);
    return {
      id,
      message:
        fields.parentModuleId === null
          ? answerWith('Added the module "{title}".', { title: fields.title })
          : answerWith('Added the topic "{title}".', { title: fields.title }),
    };
  });
}

/** A new lesson at the end of a module; she fills it in the lesson editor. */
export async function createLesson(
  db: Database,
  actor: Actor,
  fields: { moduleId: number; title: string },
): Promise<{ id: number; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [module] = await tx.select().from(modules).where(eq(modules.id, fields.moduleId));
    if (!module) throw moduleNotFound(fields.moduleId);
    const id = await nextCatalogueId(tx, lessons, "lessons");
    await tx.insert(lessons).values({
      id,
      moduleId: module.id,
      title: fields.title,
      position: await positionAfterLast(tx, lessons, eq(lessons.moduleId, module.id)),
    });
    await recordActivity(tx, actor, "catalogue", `Added the lesson "${fields.title}" to "${module.title}".`);
    return { id, message: answerWith('Added the lesson "{title}" to "{module}".', { title: fields.title, module: module.title }) };
  });
}

export type CourseFields = {
  title: string;
  descriptionHtml: string;
  logo: number;
  freeForMembers: boolean;
  /** Left as it is when not given (a script that predates the partner seat). */
  forPartners?: boolean;
  /** Left as it is when not given. */
  certificateNeedsChecks?: boolean;
  planIds: number[];
};

/** Saves a course's own fields and the plans that include it; the plans it joined or left move on a revision too. */
export async function updateCourse(
  db: Database,
  actor: Actor,
  courseId: number,
  revision: number,
  fields: CourseFields,
): Promise<{ course: StudioCourse; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [updated] = await tx
      .update(courses)
      .set({
        title: fields.title,
        descriptionHtml: sanitiseHtml(fields.descriptionHtml),
        logo: fields.logo,
        freeForMembers: fields.freeForMembers,
        ...(fields.forPartners === undefined ? {} : { forPartners: fields.forPartners }),
        ...(fields.certificateNeedsChecks === undefined ? {} : { certificateNeedsChecks: fields.certificateNeedsChecks }),
        revision: sql`${courses.revision} + 1`,
      })
      .where(and(eq(courses.id, courseId), eq(courses.revision, revision)))
      .returning({ id: courses.id });
    if (!updated) {
      await courseOrNotFound(tx, courseId);
      throw new HttpError(409, staleRevisionMessage);
    }
    const known =
      fields.planIds.length === 0
        ? []
        : (await tx.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(inArray(subscriptionPlans.id, fields.planIds))).map(
            (plan) => plan.id,
          );
    const missing = fields.planIds.filter((id) => !known.includes(id));
    if (missing.length > 0) {
      const sentence = `There is no plan with the id ${missing.join(", ")}; reload to see the plans as they are now.`;
      throw new HttpError(400, sentence, { plan_ids: sentence });
    }
    const before = (await tx.select({ planId: planCourses.planId }).from(planCourses).where(eq(planCourses.courseId, courseId))).map(
      (link) => link.planId,
    );
    const changedPlans = [...before.filter((id) => !fields.planIds.includes(id)), ...fields.planIds.filter((id) => !before.includes(id))];
    if (changedPlans.length > 0) {
      await tx.delete(planCourses).where(eq(planCourses.courseId, courseId));
      if (fields.planIds.length > 0) await tx.insert(planCourses).values(fields.planIds.map((planId) => ({ planId, courseId })));
      // A plans page opened before this must not save the old list of courses over it.
      await tx
        .update(subscriptionPlans)
        .set({ revision: sql`${subscriptionPlans.revision} + 1` })
        .where(inArray(subscriptionPlans.id, changedPlans));
    }
    await recordActivity(tx, actor, "catalogue", `Changed the course "${fields.title}".`);
    return {
      course: await readStudioCourse(tx, courseId),
      message: answerWith('Saved "{title}". Members see it on their next visit to the library.', { title: fields.title }),
    };
  });
}

/** Moves a course one place up or down in the library. */
export async function moveCourse(
  db: Database,
  actor: Actor,
  courseId: number,
  revision: number,
  direction: "up" | "down",
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const moved = await courseOrNotFound(tx, courseId, { lock: true });
    if (moved.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    const siblings = await tx.select({ id: courses.id }).from(courses).orderBy(asc(courses.position), asc(courses.id));
    await renumber(movedOnePlace(siblings, moved, direction), (id, position) =>
      tx
        .update(courses)
        .set({ position, revision: sql`${courses.revision} + 1` })
        .where(and(eq(courses.id, id), ne(courses.position, position))),
    );
    await recordActivity(tx, actor, "catalogue", `Moved the course "${moved.title}" ${direction} in the library.`);
    return {
      message: answerWith('Moved "{title}" {direction}. Members see the new order in their library.', {
        title: moved.title,
        direction: directionWords[direction],
      }),
    };
  });
}

export type ModuleFields = { title: string; visibleInPreview: boolean; recommendedWeek: number | null };

export async function updateModule(
  db: Database,
  actor: Actor,
  moduleId: number,
  revision: number,
  fields: ModuleFields,
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [updated] = await tx
      .update(modules)
      .set({ ...fields, revision: sql`${modules.revision} + 1` })
      .where(and(eq(modules.id, moduleId), eq(modules.revision, revision)))
      .returning({ id: modules.id });
    if (!updated) {
      const [exists] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.id, moduleId));
      throw exists ? new HttpError(409, staleRevisionMessage) : moduleNotFound(moduleId);
    }
    await recordActivity(tx, actor, "catalogue", `Changed the module "${fields.title}".`);
    return { message: answerWith('Saved "{title}".', { title: fields.title }) };
  });
}

/**
 * Moves a module, with its topics and lessons, inside another module of the same course (as its
 * last topic) or to the end of the course's top level. Its descendants' ancestry follows it.
 */
export async function placeModule(
  db: Database,
  actor: Actor,
  moduleId: number,
  revision: number,
  parentModuleId: number | null,
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [moved] = await tx.select().from(modules).where(eq(modules.id, moduleId)).for("update");
    if (!moved) throw moduleNotFound(moduleId);
    if (moved.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    const course = await courseOrNotFound(tx, moved.courseId);
    const ownAncestry = ancestryBelow(moved);
    let newAncestry = courseReferenceCode(course.id);
    let destination = answerWith('the top of "{course}"', { course: course.title });
    if (parentModuleId !== null) {
      const parent = await parentModuleIn(tx, course, parentModuleId);
      if (parent.id === moved.id || isAtOrBelow(parent.parentReferenceCode, ownAncestry)) {
        const sentence = `"${moved.title}" cannot go inside itself or one of its own topics.`;
        throw new HttpError(400, sentence, { parent_module_id: sentence });
      }
      newAncestry = ancestryBelow(parent);
      destination = answerWith('"{title}"', { title: parent.title });
    }
    if (newAncestry === moved.parentReferenceCode) {
      const sentence = `"${moved.title}" is already there.`;
      throw new HttpError(400, sentence, { parent_module_id: sentence });
    }
    const position = await positionAfterLast(
      tx,
      modules,
      and(eq(modules.courseId, course.id), eq(modules.parentReferenceCode, newAncestry)),
    );
    await tx
      .update(modules)
      .set({ parentReferenceCode: newAncestry, position, revision: sql`${modules.revision} + 1` })
      .where(eq(modules.id, moved.id));
    const newOwnAncestry = ancestryBelow({ parentReferenceCode: newAncestry, referenceCode: moved.referenceCode });
    const descendants = (
      await tx
        .select({ id: modules.id, parentReferenceCode: modules.parentReferenceCode })
        .from(modules)
        .where(eq(modules.courseId, course.id))
    ).filter((module) => isAtOrBelow(module.parentReferenceCode, ownAncestry));
    for (const descendant of descendants) {
      await tx
        .update(modules)
        .set({
          parentReferenceCode: newOwnAncestry + descendant.parentReferenceCode.slice(ownAncestry.length),
          revision: sql`${modules.revision} + 1`,
        })
        .where(eq(modules.id, descendant.id));
    }
    await recordActivity(tx, actor, "catalogue", `Moved "${moved.title}" into ${destination}.`);
    return { message: answerWith('Moved "{title}" into {destination}, with everything in it.', { title: moved.title, destination }) };
  });
}

/** Shows a draft to members, or takes a course back to draft; grants and progress stay as they are. */
export async function publishCourse(
  db: Database,
  actor: Actor,
  courseId: number,
  revision: number,
  published: boolean,
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const course = await courseOrNotFound(tx, courseId, { lock: true });
    if (course.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    if (course.published === published) {
      throw published
        ? HttpError.withValues(400, '"{title}" is published already.', { title: course.title })
        : HttpError.withValues(400, '"{title}" is a draft already.', { title: course.title });
    }
    await tx
      .update(courses)
      .set({ published, revision: sql`${courses.revision} + 1` })
      .where(eq(courses.id, courseId));
    await recordActivity(tx, actor, "catalogue", `${published ? "Published" : "Took back to draft"} the course "${course.title}".`);
    return {
      message: published
        ? `Published "${course.title}": members see it in the library now.`
        : `"${course.title}" is a draft again: members no longer see it. What they completed is kept for when you publish it again.`,
    };
  });
}

/** A lesson with its module, held until the transaction ends; 404 or 409 (stale revision) otherwise. */
export async function lockedLesson(tx: Queryable, lessonId: number, revision: number) {
  const [row] = await tx
    .select({ lesson: lessons, module: modules })
    .from(lessons)
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId))
    .for("update", { of: lessons });
  if (!row) throw lessonNotFound(lessonId);
  if (row.lesson.revision !== revision) throw new HttpError(409, staleRevisionMessage);
  return row;
}

const lessonsOfModule = (tx: Queryable, moduleId: number) =>
  tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.moduleId, moduleId)).orderBy(asc(lessons.position), asc(lessons.id));

/** Renumbers a module's lessons in `order`; the rows whose place changes move on a revision. */
async function placeLessons(tx: Queryable, moduleId: number, order: number[]): Promise<void> {
  await renumber(order, (id, position) =>
    tx
      .update(lessons)
      .set({ moduleId, position, revision: sql`${lessons.revision} + 1` })
      .where(and(eq(lessons.id, id), or(ne(lessons.position, position), ne(lessons.moduleId, moduleId)))),
  );
}

/** Moves a lesson one place up or down within its module. */
export async function moveLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  revision: number,
  direction: "up" | "down",
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const { lesson, module } = await lockedLesson(tx, lessonId, revision);
    await placeLessons(tx, module.id, movedOnePlace(await lessonsOfModule(tx, module.id), lesson, direction));
    await recordActivity(tx, actor, "catalogue", `Moved the lesson "${lesson.title}" ${direction} in "${module.title}".`);
    return {
      message: answerWith('Moved "{title}" {direction}. Members see the new order on their next visit to the course.', {
        title: lesson.title,
        direction: directionWords[direction],
      }),
    };
  });
}

/**
 * Moves a lesson into a module or topic of the same course, at `index` among that module's lessons
 * (after the last when none): drag and drop and the "Move to" menu both end here. Its progress,
 * files and notes go with it, since they hang on the lesson.
 */
export async function placeLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  revision: number,
  destination: { moduleId: number; index?: number },
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const { lesson, module } = await lockedLesson(tx, lessonId, revision);
    const course = await courseOrNotFound(tx, module.courseId);
    const target = destination.moduleId === module.id ? module : await parentModuleIn(tx, course, destination.moduleId, "module_id");
    const current = (await lessonsOfModule(tx, target.id)).map((row) => row.id);
    const others = current.filter((id) => id !== lesson.id);
    const index = Math.min(destination.index ?? others.length, others.length);
    const order = [...others.slice(0, index), lesson.id, ...others.slice(index)];
    if (target.id === module.id && order.every((id, place) => id === current[place])) {
      const sentence = `"${lesson.title}" is already there.`;
      throw new HttpError(400, sentence, { module_id: sentence });
    }
    await placeLessons(tx, target.id, order);
    const where =
      target.id === module.id
        ? answerWith('to place {place} in "{module}"', { place: index + 1, module: target.title })
        : answerWith('into "{module}"', { module: target.title });
    await recordActivity(tx, actor, "catalogue", `Moved the lesson "${lesson.title}" ${where}.`);
    return {
      message: answerWith('Moved "{title}" {where}. Members see it there on their next visit to the course.', {
        title: lesson.title,
        where,
      }),
    };
  });
}

/** Sets or clears a course's own cover picture (stored already by pictures-repository.ts); its revision is left alone, so an open details form still saves. */
export async function setCoursePicture(
  db: Database,
  actor: Actor,
  courseId: number,
  picture: string | null,
): Promise<{ picture: string | null; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const course = await courseOrNotFound(tx, courseId, { lock: true });
    await tx.update(courses).set({ coverPicture: picture }).where(eq(courses.id, courseId));
    await recordActivity(tx, actor, "catalogue", `${picture ? "Changed" : "Removed"} the cover picture of "${course.title}".`);
    return {
      picture,
      message: picture
        ? `The new picture of "${course.title}" is saved. Members see it in the library now.`
        : `"${course.title}" shows its built-in picture again.`,
    };
  });
}
