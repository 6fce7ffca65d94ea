import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne } from "drizzle-orm";
import { announceChange } from "../db/data-changes.ts";
import type { Queryable } from "../db/client.ts";
import { sessions, users } from "./accounts-schema.ts";
import type { UserRow } from "./users-repository.ts";

// Only the hash is stored, so a leaked database backup holds no usable session.
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

// How stale "last seen" on /account may be: refreshing it on every request would be a write per request.
const LAST_SEEN_PRECISION_MS = 5 * 60 * 1000;

export async function startSession(
  db: Queryable,
  userId: number,
  days: number,
  userAgent: string | undefined,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt, userAgent: userAgent?.slice(0, 300) ?? null });
  return { token, expiresAt };
}

/** The member behind a live session token, and when that session ends. Refreshes "last seen" now and then. */
export async function findSession(db: Queryable, token: string): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  if (token.length > 100) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), isNull(users.deactivatedAt)));
  if (!row) return undefined;
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_PRECISION_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: row.user, expiresAt: row.expiresAt };
}

/** A session's public name on /account: a prefix of its hash, which no one can use to act. */
const publicIdOf = (tokenHash: string) => tokenHash.slice(0, 16);
export const sessionIdOf = (token: string) => publicIdOf(hashToken(token));

/** The key a session is stored under, for a row another feature keeps only while the session lasts (a device's notifications). */
export const sessionKeyOf = (token: string) => hashToken(token);

/** Her live sessions, most recently used first, each by its public name. */
export async function listSessions(db: Queryable, userId: number) {
  const rows = await db
    .select({ tokenHash: sessions.tokenHash, userAgent: sessions.userAgent, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map(({ tokenHash, ...session }) => ({ id: publicIdOf(tokenHash), ...session }));
}

/** Ends every session of a member but the one given (or all of them); returns how many ended. */
export async function endSessionsOf(db: Queryable, userId: number, keepToken?: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(keepToken ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))) : eq(sessions.userId, userId))
    .returning({ tokenHash: sessions.tokenHash });
  await announceChange(db, "access");
  return ended.length;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  // Every app server drops the session from its cache; the others hear it within milliseconds.
  await announceChange(db, "access");
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
