import type { Queryable } from "../db/client.ts";
import { SlidingWindow } from "./sliding-window.ts";

/**
 * Counts failed sign-ins per (address, e-mail) and per address in a sliding window and refuses
 * further attempts once a limit is reached.
 */
export class LoginThrottle {
  private readonly window: SlidingWindow;

  constructor(
    db: Queryable,
    private readonly limitPerAccount = 5,
    private readonly limitPerAddress = 30,
    windowMs = 15 * 60 * 1000,
    now: () => number = Date.now,
  ) {
    this.window = new SlidingWindow(db, windowMs, now);
  }

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  async retryAfterSeconds(address: string, email: string): Promise<number> {
    const [account, wholeAddress] = await Promise.all([
      this.window.retryAfterSeconds(accountKey(address, email), this.limitPerAccount),
      this.window.retryAfterSeconds(addressKey(address), this.limitPerAddress),
    ]);
    return Math.max(account, wholeAddress);
  }

  recordFailure(address: string, email: string): Promise<void> {
    return this.window.record([accountKey(address, email), addressKey(address)]);
  }

  recordSuccess(address: string, email: string): Promise<void> {
    return this.window.forget(accountKey(address, email));
  }
}

const accountKey = (address: string, email: string) => `login-account:${address}:${email.toLowerCase()}`;
const addressKey = (address: string) => `login-address:${address}`;
