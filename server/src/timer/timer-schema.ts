import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * A contraction-timer session, as her phone keeps it (IndexedDB) and syncs it: the id is made on
 * the phone, so a session timed offline arrives once however often it is sent.
 */
export const timerSessions = pgTable(
  "timer_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rule: text("rule", { enum: ["5-1-1", "4-1-1", "3-1-1"] })
      .notNull()
      .default("5-1-1"),
    contractions: jsonb("contractions").$type<{ start: string; end: string | null }[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // When her partner's devices were told she started timing (push kind partner_timer): once a session.
    partnerToldAt: timestamp("partner_told_at", { withTimezone: true }),
  },
  (table) => [index("timer_sessions_user_idx").on(table.userId, table.updatedAt)],
);
