import { createHash } from "node:crypto";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { rateLimitHits } from "./rate-limits-schema.ts";
import { HttpError } from "../http/errors.ts";

const hashKey = (key: string) => createHash("sha256").update(key).digest("base64url");

/** No limit counts further back than this; older hits are swept. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

export type KeyLimit = { key: string; limit: number };

/** An attempt let through: `hitIds` are the hits it was counted with, which a caller may take back. */
export type Admission = { admitted: true; hitIds: number[] } | { admitted: false; retryAfterSeconds: number };

/**
 * Counts events per key in a sliding window, in the database: several app servers share one
 * count, and a restart does not reset it. Keys are stored hashed, so no address or e-mail is kept.
 */
export class SlidingWindow {
  constructor(
    private readonly db: Database,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (windowMs > LONGEST_WINDOW_MS) throw new Error("a rate-limit window longer than the sweep keeps hits");
  }

  /**
   * Counts one attempt on every key before the work it limits, and lets it through only while each
   * key is within its limit. Reading the count and recording afterwards let attempts sent all at
   * once pass the read together; here each key is locked (a transaction-scoped advisory lock, which
   * holds across every app server on one PostgreSQL) while it is counted and the attempt recorded,
   * so exactly `limit` get through however many arrive together.
   */
  async admit(limits: KeyLimit[]): Promise<Admission> {
    const hashed = limits.map(({ key, limit }) => ({ keyHash: hashKey(key), limit }));
    return this.db.transaction(async (tx) => {
      // Always in the same order, so two attempts locking the same keys never wait on each other in a circle.
      for (const lock of [...new Set(hashed.map(({ keyHash }) => lockNumber(keyHash)))].sort()) {
        await tx.execute(sql`select pg_advisory_xact_lock(${lock}::bigint)`);
      }
      const now = this.now();
      let retryAfterSeconds = 0;
      for (const { keyHash, limit } of hashed) {
        const recent = await this.hitTimes(tx, keyHash, now);
        if (recent.length < limit) continue;
        // The limit-th most recent hit decides when one more fits in the window.
        const oldestCounted = recent[recent.length - limit]!.getTime();
        retryAfterSeconds = Math.max(retryAfterSeconds, 1, Math.ceil((oldestCounted + this.windowMs - now) / 1000));
      }
      if (retryAfterSeconds > 0) return { admitted: false, retryAfterSeconds };
      const inserted = await tx
        .insert(rateLimitHits)
        .values(hashed.map(({ keyHash }) => ({ keyHash, hitAt: new Date(now) })))
        .returning({ id: rateLimitHits.id });
      return { admitted: true, hitIds: inserted.map((row) => row.id) };
    });
  }

  /** Un-counts an admitted attempt (one that turned out not to count, such as a right password). */
  async takeBack(hitIds: number[]): Promise<void> {
    if (hitIds.length > 0) await this.db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
  }

  /** Forgets every hit of a key (a successful sign-in clears the failures before it). */
  async forget(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(eq(rateLimitHits.keyHash, hashKey(key)));
  }

  private async hitTimes(db: Queryable, keyHash: string, now: number): Promise<Date[]> {
    const rows = await db
      .select({ hitAt: rateLimitHits.hitAt })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.keyHash, keyHash), gt(rateLimitHits.hitAt, new Date(now - this.windowMs))))
      .orderBy(asc(rateLimitHits.hitAt));
    return rows.map((row) => row.hitAt);
  }
}

/** A key's advisory-lock number: the first 64 bits of its hash, as PostgreSQL's bigint. */
const lockNumber = (keyHash: string) => Buffer.from(keyHash, "base64url").readBigInt64BE(0).toString();

/** Forgets hits older than any window (run with the session sweep). */
export async function forgetOldRateLimitHits(db: Queryable, now = Date.now()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, new Date(now - LONGEST_WINDOW_MS)));
}

/**
 * The 429 a refused attempt answers with: what was refused, how long to wait (rounded up to whole
 * minutes), and any advice. `what` and `advice` are sentences of the catalogue (`sentence("…")`),
 * written in the request's language with the rest.
 */
export function tooManyAttempts(what: string, retryAfterSeconds: number, advice?: string): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const headers = { "retry-after": String(retryAfterSeconds) };
  return advice
    ? HttpError.withValues(
        429,
        "{what} Please wait {minutes, plural, one {# minute} other {# minutes}} and try again. {advice}",
        { what, minutes, advice },
        { headers },
      )
    : HttpError.withValues(
        429,
        "{what} Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
        { what, minutes },
        { headers },
      );
}
