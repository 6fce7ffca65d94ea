import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { PersonalData } from "../db/personal-data.ts";
import { announceChange } from "../db/data-changes.ts";
import type { Queryable } from "../db/client.ts";
import { anyOf, restoreRows, snapshotRows } from "../db/row-snapshots.ts";
import { courseGrants } from "./grants-schema.ts";
import { everyAccountId } from "../accounts/users-repository.ts";
import { existingCourseIds } from "../catalogue/catalogue-repository.ts";
import type { RowsOnCatalogue } from "../catalogue/trash-repository.ts";
import { everyPurchaseId, planNamesOfPurchases } from "../payments/purchases-repository.ts";

// One place for who may open which course beyond the free ones. The CLI, the payments webhook
// and (later) the studio call these functions; none of them writes course_grants itself. Each
// change is announced to every app server's caches (data-changes.ts).

export type GrantSource = "instructor" | "purchase";
export type Grant = { courseId: number; source: GrantSource; grantedAt: Date; endsAt: Date | null; purchaseId: number | null };

const stillOpen = (now: Date) => or(isNull(courseGrants.endsAt), gt(courseGrants.endsAt, now));

/** Every grant of a member, open or ended, with the purchase it came from (a partner's reach is read from them). */
export function grantsOf(db: Queryable, userId: number) {
  return db
    .select({
      courseId: courseGrants.courseId,
      endsAt: courseGrants.endsAt,
      source: courseGrants.source,
      purchaseId: courseGrants.purchaseId,
    })
    .from(courseGrants)
    .where(eq(courseGrants.userId, userId));
}

/** The member's grants that are open now, every source, in course order. */
export async function listOpenGrants(db: Queryable, userId: number, now = new Date()): Promise<Grant[]> {
  return db
    .select({
      courseId: courseGrants.courseId,
      source: courseGrants.source,
      grantedAt: courseGrants.grantedAt,
      endsAt: courseGrants.endsAt,
      purchaseId: courseGrants.purchaseId,
    })
    .from(courseGrants)
    .where(and(eq(courseGrants.userId, userId), stillOpen(now)))
    .orderBy(asc(courseGrants.courseId), asc(courseGrants.id));
}

/** Opens a course by the instructor's hand; true when it was not granted by her before. */
/** The members with an open grant to a course, as a subquery another feature filters by. */
export const openGrantHolders = (db: Queryable, courseId: number) =>
  db
    .select({ id: courseGrants.userId })
    .from(courseGrants)
    .where(and(eq(courseGrants.courseId, courseId), or(isNull(courseGrants.endsAt), gt(courseGrants.endsAt, sql`now()`))));

export async function grantByInstructor(db: Queryable, userId: number, courseId: number): Promise<boolean> {
  const inserted = await db
    .insert(courseGrants)
    .values({ userId, courseId, source: "instructor" })
    .onConflictDoNothing()
    .returning({ id: courseGrants.id });
  await announceChange(db, "access");
  return inserted.length > 0;
}

/**
 * Removes the instructor's own grant. A course the member paid for stays open: the answer names
 * those purchases, so whoever revoked is told instead of silently closing what was paid for.
 */
export async function revokeByInstructor(
  db: Queryable,
  userId: number,
  courseId: number,
): Promise<{ removed: boolean; paidThrough: { purchaseId: number; planName: string }[] }> {
  const removed = await db
    .delete(courseGrants)
    .where(and(eq(courseGrants.userId, userId), eq(courseGrants.courseId, courseId), eq(courseGrants.source, "instructor")))
    .returning({ id: courseGrants.id });
  await announceChange(db, "access");
  const paidGrants = await db
    .select({ purchaseId: courseGrants.purchaseId })
    .from(courseGrants)
    .where(
      and(eq(courseGrants.userId, userId), eq(courseGrants.courseId, courseId), eq(courseGrants.source, "purchase"), stillOpen(new Date())),
    );
  const paidThrough = await planNamesOfPurchases(
    db,
    paidGrants.flatMap((grant) => (grant.purchaseId === null ? [] : [grant.purchaseId])),
  );
  return { removed: removed.length > 0, paidThrough };
}

/** Opens a purchase's courses (again), with no end, or until endsAt when it is already cancelled. */
export async function openPurchaseGrants(
  db: Queryable,
  purchase: { id: number; userId: number },
  courseIds: number[],
  endsAt: Date | null = null,
): Promise<void> {
  if (courseIds.length === 0) return;
  // A course deleted from the catalogue since the purchase has nothing left to open.
  const existing = await existingCourseIds(db, courseIds);
  if (existing.length === 0) return;
  await db
    .insert(courseGrants)
    .values(
      existing.map((courseId) => ({ userId: purchase.userId, courseId, source: "purchase" as const, purchaseId: purchase.id, endsAt })),
    )
    .onConflictDoUpdate({
      target: [courseGrants.purchaseId, courseGrants.courseId],
      targetWhere: sql`source = 'purchase'`,
      set: { endsAt },
    });
  await announceChange(db, "access");
}

/**
 * Opens courses someone gave her (a gift, docs/gifts.md) until endsAt, or for good: kept as the
 * instructor's grants (given, not bought by her). A course she holds for good already stays so; a
 * later end of two wins.
 */
export async function openGivenCourses(db: Queryable, userId: number, courseIds: number[], endsAt: Date | null): Promise<void> {
  const existing = await existingCourseIds(db, courseIds);
  if (existing.length === 0) return;
  await db
    .insert(courseGrants)
    .values(existing.map((courseId) => ({ userId, courseId, source: "instructor" as const, endsAt })))
    .onConflictDoUpdate({
      target: [courseGrants.userId, courseGrants.courseId],
      targetWhere: sql`source = 'instructor'`,
      set: {
        endsAt: sql`case when ${courseGrants.endsAt} is null or excluded.ends_at is null then null
          else greatest(${courseGrants.endsAt}, excluded.ends_at) end`,
      },
    });
  await announceChange(db, "access");
}

/** Closes a purchase's courses at endsAt (now or later); never touches the instructor's grants. */
export async function closePurchaseGrants(db: Queryable, purchaseId: number, endsAt: Date): Promise<void> {
  const ofPurchase = and(eq(courseGrants.purchaseId, purchaseId), eq(courseGrants.source, "purchase"));
  if (endsAt.getTime() <= Date.now()) await db.delete(courseGrants).where(ofPurchase);
  else await db.update(courseGrants).set({ endsAt }).where(ofPurchase);
  await announceChange(db, "access");
}

/** Grants whose paid period is over are ignored already; this keeps the table small. */
export async function deleteEndedGrants(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(courseGrants).where(lte(courseGrants.endsAt, now));
}

/** Her grants, in her data download. */
/**
 * Members' grants to a course deleted in the studio wait with it in the Trash, and come back with
 * it, but for a member or purchase gone since.
 */
export const grantsInTheTrash: RowsOnCatalogue = {
  key: "course_grants",
  keep: (tx, { courseIds }) => snapshotRows(tx, courseGrants, anyOf(courseGrants.courseId, courseIds)),
  putBack: (tx, rows) =>
    restoreRows(
      tx,
      courseGrants,
      rows,
      sql`r.user_id in (${everyAccountId(tx)}) and (r.purchase_id is null or r.purchase_id in (${everyPurchaseId(tx)}))`,
    ),
};

export const grantsPersonalData = (db: Queryable): PersonalData => ({
  key: "grants",
  export: async (member) =>
    (await listOpenGrants(db, member.id)).map((grant) => ({
      course_id: grant.courseId,
      source: grant.source,
      granted_at: grant.grantedAt.toISOString(),
      ends_at: grant.endsAt?.toISOString() ?? null,
    })),
});
