import { integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";
import { lessons } from "../catalogue/catalogue-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * The content notes a lesson or a community post may carry (birth trauma, pregnancy loss…): one
 * list, shipped with a default set (migration 0022) that the instructor may extend.
 */
export const contentNotes = pgTable("content_notes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** How she meets each content note: shown normally, told first (the default), or left out of her suggestions. */
export const contentNoteChoices = pgTable("content_note_choices", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  choices: jsonb("choices").$type<Record<string, "show" | "tell" | "leave_out">>().notNull().default({}),
});

/** Lessons she put aside from a content note's notice ("Save for later"), listed on /home. */
export const savedForLater = pgTable(
  "saved_for_later",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);
