import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * What the instructor deleted in the studio, restorable for 30 days: the deleted rows (a course,
 * a module with its topics and lessons, or a lesson, with the plans' links, members' grants and
 * progress they carried) as they were. Files stay in lesson_files, marked with the item.
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["course", "module", "lesson", "file"] }).notNull(),
    title: text("title").notNull(),
    // Where it was, in words ("in Birth preparation › Week 1"), so the Trash reads without the tree.
    place: text("place").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    deletedById: integer("deleted_by_id").references(() => users.id, { onDelete: "set null" }),
    deletedByLabel: text("deleted_by_label").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("trash_items_deleted_at_idx").on(table.deletedAt)],
);
