import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { lessonProgress } from "./progress-schema.ts";
import type { ProgressRow } from "./progress-repository.ts";

type ReturnedRow = { user_id: number; lesson_id: number; position_seconds: number; completed_at: unknown };
/** The fields an answer needs; the rest of the row is not read back. */
export type SavedPosition = Pick<ProgressRow, "userId" | "lessonId" | "positionSeconds" | "completedAt">;
const toRow = (row: ReturnedRow): SavedPosition => ({
  userId: Number(row.user_id),
  lessonId: Number(row.lesson_id),
  positionSeconds: Number(row.position_seconds),
  completedAt: row.completed_at === null ? null : new Date(row.completed_at as string),
});

type Waiting = {
  userId: number;
  lessonId: number;
  seconds: number;
  waiters: Array<{ resolve: (row: SavedPosition) => void; reject: (error: unknown) => void }>;
};

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

  save(userId: number, lessonId: number, seconds: number): Promise<SavedPosition> {
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
        // Three array parameters however large the batch: the statement costs the same to build and to plan.
        const result = await this.db.execute(sql`
          insert into ${lessonProgress} (user_id, lesson_id, position_seconds)
          select * from unnest(${`{${batch.map((entry) => entry.userId).join(",")}}`}::int[], ${`{${batch.map((entry) => entry.lessonId).join(",")}}`}::int[], ${`{${batch.map((entry) => entry.seconds).join(",")}}`}::int[])
          on conflict (user_id, lesson_id) do update set position_seconds = excluded.position_seconds, updated_at = now()
          returning user_id, lesson_id, position_seconds, completed_at`);
        const rows = (result as unknown as { rows: ReturnedRow[] }).rows;
        const byKey = new Map(rows.map((row) => [`${row.user_id}:${row.lesson_id}`, toRow(row)]));
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
