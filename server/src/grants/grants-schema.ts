import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";
import { courses } from "../catalogue/catalogue-schema.ts";
import { purchases } from "../payments/payments-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * Who may open a course beyond the free ones. A grant remembers where it came from: the
 * instructor's hand (CLI, later the studio) or a purchase, so that closing a purchase never removes
 * what the instructor gave, and revoking by hand never silently closes what a member paid for.
 */
export const courseGrants = pgTable(
  "course_grants",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["instructor", "purchase"] })
      .notNull()
      .default("instructor"),
    purchaseId: integer("purchase_id").references(() => purchases.id, { onDelete: "cascade" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    // When a cancelled subscription's paid period is over; null while the grant lasts.
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (table) => [
    index("course_grants_user_id_idx").on(table.userId),
    uniqueIndex("course_grants_instructor_idx")
      .on(table.userId, table.courseId)
      .where(sql`source = 'instructor'`),
    uniqueIndex("course_grants_purchase_idx")
      .on(table.purchaseId, table.courseId)
      .where(sql`source = 'purchase'`),
  ],
);
