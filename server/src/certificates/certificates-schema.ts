import { integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * A certificate of completion, issued the first time she downloads it. The course's title and
 * lesson count are copied, so the certificate says the same after the course changes.
 */
export const certificates = pgTable(
  "certificates",
  {
    code: text("code").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull(),
    courseTitle: text("course_title").notNull(),
    lessonCount: integer("lesson_count").notNull(),
    memberName: text("member_name").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("certificates_user_course_idx").on(table.userId, table.courseId)],
);
