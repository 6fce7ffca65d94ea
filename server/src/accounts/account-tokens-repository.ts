import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { accountTokens } from "./accounts-schema.ts";
import { HttpError } from "../http/errors.ts";

export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];
/** The purposes of a link that acts for an existing member (every one but the instructor's setup). */
export type MemberTokenPurpose = Exclude<TokenPurpose, "instructor_setup">;
type TokenRow = typeof accountTokens.$inferSelect;
type MemberTokenRow = TokenRow & { userId: number };

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

const HOUR_MINUTES = 60;
/** How long a link stays valid when its maker does not say: a mailed reset is short-lived, a member reads a confirmation later. */
const lifetimeMinutes: Record<TokenPurpose, number> = {
  password_reset: HOUR_MINUTES,
  email_change: 24 * HOUR_MINUTES,
  // Mailed at registration: she may open it days later.
  email_proof: 7 * 24 * HOUR_MINUTES,
  instructor_setup: 72 * HOUR_MINUTES,
};

/** A new single-use link token (256 random bits); only its hash is stored. */
export async function createAccountToken(
  db: Queryable,
  userId: number | null,
  purpose: TokenPurpose,
  { newEmail = null, validMinutes = lifetimeMinutes[purpose] }: { newEmail?: string | null; validMinutes?: number } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(accountTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    newEmail,
    expiresAt: new Date(Date.now() + validMinutes * 60 * 1000),
  });
  return token;
}

// Each purpose's link, by its name in the sentences below (an ICU select, so each language names it its own way).
const linkNames: Record<TokenPurpose, "reset" | "confirmation" | "setup"> = {
  password_reset: "reset",
  email_change: "confirmation",
  email_proof: "confirmation",
  instructor_setup: "setup",
};

/** The sentence a person reads when a link cannot be used, by what is wrong with it. */
function unusable(row: TokenRow | undefined, purpose: TokenPurpose): HttpError {
  const link = linkNames[purpose];
  if (!row)
    return HttpError.withValues(
      410,
      "This {link, select, reset {reset} confirmation {confirmation} other {setup}} link is not known. It may have been copied incompletely, or replaced by a newer one.",
      { link },
    );
  if (row.usedAt)
    return HttpError.withValues(
      410,
      "This {link, select, reset {reset} confirmation {confirmation} other {setup}} link has already been used. Each link works once.",
      { link },
    );
  const minutes = Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000);
  return minutes % HOUR_MINUTES === 0 && minutes > HOUR_MINUTES
    ? HttpError.withValues(
        410,
        "This {link, select, reset {reset} confirmation {confirmation} other {setup}} link has expired. It was valid for {hours, plural, one {# hour} other {# hours}}.",
        { link, hours: minutes / HOUR_MINUTES },
      )
    : HttpError.withValues(
        410,
        "This {link, select, reset {reset} confirmation {confirmation} other {setup}} link has expired. It was valid for {minutes, plural, one {# minute} other {# minutes}}.",
        { link, minutes },
      );
}

/** The token's row while it can still be used, or a 410 saying why not. Uses nothing. */
export async function checkAccountToken(db: Queryable, token: string, purpose: TokenPurpose): Promise<TokenRow> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, purpose)));
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw unusable(row, purpose);
  return row;
}

/**
 * Uses a token, once: the update only matches an unused, unexpired token, so of two requests
 * racing with the same link exactly one succeeds. Call it in the transaction of what it allows.
 */
export async function useAccountToken(
  db: Queryable,
  token: string,
  purpose: MemberTokenPurpose | readonly [MemberTokenPurpose, ...MemberTokenPurpose[]],
): Promise<MemberTokenRow> {
  return (await useToken(db, token, purpose)) as MemberTokenRow;
}

/** useAccountToken for any purpose, the setup link's included (whose row names no member); one of several purposes when a list is given. */
export async function useToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose | readonly [TokenPurpose, ...TokenPurpose[]],
): Promise<TokenRow> {
  const purposes = typeof purpose === "string" ? [purpose] : [...purpose];
  const tokenHash = hashToken(token);
  const now = new Date();
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  if (!used) {
    const [row] = await db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.tokenHash, tokenHash), inArray(accountTokens.purpose, purposes)));
    throw unusable(row, row?.purpose ?? purposes[0]!);
  }
  return used;
}

/** Ends her other unused links of this purpose (after a reset, the older reset links must not work). */
export async function dropAccountTokens(db: Queryable, userId: number, purpose: MemberTokenPurpose): Promise<void> {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}

/** Ends every unused studio setup link: the studio has its first instructor. */
export async function dropSetupLinks(db: Queryable): Promise<void> {
  await db.delete(accountTokens).where(and(eq(accountTokens.purpose, "instructor_setup"), isNull(accountTokens.usedAt)));
}

/** Used and expired links are kept a day (so a second click can be told "already used"), then forgotten. */
export async function forgetOldAccountTokens(db: Queryable): Promise<void> {
  await db.delete(accountTokens).where(lt(accountTokens.expiresAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}
