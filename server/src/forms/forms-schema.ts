import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["feedback", "contact"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    // When the instructor read it in the studio's inbox; null while unread.
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("form_submissions_kind_idx").on(table.kind, table.createdAt)],
);
