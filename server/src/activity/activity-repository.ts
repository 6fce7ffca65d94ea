import { desc, eq, lt, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { fullName } from "../accounts/users-repository.ts";
import { activityLog } from "./activity-schema.ts";
import type { activityKinds } from "../../../contract/constants.ts";

/** Who made a change: the instructor signed in to the studio, or an operator at the command line. */
export type Actor = { userId: number; label: string } | { userId: null; label: "command line" };
export const commandLine: Actor = { userId: null, label: "command line" };

/** The kinds of change the activity page can filter by. */
export type ActivityKind = (typeof activityKinds)[number];

export const ACTIVITY_KEPT_DAYS = 90;

/** Writes one entry; call it in the transaction of the change, so an entry exists exactly when the change does. */
export async function recordActivity(db: Queryable, actor: Actor, kind: ActivityKind, summary: string): Promise<void> {
  await db.insert(activityLog).values({ actorId: actor.userId, actorLabel: actor.label, kind, summary });
}

export type ActivityEntry = typeof activityLog.$inferSelect;

/** The newest entries first, optionally of one kind, a page at a time. */
export async function listActivity(
  db: Queryable,
  { kind, limit, offset }: { kind?: ActivityKind; limit: number; offset: number },
): Promise<{ entries: ActivityEntry[]; total: number }> {
  const where = kind ? eq(activityLog.kind, kind) : undefined;
  const [entries, [count]] = await Promise.all([
    db.select().from(activityLog).where(where).orderBy(desc(activityLog.createdAt), desc(activityLog.id)).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activityLog)
      .where(where),
  ]);
  return { entries, total: count?.total ?? 0 };
}

export async function forgetOldActivity(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(activityLog).where(lt(activityLog.createdAt, new Date(now.getTime() - ACTIVITY_KEPT_DAYS * 24 * 60 * 60 * 1000)));
}

const DEPARTED = "a member who has left";

// PostgreSQL's regular expressions: her address stands alone, never as the end of another
// ("a@example.com" inside "maya@example.com"), nor with more of a domain after it.
const escaped = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&");
const addressPattern = (email: string) => `(?<![[:alnum:]._%+-])${escaped(email)}(?![[:alnum:]-]|\\.[[:alnum:]])`;
const namedPattern = (name: string, email: string) => `(?<![[:alnum:]])${escaped(`${name} (${email})`)}`;

/**
 * The log is the instructor's record of what was done, not a record of her: when she deletes her
 * account, the entries keep what happened and lose who she was ("Granted … to a member who has
 * left"). The studio writes a member as "Full Name (address)" or her address alone; an entry she
 * made herself (an instructor) keeps no label of hers either. Her download lists the entries that
 * name her.
 */
export const activityPersonalData = (db: Queryable): PersonalData => ({
  key: "activity",
  export: async (member) =>
    (
      await db
        .select({ summary: activityLog.summary, at: activityLog.createdAt })
        .from(activityLog)
        .where(sql`${activityLog.summary} ~ ${addressPattern(member.email)}`)
        .orderBy(activityLog.id)
    ).map((entry) => ({ summary: entry.summary, at: entry.at.toISOString() })),
  erase: async (tx, member) => {
    const name = fullName(member);
    const patterns = [...(name ? [namedPattern(name, member.email)] : []), addressPattern(member.email)];
    for (const pattern of patterns) {
      await tx
        .update(activityLog)
        .set({ summary: sql`regexp_replace(${activityLog.summary}, ${pattern}, ${DEPARTED}, 'g')` })
        .where(sql`${activityLog.summary} ~ ${pattern}`);
    }
    await tx.update(activityLog).set({ actorLabel: DEPARTED }).where(eq(activityLog.actorId, member.id));
  },
});
