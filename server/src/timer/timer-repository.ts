import { and, desc, eq, sql } from "drizzle-orm";
import type { TimerSession, TimerSessionSave } from "../../../contract/timer.ts";
import type { Database, Queryable } from "../db/client.ts";
import { emitLive, publishLive } from "../db/live-events.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { timerSessions } from "./timer-schema.ts";
import { HttpError } from "../http/errors.ts";

/** The live stream a member's timer changes on (her partner's /timer follows it). */
export const timerStream = (userId: number) => `timer:${userId}`;

type Row = typeof timerSessions.$inferSelect;
const toSession = (row: Row): TimerSession => ({
  id: row.id,
  rule: row.rule,
  contractions: row.contractions,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * Keeps a session as her phone sends it (the phone is where it is timed; a send repeated after a
 * lost connection changes nothing), and tells every app server's open streams.
 */
export async function syncSession(db: Database, userId: number, id: string, session: TimerSessionSave, now: Date): Promise<TimerSession> {
  const contractions = [...session.contractions].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(timerSessions)
      .values({ id, userId, rule: session.rule, contractions, updatedAt: now })
      .onConflictDoUpdate({
        target: timerSessions.id,
        set: { rule: session.rule, contractions, updatedAt: now },
        setWhere: eq(timerSessions.userId, userId),
      })
      .returning();
    // Another account's session id (a guess): nothing written, and nothing said about it.
    if (!row) throw new HttpError(404, "There is no such session on your account.");
    await publishLive(tx, timerStream(userId));
    return row;
  });
  emitLive(timerStream(userId));
  return toSession(saved);
}

/** Her latest session, if she has timed one. */
export async function latestSession(db: Queryable, userId: number): Promise<TimerSession | null> {
  const [row] = await db
    .select()
    .from(timerSessions)
    .where(eq(timerSessions.userId, userId))
    .orderBy(desc(timerSessions.updatedAt))
    .limit(1);
  return row ? toSession(row) : null;
}

export async function deleteSession(db: Database, userId: number, id: string): Promise<boolean> {
  const removed = await db
    .delete(timerSessions)
    .where(and(eq(timerSessions.userId, userId), eq(timerSessions.id, id)))
    .returning({ id: timerSessions.id });
  if (removed.length > 0) {
    await publishLive(db, timerStream(userId));
    emitLive(timerStream(userId));
  }
  return removed.length > 0;
}

/** Her timed sessions, in her download; they go with her account (cascade). */
export const timerPersonalData = (db: Queryable): PersonalData => ({
  key: "contraction_timer",
  export: async (member) =>
    (
      await db
        .select()
        .from(timerSessions)
        .where(eq(timerSessions.userId, member.id))
        .orderBy(sql`${timerSessions.updatedAt}`)
    ).map(toSession),
});
