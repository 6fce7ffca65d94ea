import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { postgresErrorCode, UNIQUE_VIOLATION } from "../db/client.ts";
import { accessCodes } from "./access-codes-schema.ts";
import { HttpError } from "../http/errors.ts";
import { formattingLocales, type Language } from "../../../contract/languages.ts";
import { longDay } from "../lib/time-zones.ts";

export type AccessCodeRow = typeof accessCodes.$inferSelect;

export function normaliseCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isWellFormedCode(code: string): boolean {
  return /^[A-Z0-9][A-Z0-9_-]{2,63}$/.test(code);
}

/** A code that is easy to read aloud and type on a phone: no 0/O or 1/I. */
export function generateCode(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(8);
  const characters = Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join("");
  return `BETA-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

export async function createAccessCode(
  db: Queryable,
  input: { code: string; maxUses?: number | null; expiresAt?: Date | null },
): Promise<AccessCodeRow> {
  try {
    const [row] = await db
      .insert(accessCodes)
      .values({ code: normaliseCode(input.code), maxUses: input.maxUses ?? null, expiresAt: input.expiresAt ?? null })
      .returning();
    return row!;
  } catch (error) {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION) {
      throw HttpError.withValues(409, "The access code {code} already exists.", { code: normaliseCode(input.code) });
    }
    throw error;
  }
}

/** Opens or closes a code for registration; its uses are kept either way. */
export async function setAccessCodeActive(db: Queryable, code: string, active: boolean): Promise<AccessCodeRow | undefined> {
  const [row] = await db
    .update(accessCodes)
    .set({ active })
    .where(eq(accessCodes.code, normaliseCode(code)))
    .returning();
  return row;
}

export type AccessCodeStatus = "active" | "inactive" | "expired" | "used up";

export function accessCodeStatus(row: AccessCodeRow, now: number): AccessCodeStatus {
  if (!row.active) return "inactive";
  if (row.expiresAt && row.expiresAt.getTime() <= now) return "expired";
  if (row.maxUses !== null && row.uses >= row.maxUses) return "used up";
  return "active";
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Expiry at the end of the named day (UTC): a code valid until 2026-12-31 works all of that day. */
export function endOfDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS);
}

/** The last day (UTC, YYYY-MM-DD) a code works, or null when it never expires. */
export function lastValidDay(row: AccessCodeRow): string | null {
  return row.expiresAt ? new Date(row.expiresAt.getTime() - 1).toISOString().slice(0, 10) : null;
}

export function listAccessCodes(db: Queryable): Promise<AccessCodeRow[]> {
  return db.select().from(accessCodes).orderBy(asc(accessCodes.createdAt), asc(accessCodes.code));
}

/**
 * Takes one use of a code, or throws the registration error (docs/product.md, Error catalogue) that explains why not.
 * The conditional UPDATE is atomic: PostgreSQL re-checks the row after waiting for its lock, so a
 * code limited to N uses admits exactly N registrations however many arrive at once. Registration
 * takes the use before anything else and gives it back (releaseAccessCode) when it fails later.
 */
export async function consumeAccessCode(
  db: Queryable,
  rawCode: string,
  contactEmail: string,
  now: Date,
  language: Language,
): Promise<void> {
  const code = normaliseCode(rawCode);
  const [taken] = await db
    .update(accessCodes)
    .set({ uses: sql`${accessCodes.uses} + 1` })
    .where(
      and(
        eq(accessCodes.code, code),
        eq(accessCodes.active, true),
        or(isNull(accessCodes.maxUses), lt(accessCodes.uses, accessCodes.maxUses)),
        or(isNull(accessCodes.expiresAt), gt(accessCodes.expiresAt, now)),
      ),
    )
    .returning({ code: accessCodes.code });
  if (taken) return;

  const [existing] = await db.select().from(accessCodes).where(eq(accessCodes.code, code));
  if (!existing) throw new HttpError(404, "Access code not found.");
  if (!existing.active) throw new HttpError(403, "Forbidden. Access code inactive.");
  // The catalogue's status and sentence, then why, and whom to ask: a mother with an old invitation is not stuck.
  if (accessCodeStatus(existing, now.getTime()) === "expired") {
    throw HttpError.withValues(
      401,
      "Unauthorized. Access code invalid: this code stopped working after {day}. Please ask whoever gave it to you for a new one, or write to {address}.",
      { day: longDay(lastValidDay(existing)!, formattingLocales[language]), address: contactEmail },
    );
  }
  throw HttpError.withValues(
    401,
    "Unauthorized. Access code invalid: this code has been used as many times as it allows. Please ask whoever gave it to you for a new one, or write to {address}.",
    { address: contactEmail },
  );
}

/** Gives back a use taken by consumeAccessCode for a registration that did not happen. */
export async function releaseAccessCode(db: Queryable, rawCode: string): Promise<void> {
  await db
    .update(accessCodes)
    .set({ uses: sql`${accessCodes.uses} - 1` })
    .where(and(eq(accessCodes.code, normaliseCode(rawCode)), gt(accessCodes.uses, 0)));
}
