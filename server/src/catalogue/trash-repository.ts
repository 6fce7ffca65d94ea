import { answerWith } from "../../../contract/languages.ts";
import { and, asc, desc, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { staleRevisionMessage, TRASH_KEPT_DAYS } from "../../../contract/constants.ts";
import type { TrashItem } from "../../../contract/studio/trash.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { ancestryBelow, courseReferenceCode, isAtOrBelow, moduleReferenceCode } from "../db/catalogue-rows.ts";
import { announceChange, dataChanges } from "../db/data-changes.ts";
import type { Database, Queryable } from "../db/client.ts";
import { anyOf, restoreRows, type RowSnapshot, snapshotRows } from "../db/row-snapshots.ts";
import { HttpError } from "../http/errors.ts";
import { changeCatalogue } from "./catalogue-repository.ts";
import { courses, lessonFiles, lessons, modules, planCourses, subscriptionPlans, trashItems } from "./catalogue-schema.ts";
import { courseOrNotFound, lockedLesson, moduleNotFound, renumber } from "./course-editor-repository.ts";
import { lessonFileForChange } from "./lesson-files-repository.ts";

// Deleting in the studio moves things to the Trash for 30 days: a course, a module with its topics
// and lessons, a lesson, or one of a lesson's files, with what hangs on them (plans' links, and the
// rows other features keep on them, such as members' grants and progress: RowsOnCatalogue).
// The rows are kept as they were (db/row-snapshots.ts); their files stay in lesson_files, marked with
// the item, so no file is copied. A restore puts everything back in its place, with its ids, so
// every link and grant points at the same thing again. New ids never take one waiting here
// (nextCatalogueId in catalogue/course-editor-repository.ts).

/**
 * Rows another feature keeps on the catalogue's courses and lessons (a member's grant, her
 * progress), declared by that feature (its manifest's `rowsOnCatalogue` point, which the studio reads): the Trash keeps
 * them with a deleted course or lesson under `key`, and puts them back with it.
 */
export type RowsOnCatalogue = {
  key: string;
  keep: (tx: Queryable, deleted: { courseIds: number[]; lessonIds: number[] }) => Promise<RowSnapshot>;
  /** Puts kept rows back, leaving out those whose member (or purchase) is gone since. */
  putBack: (tx: Queryable, rows: RowSnapshot) => Promise<void>;
};

type TrashKind = (typeof trashItems.$inferSelect)["kind"];
type Snapshot = {
  courses: RowSnapshot;
  modules: RowSnapshot;
  lessons: RowSnapshot;
  plan_courses: RowSnapshot;
  /** Which lesson each kept file belongs to (the file rows stay where they are). */
  files: { id: number; lessonId: number }[];
  /** Other features' rows, each under its RowsOnCatalogue key. */
  [key: string]: unknown;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const keptUntil = (deletedAt: Date) => new Date(deletedAt.getTime() + TRASH_KEPT_DAYS * DAY_MS);

async function moveToTrash(
  tx: Queryable,
  actor: Actor,
  item: { kind: TrashKind; title: string; place: string },
  ids: { courseIds: number[]; moduleIds: number[]; lessonIds: number[] },
  hanging: readonly RowsOnCatalogue[],
): Promise<void> {
  const snapshot: Snapshot = {
    courses: await snapshotRows(tx, courses, anyOf(courses.id, ids.courseIds)),
    modules: await snapshotRows(tx, modules, anyOf(modules.id, ids.moduleIds)),
    lessons: await snapshotRows(tx, lessons, anyOf(lessons.id, ids.lessonIds)),
    plan_courses: await snapshotRows(tx, planCourses, anyOf(planCourses.courseId, ids.courseIds)),
    files: (
      await tx
        .select({ id: lessonFiles.id, lessonId: lessonFiles.lessonId })
        .from(lessonFiles)
        .where(anyOf(lessonFiles.lessonId, ids.lessonIds))
    ).map((file) => ({ id: file.id, lessonId: file.lessonId! })),
  };
  for (const rows of hanging) snapshot[rows.key] = await rows.keep(tx, ids);
  const [trashed] = await tx
    .insert(trashItems)
    .values({ ...item, snapshot, deletedById: actor.userId, deletedByLabel: actor.label })
    .returning({ id: trashItems.id });
  if (ids.lessonIds.length > 0)
    await tx.update(lessonFiles).set({ trashItemId: trashed!.id }).where(inArray(lessonFiles.lessonId, ids.lessonIds));
  // Deleting the top row deletes the rest (foreign keys cascade; the files' lesson becomes null).
  if (item.kind === "course") await tx.delete(courses).where(inArray(courses.id, ids.courseIds));
  else if (item.kind === "module") await tx.delete(modules).where(inArray(modules.id, ids.moduleIds));
  else await tx.delete(lessons).where(inArray(lessons.id, ids.lessonIds));
  await recordActivity(
    tx,
    actor,
    "catalogue",
    `Deleted the ${item.kind} "${item.title}" (${item.place}); it is in the Trash for ${TRASH_KEPT_DAYS} days.`,
  );
}

/** The titles of the course and of every module above this one, outermost first: where it sits, in words. */
async function titlesAbove(tx: Queryable, module: { courseId: number; parentReferenceCode: string }): Promise<string[]> {
  const course = await courseOrNotFound(tx, module.courseId);
  const ancestorCodes = module.parentReferenceCode.split("_").slice(1);
  const ancestors =
    ancestorCodes.length === 0
      ? []
      : await tx
          .select({ referenceCode: modules.referenceCode, title: modules.title })
          .from(modules)
          .where(inArray(modules.referenceCode, ancestorCodes));
  return [course.title, ...ancestorCodes.map((code) => ancestors.find((ancestor) => ancestor.referenceCode === code)?.title ?? code)];
}

async function lessonIdsIn(tx: Queryable, moduleIds: number[]): Promise<number[]> {
  if (moduleIds.length === 0) return [];
  return (await tx.select({ id: lessons.id }).from(lessons).where(inArray(lessons.moduleId, moduleIds))).map((lesson) => lesson.id);
}

// Written for each answer: the language hook finds the values of the most recent answers only (contract/languages.ts).
const trashNote = () => answerWith("It is in the Trash for {days} days, if you change your mind.", { days: TRASH_KEPT_DAYS });

/** What deleting a module took with it, one whole sentence for each case, so each language writes it as it reads. */
function moduleDeleted(title: string, withTopics: boolean, lessons: number): string {
  const values = { title, count: lessons, trashNote: trashNote() };
  if (withTopics) {
    if (lessons === 0) return answerWith('Deleted "{title}", its topics. {trashNote}', values);
    if (lessons === 1) return answerWith('Deleted "{title}", its topics and its lesson. {trashNote}', values);
    return answerWith('Deleted "{title}", its topics and its {count} lessons. {trashNote}', values);
  }
  if (lessons === 0) return answerWith('Deleted "{title}". {trashNote}', values);
  if (lessons === 1) return answerWith('Deleted "{title}" and its lesson. {trashNote}', values);
  return answerWith('Deleted "{title}" and its {count} lessons. {trashNote}', values);
}

export async function deleteLesson(
  db: Database,
  actor: Actor,
  lessonId: number,
  revision: number,
  hanging: readonly RowsOnCatalogue[],
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const row = await lockedLesson(tx, lessonId, revision);
    const title = row.lesson.title;
    const place = `in ${[...(await titlesAbove(tx, row.module)), row.module.title].join(" › ")}`;
    await moveToTrash(tx, actor, { kind: "lesson", title, place }, { courseIds: [], moduleIds: [], lessonIds: [lessonId] }, hanging);
    return { message: answerWith('Deleted the lesson "{title}". {trashNote}', { title, trashNote: trashNote() }) };
  });
}

/** Deletes a module with every topic inside it and all their lessons. */
export async function deleteModule(
  db: Database,
  actor: Actor,
  moduleId: number,
  revision: number,
  hanging: readonly RowsOnCatalogue[],
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const [module] = await tx.select().from(modules).where(eq(modules.id, moduleId)).for("update");
    if (!module) throw moduleNotFound(moduleId);
    if (module.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    const courseModules = await tx
      .select({ id: modules.id, parentReferenceCode: modules.parentReferenceCode })
      .from(modules)
      .where(eq(modules.courseId, module.courseId));
    const moduleIds = courseModules
      .filter((candidate) => candidate.id === moduleId || isAtOrBelow(candidate.parentReferenceCode, ancestryBelow(module)))
      .map((candidate) => candidate.id);
    const lessonIds = await lessonIdsIn(tx, moduleIds);
    const place = `in ${(await titlesAbove(tx, module)).join(" › ")}`;
    await moveToTrash(tx, actor, { kind: "module", title: module.title, place }, { courseIds: [], moduleIds, lessonIds }, hanging);
    return { message: moduleDeleted(module.title, moduleIds.length > 1, lessonIds.length) };
  });
}

/** Deletes one of a lesson's downloads; the file's row and content stay, waiting in the Trash. */
export async function deleteLessonFile(db: Database, actor: Actor, fileId: number, revision: number): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const row = await lessonFileForChange(tx, fileId, revision);
    const place = `in ${[...(await titlesAbove(tx, row.module)), row.module.title, row.lesson.title].join(" › ")}`;
    const snapshot: Snapshot = {
      courses: [],
      modules: [],
      lessons: [],
      plan_courses: [],
      files: [{ id: fileId, lessonId: row.lesson.id }],
    };
    const [trashed] = await tx
      .insert(trashItems)
      .values({ kind: "file", title: row.file.filename, place, snapshot, deletedById: actor.userId, deletedByLabel: actor.label })
      .returning({ id: trashItems.id });
    await tx.update(lessonFiles).set({ lessonId: null, trashItemId: trashed!.id }).where(eq(lessonFiles.id, fileId));
    await recordActivity(
      tx,
      actor,
      "catalogue",
      `Deleted the file "${row.file.filename}" (${place}); it is in the Trash for ${TRASH_KEPT_DAYS} days.`,
    );
    return { message: answerWith('Deleted "{filename}". {trashNote}', { filename: row.file.filename, trashNote: trashNote() }) };
  });
}

const sameTitle = (typed: string, title: string) =>
  typed.trim().replace(/\s+/g, " ").toLowerCase() === title.trim().replace(/\s+/g, " ").toLowerCase();

/** Deletes a course with everything in it; she types its title to confirm. Members lose it at once; a restore gives their grants back. */
export async function deleteCourse(
  db: Database,
  actor: Actor,
  courseId: number,
  revision: number,
  confirmTitle: string,
  hanging: readonly RowsOnCatalogue[],
): Promise<{ message: string }> {
  const outcome = await changeCatalogue(db, async (tx) => {
    const course = await courseOrNotFound(tx, courseId, { lock: true });
    if (course.revision !== revision) throw new HttpError(409, staleRevisionMessage);
    if (!sameTitle(confirmTitle, course.title)) {
      const sentence = `Type the course's title, "${course.title}", to delete it.`;
      throw new HttpError(400, sentence, { confirm_title: sentence });
    }
    const moduleIds = (await tx.select({ id: modules.id }).from(modules).where(eq(modules.courseId, courseId))).map((module) => module.id);
    const lessonIds = await lessonIdsIn(tx, moduleIds);
    await moveToTrash(
      tx,
      actor,
      { kind: "course", title: course.title, place: "a course" },
      { courseIds: [courseId], moduleIds, lessonIds },
      hanging,
    );
    await announceChange(tx, "access");
    return {
      message: answerWith('Deleted the course "{title}" with everything in it. {trashNote}', {
        title: course.title,
        trashNote: trashNote(),
      }),
    };
  });
  dataChanges.emit("access");
  return outcome;
}

export async function listTrash(db: Queryable): Promise<TrashItem[]> {
  const rows = await db
    .select({
      id: trashItems.id,
      kind: trashItems.kind,
      title: trashItems.title,
      place: trashItems.place,
      deletedByLabel: trashItems.deletedByLabel,
      deletedAt: trashItems.deletedAt,
    })
    .from(trashItems)
    .orderBy(desc(trashItems.deletedAt), desc(trashItems.id));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    place: row.place,
    deleted_by: row.deletedByLabel,
    deleted_at: row.deletedAt.toISOString(),
    kept_until: keptUntil(row.deletedAt).toISOString(),
  }));
}

const idsOf = (rows: RowSnapshot) => rows.map((row) => Number(row.id));
/** The deleted module itself, among the topics deleted with it: the one whose parent is not among them. */
const topModuleOf = (snapshot: Snapshot) =>
  snapshot.modules.find(
    (row) => !idsOf(snapshot.modules).some((id) => String(row.parent_reference_code).endsWith(`_${moduleReferenceCode(id)}`)),
  )!;

/** The siblings' order with a restored row back at its old place; the others keep their order around it. */
function withRowBack(siblingIds: number[], restoredId: number, oldPosition: number): number[] {
  const order = siblingIds.filter((id) => id !== restoredId);
  order.splice(Math.max(0, Math.min(oldPosition - 1, order.length)), 0, restoredId);
  return order;
}

/** Why an item cannot go back yet, or nothing when it can. */
async function restoreBlocker(tx: Queryable, kind: TrashKind, snapshot: Snapshot): Promise<string | null> {
  const taken = async (table: typeof courses | typeof modules | typeof lessons, ids: number[]) =>
    ids.length > 0 &&
    (
      await (tx as Database)
        .select({ id: table.id })
        .from(table as typeof courses)
        .where(inArray(table.id, ids))
        .limit(1)
    ).length > 0;
  if (
    (await taken(courses, idsOf(snapshot.courses))) ||
    (await taken(modules, idsOf(snapshot.modules))) ||
    (await taken(lessons, idsOf(snapshot.lessons)))
  ) {
    return "Its place is taken: a content import brought in something with the same id since. Export the catalogue, or ask for help, before restoring it.";
  }
  if (kind === "module") {
    const top = topModuleOf(snapshot);
    const courseId = Number(top.course_id);
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
    if (!course) return "Its course is no longer there. Restore the course from the Trash first.";
    const parentCode = String(top.parent_reference_code);
    if (parentCode !== courseReferenceCode(courseId)) {
      const [parent] = await tx
        .select({ id: modules.id })
        .from(modules)
        .where(eq(modules.referenceCode, parentCode.split("_").at(-1)!));
      if (!parent) return "The module it was in is no longer there. Restore that module from the Trash first.";
    }
  }
  if (kind === "file") {
    const [file] = snapshot.files;
    const [waiting] = await tx.select({ trashItemId: lessonFiles.trashItemId }).from(lessonFiles).where(eq(lessonFiles.id, file!.id));
    if (!waiting?.trashItemId)
      return "Its place is taken: a content import brought in a file with the same id since. Export the catalogue, or ask for help, before restoring it.";
    const [lesson] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, file!.lessonId));
    if (!lesson) return "The lesson it was in is no longer there. Restore that lesson (or what it was in) from the Trash first.";
  }
  if (kind === "lesson") {
    const moduleId = Number(snapshot.lessons[0]!.module_id);
    const [module] = await tx.select({ id: modules.id }).from(modules).where(eq(modules.id, moduleId));
    if (!module) return "The module it was in is no longer there. Restore that module (or its course) from the Trash first.";
  }
  return null;
}

export async function restoreFromTrash(
  db: Database,
  actor: Actor,
  itemId: number,
  hanging: readonly RowsOnCatalogue[],
): Promise<{ message: string }> {
  const outcome = await changeCatalogue(db, async (tx) => {
    const [item] = await tx.select().from(trashItems).where(eq(trashItems.id, itemId)).for("update");
    if (!item) throw new HttpError(404, "That is no longer in the Trash. It may have been restored already, or kept past its 30 days.");
    const snapshot = item.snapshot as Snapshot;
    const blocker = await restoreBlocker(tx, item.kind, snapshot);
    if (blocker) throw new HttpError(409, blocker);

    await restoreRows(tx, courses, snapshot.courses);
    await restoreRows(tx, modules, snapshot.modules);
    await restoreRows(tx, lessons, snapshot.lessons);
    await restoreRows(
      tx,
      planCourses,
      snapshot.plan_courses,
      sql`exists (select 1 from ${subscriptionPlans} where ${subscriptionPlans.id} = r.plan_id)`,
    );
    for (const rows of hanging) await rows.putBack(tx, (snapshot[rows.key] as RowSnapshot | undefined) ?? []);
    for (const file of snapshot.files) {
      await tx
        .update(lessonFiles)
        .set({ lessonId: file.lessonId, trashItemId: null })
        .where(and(eq(lessonFiles.id, file.id), eq(lessonFiles.trashItemId, item.id)));
    }

    if (item.kind === "course") {
      const [course] = snapshot.courses;
      const siblings = await tx.select({ id: courses.id }).from(courses).orderBy(asc(courses.position), asc(courses.id));
      await renumber(withRowBack(idsOf(siblings), Number(course!.id), Number(course!.position)), (id, position) =>
        tx
          .update(courses)
          .set({ position })
          .where(and(eq(courses.id, id), ne(courses.position, position))),
      );
      await announceChange(tx, "access");
    } else if (item.kind === "module") {
      const top = topModuleOf(snapshot);
      const siblings = await tx
        .select({ id: modules.id })
        .from(modules)
        .where(and(eq(modules.courseId, Number(top.course_id)), eq(modules.parentReferenceCode, String(top.parent_reference_code))))
        .orderBy(asc(modules.position), asc(modules.id));
      await renumber(withRowBack(idsOf(siblings), Number(top.id), Number(top.position)), (id, position) =>
        tx
          .update(modules)
          .set({ position, revision: sql`${modules.revision} + 1` })
          .where(and(eq(modules.id, id), ne(modules.position, position))),
      );
    } else if (item.kind === "file") {
      const [file] = snapshot.files;
      const [restored] = await tx.select({ position: lessonFiles.position }).from(lessonFiles).where(eq(lessonFiles.id, file!.id));
      const siblings = await tx
        .select({ id: lessonFiles.id })
        .from(lessonFiles)
        .where(eq(lessonFiles.lessonId, file!.lessonId))
        .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
      await renumber(withRowBack(idsOf(siblings), file!.id, restored!.position), (id, position) =>
        tx
          .update(lessonFiles)
          .set({ position, revision: sql`${lessonFiles.revision} + 1` })
          .where(and(eq(lessonFiles.id, id), ne(lessonFiles.position, position))),
      );
    } else {
      const [lesson] = snapshot.lessons;
      const siblings = await tx
        .select({ id: lessons.id })
        .from(lessons)
        .where(eq(lessons.moduleId, Number(lesson!.module_id)))
        .orderBy(asc(lessons.position), asc(lessons.id));
      await renumber(withRowBack(idsOf(siblings), Number(lesson!.id), Number(lesson!.position)), (id, position) =>
        tx
          .update(lessons)
          .set({ position })
          .where(and(eq(lessons.id, id), ne(lessons.position, position))),
      );
    }
    await tx.delete(trashItems).where(eq(trashItems.id, item.id));
    await recordActivity(tx, actor, "catalogue", `Restored the ${item.kind} "${item.title}" from the Trash.`);
    return {
      kind: item.kind,
      message: answerWith('Restored "{title}" to its place. Members see it again on their next visit.', { title: item.title }),
    };
  });
  if (outcome.kind === "course") dataChanges.emit("access");
  return { message: outcome.message };
}

/** Empties what has been in the Trash longer than its 30 days, files included. */
export async function forgetOldTrash(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(trashItems).where(lt(trashItems.deletedAt, new Date(now.getTime() - TRASH_KEPT_DAYS * DAY_MS)));
}
