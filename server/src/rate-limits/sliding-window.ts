import { createHash } from "node:crypto";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rateLimitHits } from "../db/schema.ts";

const hashKey = (key: string) => createHash("sha256").update(key).digest("base64url");

/** No limit counts further back than this; older hits are swept. */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * Counts events per key in a sliding window, in the database: several app servers share one
 * count, and a restart does not reset it. Keys are stored hashed, so no address or e-mail is kept.
 */
export class SlidingWindow {
  constructor(
    private readonly db: Queryable,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (windowMs > LONGEST_WINDOW_MS) throw new Error("a rate-limit window longer than the sweep keeps hits");
  }

  /** Seconds until one more event is allowed under `limit`, or 0 when it is allowed now. */
  async retryAfterSeconds(key: string, limit: number): Promise<number> {
    // The limit-th most recent hit inside the window decides when one more is allowed.
    const recent = await this.db
      .select({ hitAt: rateLimitHits.hitAt })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.keyHash, hashKey(key)), gt(rateLimitHits.hitAt, new Date(this.now() - this.windowMs))))
      .orderBy(asc(rateLimitHits.hitAt));
    if (recent.length < limit) return 0;
    const oldestCounted = recent[recent.length - limit]!.hitAt.getTime();
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
  }

  async record(keys: string[]): Promise<void> {
    const hitAt = new Date(this.now());
    await this.db.insert(rateLimitHits).values(keys.map((key) => ({ keyHash: hashKey(key), hitAt })));
  }

  async forget(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(eq(rateLimitHits.keyHash, hashKey(key)));
  }
}

/** Forgets hits older than any window (run with the session sweep). */
export async function forgetOldRateLimitHits(db: Queryable, now = Date.now()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, new Date(now - LONGEST_WINDOW_MS)));
}

/** A sentence for a 429, rounding the wait up to whole minutes. */
export function waitSentence(retryAfterSeconds: number): string {
  return `Please wait ${Math.ceil(retryAfterSeconds / 60)} minute(s) and try again.`;
}
