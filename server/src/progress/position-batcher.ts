import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { lessonProgress } from "../db/schema.ts";
import type { ProgressRow } from "./progress-repository.ts";

type Waiting = { userId: number; lessonId: number; seconds: number; waiters: Array<{ resolve: (row: ProgressRow) => void; reject: (error: unknown) => void }> };

/**
 * Video positions arrive every 10 seconds from every member watching. Each is answered only once
 * it is written, but the positions that arrive while one write is in flight are written together,
 * in one statement and one commit: a thousand members watching cost a few commits a second, not a
 * thousand (group commit). A position never touches completion.
 */
export class PositionBatcher {
  private waiting = new Map<string, Waiting>();
  private writing: Promise<void> | undefined;

  constructor(private readonly db: Database) {}

  save(userId: number, lessonId: number, seconds: number): Promise<ProgressRow> {
    return new Promise((resolve, reject) => {
      const key = `${userId}:${lessonId}`;
      const entry = this.waiting.get(key);
      // Two positions of one lesson in one batch: the later one is the one she is at.
      if (entry) {
        entry.seconds = seconds;
        entry.waiters.push({ resolve, reject });
      } else {
        this.waiting.set(key, { userId, lessonId, seconds, waiters: [{ resolve, reject }] });
      }
      if (!this.writing) this.writing = this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    // Let the requests that arrived in the same turn of the event loop join the first batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.size > 0) {
      const batch = [...this.waiting.values()];
      this.waiting = new Map();
      try {
        const rows = await this.db
          .insert(lessonProgress)
          .values(batch.map((entry) => ({ userId: entry.userId, lessonId: entry.lessonId, positionSeconds: entry.seconds })))
          .onConflictDoUpdate({
            target: [lessonProgress.userId, lessonProgress.lessonId],
            set: { positionSeconds: sql`excluded.position_seconds`, updatedAt: sql`now()` },
          })
          .returning();
        const byKey = new Map(rows.map((row) => [`${row.userId}:${row.lessonId}`, row]));
        for (const entry of batch) {
          const row = byKey.get(`${entry.userId}:${entry.lessonId}`)!;
          for (const waiter of entry.waiters) waiter.resolve(row);
        }
      } catch (error) {
        for (const entry of batch) for (const waiter of entry.waiters) waiter.reject(error);
      }
    }
    this.writing = undefined;
  }
}
