import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { sourceLanguage } from "../../../contract/languages.ts";
import type { TimerSession, TimerSessionSave } from "../../../contract/timer.ts";
import { accountLanguage, findUserById, fullName } from "../accounts/users-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { emitLive, publishLive } from "../db/live-events.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { timerSessions } from "./timer-schema.ts";
import { HttpError } from "../http/errors.ts";
import { translatorFor } from "../language/catalogues.ts";
import { partnerFollowingTimer } from "../partners/partners-repository.ts";
import { queuePushes } from "../push/push-repository.ts";

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
    await tellPartnerOnce(tx, row, now);
    await publishLive(tx, timerStream(userId));
    return row;
  });
  emitLive(timerStream(userId));
  return toSession(saved);
}

/** A session her partner hears of: one with a contraction timed in the last hour (not an old one synced late). */
const PARTNER_TOLD_WITHIN_MS = 60 * 60 * 1000;

/**
 * Her partner's devices (kind partner_timer) hear once per session that she is timing, when she
 * shares her timer with him. The conditional update claims the session, so a sync repeated on
 * another app server at the same moment tells him nothing twice.
 */
async function tellPartnerOnce(tx: Queryable, session: Row, now: Date) {
  // Every sync of a session comes here: one already told asks nothing more of the database.
  if (session.partnerToldAt !== null) return;
  const latest = session.contractions.at(-1);
  if (!latest || Date.parse(latest.start) < now.getTime() - PARTNER_TOLD_WITHIN_MS) return;
  const partnerId = await partnerFollowingTimer(tx, session.userId);
  if (partnerId === undefined) return;
  const claimed = await tx
    .update(timerSessions)
    .set({ partnerToldAt: now })
    .where(and(eq(timerSessions.id, session.id), isNull(timerSessions.partnerToldAt)))
    .returning({ id: timerSessions.id });
  if (claimed.length === 0) return;
  const [mother, partner] = await Promise.all([findUserById(tx, session.userId), findUserById(tx, partnerId)]);
  if (!mother || !partner) return;
  const name = mother.firstName || fullName(mother);
  const i18n = translatorFor(accountLanguage(partner, sourceLanguage));
  await queuePushes(
    tx,
    [
      {
        userId: partnerId,
        kind: "partner_timer",
        message: {
          title: name ? i18n._("{name} is timing contractions", { name }) : i18n._("Your partner is timing contractions"),
          body: i18n._("Open the timer to follow along with her."),
          url: "/timer",
          tag: `timer-${session.id}`,
          locked: {
            title: name ? i18n._("News from {name}", { name }) : i18n._("News from your partner"),
            body: i18n._("Open the app to see it."),
          },
        },
      },
    ],
    now,
    // Worth little after a few hours; a phone that is off hears it when it is back within that.
    6 * 60 * 60 * 1000,
  );
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
