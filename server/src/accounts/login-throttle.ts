/**
 * Counts failed logins per (address, e-mail) and per address in a sliding window and refuses
 * further attempts once a limit is reached. It lives in the process: with several app servers
 * each one counts on its own, which still bounds guessing to a small multiple of the limit.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limitPerAccount = 5,
    private readonly limitPerAddress = 30,
    private readonly windowMs = 15 * 60 * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  retryAfterSeconds(address: string, email: string): number {
    return Math.max(
      this.waitFor(`account:${address}:${email}`, this.limitPerAccount),
      this.waitFor(`address:${address}`, this.limitPerAddress),
    );
  }

  recordFailure(address: string, email: string): void {
    for (const key of [`account:${address}:${email}`, `address:${address}`]) {
      const times = this.recent(key);
      times.push(this.now());
      this.failures.set(key, times);
    }
    if (this.failures.size > 50_000) this.forgetExpired();
  }

  recordSuccess(address: string, email: string): void {
    this.failures.delete(`account:${address}:${email}`);
  }

  private waitFor(key: string, limit: number): number {
    const times = this.recent(key);
    if (times.length < limit) return 0;
    const oldestCounted = times[times.length - limit]!;
    return Math.max(1, Math.ceil((oldestCounted + this.windowMs - this.now()) / 1000));
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.failures.get(key) ?? []).filter((time) => time > cutoff);
  }

  private forgetExpired(): void {
    for (const key of this.failures.keys()) {
      const times = this.recent(key);
      if (times.length === 0) this.failures.delete(key);
      else this.failures.set(key, times);
    }
  }
}
