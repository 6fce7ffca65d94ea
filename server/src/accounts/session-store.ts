import type { Database } from "../db/client.ts";
import { dataChanges } from "../data-changes.ts";
import { endSession, findSession, startSession } from "./sessions.ts";
import type { UserRow } from "./users-repository.ts";

const CACHE_LIMIT = 10_000;
const CACHE_SECONDS = 60;

/**
 * Sessions in the database, with an optional in-memory cache for the embedded database, where this
 * process is the only one that can end a session. With PostgreSQL every lookup asks the database,
 * so a logout on one app server ends the session on all of them at once.
 */
export class SessionStore {
  private readonly cache = new Map<string, { user: UserRow; until: number }>();
  private readonly forget = () => this.cache.clear();

  constructor(
    private readonly db: Database,
    private readonly cacheLookups: boolean,
  ) {
    if (cacheLookups) dataChanges.on("access", this.forget);
  }

  async find(token: string): Promise<UserRow | undefined> {
    if (!this.cacheLookups) return (await findSession(this.db, token))?.user;
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.user;
    const session = await findSession(this.db, token);
    if (session) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      // Never past the session's own end: an expired session is refused to the second.
      this.cache.set(token, { user: session.user, until: Math.min(now + CACHE_SECONDS * 1000, session.expiresAt.getTime()) });
    } else {
      this.cache.delete(token);
    }
    return session?.user;
  }

  start(userId: number, days: number) {
    return startSession(this.db, userId, days);
  }

  async end(token: string): Promise<void> {
    this.cache.delete(token);
    await endSession(this.db, token);
  }

  close(): void {
    dataChanges.off("access", this.forget);
    this.cache.clear();
  }
}
