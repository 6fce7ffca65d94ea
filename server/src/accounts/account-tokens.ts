import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { accountTokens } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
type TokenRow = typeof accountTokens.$inferSelect;

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

const lifetimeMinutes: Record<TokenPurpose, number> = { password_reset: 60, email_change: 24 * 60 };

/** A new single-use link token (256 random bits); only its hash is stored. */
export async function createAccountToken(db: Queryable, userId: number, purpose: TokenPurpose, newEmail: string | null = null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    newEmail,
    expiresAt: new Date(Date.now() + lifetimeMinutes[purpose] * 60 * 1000),
  });
  return token;
}

/** The sentence a person reads when a link cannot be used, by what is wrong with it. */
function unusable(row: TokenRow | undefined): HttpError {
  const what = row?.purpose === "email_change" ? "confirmation" : "reset";
  if (!row) return new HttpError(410, `This ${what} link is not known. It may have been copied incompletely, or replaced by a newer one.`);
  if (row.usedAt) return new HttpError(410, `This ${what} link has already been used. Each link works once.`);
  return new HttpError(410, `This ${what} link has expired. Links stay valid for ${row.purpose === "email_change" ? "24 hours" : "60 minutes"}.`);
}

/** The token's row while it can still be used, or a 410 saying why not. Uses nothing. */
export async function checkAccountToken(db: Queryable, token: string, purpose: TokenPurpose): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw unusable(row);
  return row;
}

/**
 * Uses a token, once: the update only matches an unused, unexpired token, so of two requests
 * racing with the same link exactly one succeeds. Call it in the transaction of what it allows.
 */
export async function useAccountToken(db: Queryable, token: string, purpose: TokenPurpose): Promise<TokenRow> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning();
  if (!used) {
    const [row] = await db.select().from(accountTokens).where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)));
    throw unusable(row);
  }
  return used;
}

/** Ends her other unused links of this purpose (after a reset, the older reset links must not work). */
export async function dropAccountTokens(db: Queryable, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Used and expired links are kept a day (so a second click can be told "already used"), then forgotten. */
export async function forgetOldAccountTokens(db: Queryable): Promise<void> {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
