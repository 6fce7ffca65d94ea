import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * What the instructor (in the studio) or an operator (with the CLI) changed, kept 90 days: who,
 * what, when. The actor's label is copied so the entry still reads after the account is gone.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("activity_log_created_at_idx").on(table.createdAt), index("activity_log_kind_idx").on(table.kind, table.createdAt)],
);
