import { bigserial, index, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";
import { lessons } from "../catalogue/catalogue-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** Where a member is in each lesson she opened: the basis of "3 of 5 done", Continue and resuming a video. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Which save came last: a sequence, not the clock, so two saves in one millisecond (or on two
    // servers) still have an order, and "Continue where you left off" names the latest.
    recency: bigserial("recency", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index("lesson_progress_recent_idx").on(table.userId, table.recency)],
);
