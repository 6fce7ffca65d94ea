import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { lessonProgress } from "../db/schema.ts";

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
  return db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)).orderBy(desc(lessonProgress.updatedAt));
}
