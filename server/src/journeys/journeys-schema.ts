import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

type InLanguages = { en: string; es: string };

/** A journey the doula wrote: who it is for, its steps in journey_steps (docs/journeys.md). */
export const journeys = pgTable("journeys", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  // "due_date": every member with a due date; "clients": her birth clients; "course": the members who may open courseId.
  audience: text("audience", { enum: ["due_date", "clients", "course"] }).notNull(),
  courseId: integer("course_id"),
  createdAt: createdAt(),
});

/**
 * One step: at a moment of the pregnancy (week and day, 40+0 the due date) or days after the birth,
 * at an hour of her day. A step keeps its id through saves while its moment stays, so what was
 * sent of it stays sent; createdAt says since when it exists (a step added later reaches no one
 * whose moment for it had passed).
 */
export const journeySteps = pgTable(
  "journey_steps",
  {
    id: serial("id").primaryKey(),
    journeyId: integer("journey_id")
      .notNull()
      .references(() => journeys.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    atWeek: integer("at_week"),
    atDay: integer("at_day"),
    afterBirthDays: integer("after_birth_days"),
    hour: text("hour").notNull().default("09:00"),
    channels: jsonb("channels").$type<("app" | "mail" | "push")[]>().notNull(),
    title: jsonb("title").$type<InLanguages>().notNull(),
    text: jsonb("text").$type<InLanguages>().notNull(),
    lessonId: integer("lesson_id"),
    // The check-in the step sends her ("wellbeing": check-ins.ts), or none.
    checkIn: text("check_in", { enum: ["wellbeing"] }),
    // Or one of her questionnaires (her clients' journey's engine), asked as this step's check-in.
    checkInQuestionnaireId: integer("check_in_questionnaire_id"),
    createdAt: createdAt(),
  },
  (table) => [index("journey_steps_journey_idx").on(table.journeyId)],
);

/** A step that reached a member: at most one row each, so a step is sent once whichever server runs the work. */
export const journeyDeliveries = pgTable(
  "journey_deliveries",
  {
    stepId: integer("step_id")
      .notNull()
      .references(() => journeySteps.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The moment it was due, as computed when it was sent (her due date may move afterwards).
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.stepId, table.memberId] }), index("journey_deliveries_member_idx").on(table.memberId)],
);

/** What she chose for her journeys: her zone (steps come at their hour of her day), whether they are paused, and her baby's birth. */
export const journeyMembers = pgTable("journey_members", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  timeZone: text("time_zone"),
  paused: boolean("paused").notNull().default(false),
  // The ways besides the app she lets her steps reach her; null: every way a step is sent.
  channels: jsonb("channels").$type<("mail" | "push")[]>(),
  bornOn: date("born_on", { mode: "string" }),
  // What she chose to say of her baby with "Baby is here": in her download, gone with her account.
  babyName: text("baby_name"),
  weightGrams: integer("weight_grams"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Her answers to a step's check-in: health data, kept only with her consent, shown to her doula
 * only, in her download, gone with her account. Once per step.
 */
export const journeyCheckIns = pgTable(
  "journey_check_ins",
  {
    id: serial("id").primaryKey(),
    stepId: integer("step_id")
      .notNull()
      .references(() => journeySteps.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The wellbeing check-in's by option value; a questionnaire's as her clients' questionnaires keep them.
    answers: jsonb("answers").$type<Record<string, number | string | string[] | boolean>>().notNull(),
    consentedAt: timestamp("consented_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("journey_check_ins_step_member_idx").on(table.stepId, table.memberId)],
);

/** A member her doula should contact: she asked, her answers' scores called for it, or she said she has thoughts of harm. */
export const journeyContactRequests = pgTable(
  "journey_contact_requests",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    checkInId: integer("check_in_id").references(() => journeyCheckIns.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["asked", "score", "harm"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    seenById: integer("seen_by_id").references(() => users.id, { onDelete: "set null" }),
    seenByLabel: text("seen_by_label"),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    // When her backup doula was told, the request having waited unseen past the labour line's escalation time.
    backupToldAt: timestamp("backup_told_at", { withTimezone: true }),
  },
  (table) => [index("journey_contact_requests_created_idx").on(table.createdAt)],
);

/** The practice's choices for its journeys: one row. The crisis lines a check-in's page gives her; null is the US default. */
export const journeySettings = pgTable("journey_settings", {
  id: integer("id").primaryKey(),
  crisisLines: jsonb("crisis_lines").$type<{ name: string; phone: string; note: string }[]>(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
