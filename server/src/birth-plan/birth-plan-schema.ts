import { boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * The sections and options of the birth-preferences builder as the instructor edited them (one
 * row; none means the default set of birth-plan/default-template.ts).
 */
export const birthPlanTemplate = pgTable("birth_plan_template", {
  id: integer("id").primaryKey().default(1),
  sections: jsonb("sections")
    .$type<{ id: string; title: string; options: { id: string; label: string; lesson_id: number | null }[] }[]>()
    .notNull(),
  revision: integer("revision").notNull().default(1),
});

/** Her birth preferences: the options she chose with a short note each, and who supports her. */
export const birthPlans = pgTable("birth_plans", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  choices: jsonb("choices").$type<{ optionId: string; note: string }[]>().notNull().default([]),
  supportPeople: text("support_people").notNull().default(""),
  // Whether the instructor sees it on her 1:1 bookings (the studio's calendar).
  shareWithInstructor: boolean("share_with_instructor").notNull().default(false),
  // Counts saves: a save made from an older copy (another device) is refused with 409, never silently applied.
  revision: integer("revision").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
