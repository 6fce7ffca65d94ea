import type { Database } from "../db/client.ts";
import { dataChanges } from "../data-changes.ts";
import { endSession, findSessionUser, startSession } from "./sessions.ts";
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
    if (!this.cacheLookups) return findSessionUser(this.db, token);
    const now = Date.now();
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.user;
    const user = await findSessionUser(this.db, token);
    if (user) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(token, { user, until: now + CACHE_SECONDS * 1000 });
    } else {
      this.cache.delete(token);
    }
    return user;
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
