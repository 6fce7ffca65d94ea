import type { Database } from "../db/client.ts";
import { type CacheTrust, dataChanges } from "../db/data-changes.ts";
import { CacheStats } from "../metrics/cache-stats.ts";
import { endSession, findSession, startSession } from "./sessions-repository.ts";
import type { UserRow } from "./users-repository.ts";

const CACHE_LIMIT = 10_000;
const CACHE_SECONDS = 60;

/**
 * Sessions in the database, with an in-memory cache used while it can be trusted (data-changes.ts):
 * a logout, or a change of role, on any app server empties it everywhere.
 */
export class SessionStore {
  private readonly cache = new Map<string, { user: UserRow; until: number }>();
  // Counts the times the cache was emptied, so a lookup that began before a change is not kept after it.
  private generation = 0;
  private readonly forget = () => {
    this.generation += 1;
    this.cache.clear();
  };

  constructor(
    private readonly db: Database,
    private readonly cacheTrust: CacheTrust,
    private readonly stats = new CacheStats(),
  ) {
    dataChanges.on("access", this.forget);
  }

  async find(token: string): Promise<UserRow | undefined> {
    if (!this.cacheTrust.trusted()) return (await findSession(this.db, token))?.user;
    const now = Date.now();
    const cached = this.cache.get(token);
    this.stats.count("sessions", Boolean(cached && cached.until > now));
    if (cached && cached.until > now) return cached.user;
    const generation = this.generation;
    const session = await findSession(this.db, token);
    if (generation !== this.generation || !this.cacheTrust.trusted()) return session?.user;
    if (session) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      // Never past the session's own end: an expired session is refused to the second.
      this.cache.set(token, { user: session.user, until: Math.min(now + CACHE_SECONDS * 1000, session.expiresAt.getTime()) });
    } else {
      this.cache.delete(token);
    }
    return session?.user;
  }

  start(userId: number, days: number, userAgent: string | undefined) {
    return startSession(this.db, userId, days, userAgent);
  }

  async end(token: string): Promise<void> {
    this.cache.delete(token);
    await endSession(this.db, token);
    // What follows the session in this process (a live stream) learns at once; the others hear the notification.
    dataChanges.emit("access");
  }

  close(): void {
    dataChanges.off("access", this.forget);
    this.cache.clear();
  }
}
