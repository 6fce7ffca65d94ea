import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { announceChange } from "../data-changes.ts";
import type { Queryable } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import type { UserRow } from "./users-repository.ts";

export const SESSION_COOKIE = "session";

// Only the hash is stored, so a leaked database backup holds no usable session.
function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function startSession(db: Queryable, userId: number, days: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** The member behind a live session token, and when that session ends. */
export async function findSession(db: Queryable, token: string): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  if (token.length > 100) return undefined;
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date())));
  return row;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  // Every app server drops the session from its cache; the others hear it within milliseconds.
  await announceChange(db, "access");
}

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
