import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";
import { courses, lessons, modules } from "../catalogue/catalogue-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables").

export type StoredQuestion = {
  kind: "one" | "several" | "true_false";
  text: string;
  options: { text: string; right: boolean }[];
  explanation: string;
};

/** A knowledge check (docs/checks.md): in a lesson, or at the end of a module; its course kept for the certificate. */
export const knowledgeChecks = pgTable(
  "knowledge_checks",
  {
    id: serial("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "cascade" }),
    moduleId: integer("module_id").references(() => modules.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    questions: jsonb("questions").$type<StoredQuestion[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("knowledge_checks_lesson_idx").on(table.lessonId),
    index("knowledge_checks_course_idx").on(table.courseId),
    check("knowledge_checks_one_place", sql`(${table.lessonId} is null) <> (${table.moduleId} is null)`),
  ],
);

/** One time she answered a check: her score and which questions she got right. Hers: in her data, gone with her account. */
export const checkAttempts = pgTable(
  "check_attempts",
  {
    id: serial("id").primaryKey(),
    checkId: integer("check_id")
      .notNull()
      .references(() => knowledgeChecks.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    score: integer("score").notNull(),
    outOf: integer("out_of").notNull(),
    rights: jsonb("rights").$type<boolean[]>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("check_attempts_check_idx").on(table.checkId), index("check_attempts_user_idx").on(table.userId, table.checkId)],
);
