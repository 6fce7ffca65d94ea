import type { Database } from "../db/client.ts";
import { type Admission, SlidingWindow } from "./sliding-window.ts";

export type PasswordAttempt = Extract<Admission, { admitted: true }> & { address: string; email: string };

/**
 * Limits password guesses per (address, e-mail) and per address in a sliding window. Each attempt
 * is counted before its password is checked, so guesses sent all at once are limited as strictly
 * as guesses sent one after another; a right password takes its attempt back.
 */
export class LoginThrottle {
  private readonly window: SlidingWindow;

  constructor(
    db: Database,
    private readonly limitPerAccount = 5,
    private readonly limitPerAddress = 30,
    windowMs = 15 * 60 * 1000,
    now: () => number = Date.now,
  ) {
    this.window = new SlidingWindow(db, windowMs, now);
  }

  /** Counts an attempt; `retryAfterSeconds` when it is one too many, else the attempt to settle. */
  async attempt(address: string, email: string): Promise<PasswordAttempt | { admitted: false; retryAfterSeconds: number }> {
    const admission = await this.window.admit([
      { key: accountKey(address, email), limit: this.limitPerAccount },
      { key: addressKey(address), limit: this.limitPerAddress },
    ]);
    return admission.admitted ? { ...admission, address, email } : admission;
  }

  /** The password was right: this attempt does not count against the address. */
  async rightPassword(attempt: PasswordAttempt): Promise<void> {
    await this.window.takeBack(attempt.hitIds);
  }

  /** A sign-in succeeded: the wrong guesses before it, on this account from this address, are forgotten too. */
  async signedIn(attempt: PasswordAttempt): Promise<void> {
    await Promise.all([this.window.takeBack(attempt.hitIds), this.window.forget(accountKey(attempt.address, attempt.email))]);
  }
}

const accountKey = (address: string, email: string) => `login-account:${address}:${email.toLowerCase()}`;
const addressKey = (address: string) => `login-address:${address}`;
