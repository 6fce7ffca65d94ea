import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { CourseProgress, LessonProgress } from "../../../contract/progress.ts";
import { everyAccountId, type UserRow } from "../accounts/users-repository.ts";
import { type CatalogueReader, type CourseOutline, courseNeedsChecks } from "../catalogue/catalogue-repository.ts";
import { checksLeft } from "../checks/checks-repository.ts";
import type { RowsOnCatalogue } from "../catalogue/trash-repository.ts";
import { anyOf, restoreRows, snapshotRows } from "../db/row-snapshots.ts";
import type { Database } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import type { Queryable } from "../db/client.ts";
import { lessonProgress } from "./progress-schema.ts";

export type ProgressRow = typeof lessonProgress.$inferSelect;

/**
 * Records where she is in a lesson. A position never clears completion (replaying a finished
 * lesson keeps it finished); only her own "completed: false" does.
 */
export async function saveProgress(
  db: Queryable,
  userId: number,
  lessonId: number,
  update: { positionSeconds?: number | undefined; completed?: boolean | undefined },
): Promise<ProgressRow> {
  const completedAt =
    update.completed === true
      ? sql`coalesce(${lessonProgress.completedAt}, now())`
      : update.completed === false
        ? sql`null`
        : sql`${lessonProgress.completedAt}`;
  const [row] = await db
    .insert(lessonProgress)
    .values({
      userId,
      lessonId,
      positionSeconds: update.positionSeconds ?? 0,
      completedAt: update.completed ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.userId, lessonProgress.lessonId],
      set: {
        positionSeconds: update.positionSeconds === undefined ? sql`${lessonProgress.positionSeconds}` : update.positionSeconds,
        completedAt,
        updatedAt: sql`now()`,
        recency: sql`nextval('lesson_progress_recency_seq')`,
      },
    })
    .returning();
  return row!;
}

export function progressOfLessons(db: Queryable, userId: number, lessonIds: number[]): Promise<ProgressRow[]> {
  if (lessonIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, lessonIds)));
}

/** Every lesson she has opened, most recent first. */
export function progressOf(db: Queryable, userId: number): Promise<ProgressRow[]> {
  return db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)).orderBy(desc(lessonProgress.recency));
}

/** Members' progress in a lesson deleted in the studio waits with it in the Trash, and comes back with it, but for a member gone since. */
export const progressInTheTrash: RowsOnCatalogue = {
  key: "lesson_progress",
  keep: (tx, { lessonIds }) => snapshotRows(tx, lessonProgress, anyOf(lessonProgress.lessonId, lessonIds)),
  putBack: (tx, rows) => restoreRows(tx, lessonProgress, rows, sql`r.user_id in (${everyAccountId(tx)})`),
};

/** Her progress in every lesson she started, in her data download. */
export const progressPersonalData = (db: Queryable): PersonalData => ({
  key: "progress",
  export: async (member) =>
    (await progressOf(db, member.id)).map((row) => ({
      lesson_id: row.lessonId,
      started_at: row.startedAt.toISOString(),
      completed_at: row.completedAt?.toISOString() ?? null,
      position_seconds: row.positionSeconds,
    })),
});

export const toLessonProgress = (row: Pick<ProgressRow, "lessonId" | "completedAt" | "positionSeconds">): LessonProgress => ({
  lesson_id: row.lessonId,
  completed: row.completedAt !== null,
  position_seconds: row.positionSeconds,
});

/** Done and total lessons of a course, from her progress rows. */
export function countDone(outline: CourseOutline, rows: ProgressRow[]): { completed: number; total: number } {
  const done = new Set(rows.filter((row) => row.completedAt !== null).map((row) => row.lessonId));
  return { completed: outline.lessons.filter((lesson) => done.has(lesson.id)).length, total: outline.lessons.length };
}

/**
 * Her progress in one course, and whether it earns the certificate: every lesson, in a course she
 * may open, and, when the course asks for them, every knowledge check with full marks (docs/checks.md).
 */
export async function courseProgress(
  db: Database,
  catalogue: CatalogueReader,
  member: UserRow,
  courseId: number,
): Promise<
  | { outline: CourseOutline; rows: ProgressRow[]; progress: CourseProgress; checksWaiting: { passed: number; total: number } | null }
  | undefined
> {
  const outline = await catalogue.courseOutline(courseId, member);
  if (!outline) return undefined;
  const rows = await progressOfLessons(
    db,
    member.id,
    outline.lessons.map((lesson) => lesson.id),
  );
  const { completed, total } = countDone(outline, rows);
  const open = await catalogue.mayOpen(member, courseId);
  const lessonsDone = open && total > 0 && completed === total;
  // Asked only of a course whose lessons are done: the checks wait for nothing else.
  const checks = lessonsDone && (await courseNeedsChecks(db, courseId)) ? await checksLeft(db, member.id, courseId) : null;
  const checksWaiting = checks && checks.passed < checks.total ? checks : null;
  return {
    outline,
    rows,
    checksWaiting,
    progress: {
      course_id: courseId,
      completed,
      total,
      lessons: rows.map(toLessonProgress),
      certificate_available: lessonsDone && checksWaiting === null,
    },
  };
}
