import { createHash } from "node:crypto";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { loginFailures } from "../db/schema.ts";

const hashKey = (key: string) => createHash("sha256").update(key).digest("base64url");

/**
 * Counts failed logins per (address, e-mail) and per address in a sliding window and refuses
 * further attempts once a limit is reached. The failures live in the database, so several app
 * servers share one limit and a restart does not reset it.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Queryable,
    private readonly limitPerAccount = 5,
    private readonly limitPerAddress = 30,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  async retryAfterSeconds(address: string, email: string): Promise<number> {
    const [account, wholeAddress] = await Promise.all([
      this.waitFor(accountKey(address, email), this.limitPerAccount),
      this.waitFor(addressKey(address), this.limitPerAddress),
    ]);
    return Math.max(account, wholeAddress);
  }

  async recordFailure(address: string, email: string): Promise<void> {
    const failedAt = new Date(this.now());
    await this.db.insert(loginFailures).values([accountKey(address, email), addressKey(address)].map((key) => ({ keyHash: hashKey(key), failedAt })));
  }

  async recordSuccess(address: string, email: string): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.keyHash, hashKey(accountKey(address, email))));
  }

  /** Forgets failures older than the window (run with the session sweep). */
  async forgetExpired(): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(this.now() - this.windowMs)));
  }

  private async waitFor(key: string, limit: number): Promise<number> {
    // The limit-th most recent failure inside the window decides when one more attempt is allowed.
    const recent = await this.db
      .select({ failedAt: loginFailures.failedAt })
      .from(loginFailures)
      .where(and(eq(loginFailures.keyHash, hashKey(key)), gt(loginFailures.failedAt, new Date(this.now() - this.windowMs))))
      .orderBy(asc(loginFailures.failedAt));
    if (recent.length < limit) return 0;
    const oldestCounted = recent[recent.length - limit]!.failedAt.getTime();
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
  }
}

const accountKey = (address: string, email: string) => `account:${address}:${email.toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
