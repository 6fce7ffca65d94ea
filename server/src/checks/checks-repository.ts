import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { CheckForMember, CheckResult, StudioCheck } from "../../../contract/checks.ts";
import { lessonHomes } from "../catalogue/catalogue-repository.ts";
import type { Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { checkAttempts, knowledgeChecks, type StoredQuestion } from "./checks-schema.ts";

// Knowledge checks (docs/checks.md): kept with their right answers, which only the studio and the
// checking of her answers read; her attempts, with her best result counting.

type CheckRow = typeof knowledgeChecks.$inferSelect;

export async function addCheck(
  db: Queryable,
  check: { courseId: number; lessonId: number | null; moduleId: number | null; title: string; questions: StoredQuestion[] },
): Promise<number> {
  const [row] = await db.insert(knowledgeChecks).values(check).returning({ id: knowledgeChecks.id });
  return row!.id;
}

export async function findCheck(db: Queryable, checkId: number): Promise<CheckRow | undefined> {
  const [row] = await db.select().from(knowledgeChecks).where(eq(knowledgeChecks.id, checkId));
  return row;
}

export async function removeCheck(db: Queryable, checkId: number): Promise<boolean> {
  return (await db.delete(knowledgeChecks).where(eq(knowledgeChecks.id, checkId)).returning({ id: knowledgeChecks.id })).length > 0;
}

/** A course's checks: its lessons' and its modules', in the order they were added. */
export async function checksOfCourse(db: Queryable, courseId: number): Promise<CheckRow[]> {
  return db.select().from(knowledgeChecks).where(eq(knowledgeChecks.courseId, courseId)).orderBy(asc(knowledgeChecks.id));
}

export async function checksOfLesson(db: Queryable, lessonId: number): Promise<CheckRow[]> {
  return db.select().from(knowledgeChecks).where(eq(knowledgeChecks.lessonId, lessonId)).orderBy(asc(knowledgeChecks.id));
}

/** Her best result on each of these checks (full marks counting most). */
async function bestOf(db: Queryable, userId: number, checkIds: number[]): Promise<Map<number, { score: number; out_of: number }>> {
  if (checkIds.length === 0) return new Map();
  const rows = await db
    .select({
      checkId: checkAttempts.checkId,
      score: sql<number>`max(${checkAttempts.score})`.mapWith(Number),
      outOf: sql<number>`max(${checkAttempts.outOf})`.mapWith(Number),
    })
    .from(checkAttempts)
    .where(and(eq(checkAttempts.userId, userId), inArray(checkAttempts.checkId, checkIds)))
    .groupBy(checkAttempts.checkId);
  return new Map(rows.map((row) => [row.checkId, { score: row.score, out_of: row.outOf }]));
}

/** Checks as she meets them: no right answer, no explanation, until she answers. */
export async function forMember(db: Queryable, userId: number, rows: CheckRow[]): Promise<CheckForMember[]> {
  const best = await bestOf(
    db,
    userId,
    rows.map((row) => row.id),
  );
  const lessons = await lessonHomes(
    db,
    rows.flatMap((row) => (row.lessonId === null ? [] : [row.lessonId])),
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    lesson_id: row.lessonId,
    lesson_title: row.lessonId === null ? null : (lessons.get(row.lessonId)?.title ?? null),
    module_id: row.moduleId,
    questions: row.questions.map((question) => ({
      kind: question.kind,
      text: question.text,
      options: question.options.map((option) => ({ text: option.text })),
    })),
    best: best.get(row.id) ?? null,
  }));
}

/**
 * Checks her answers and keeps the attempt: a question is right when she chose exactly its right
 * options. Null when the answers do not fit the check (one list per question, indexes of its
 * options, one choice for a one-answer question).
 */
export async function answer(db: Queryable, check: CheckRow, userId: number, answers: number[][], at: Date): Promise<CheckResult | null> {
  if (answers.length !== check.questions.length) return null;
  const results = check.questions.map((question, index) => {
    const chosen = [...new Set(answers[index]!)].sort((a, b) => a - b);
    const rightOptions = question.options.flatMap((option, optionIndex) => (option.right ? [optionIndex] : []));
    const fits = chosen.every((choice) => choice < question.options.length) && (question.kind === "several" || chosen.length <= 1);
    return { fits, right: fits && chosen.join() === rightOptions.join(), explanation: question.explanation, right_options: rightOptions };
  });
  if (results.some((result) => !result.fits)) return null;
  const score = results.filter((result) => result.right).length;
  await db.insert(checkAttempts).values({
    checkId: check.id,
    userId,
    score,
    outOf: results.length,
    rights: results.map((result) => result.right),
    createdAt: at,
  });
  return {
    score,
    out_of: results.length,
    questions: results.map(({ right, explanation, right_options }) => ({ right, explanation, right_options })),
  };
}

/** The studio's view of checks: their questions and, per question, how many of the answers sent were right. */
export async function forStudio(db: Queryable, rows: CheckRow[]): Promise<StudioCheck[]> {
  const ids = rows.map((row) => row.id);
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select({ checkId: checkAttempts.checkId, rights: checkAttempts.rights })
          .from(checkAttempts)
          .where(inArray(checkAttempts.checkId, ids));
  return rows.map((row) => {
    const answered = attempts.filter((attempt) => attempt.checkId === row.id);
    return {
      id: row.id,
      title: row.title,
      questions: row.questions.map((question, index) => ({
        ...question,
        answered: answered.length,
        right: answered.filter((attempt) => attempt.rights[index] === true).length,
      })),
    };
  });
}

/** The checks of a course she has not yet answered with full marks, of how many it has (the certificate waits for them). */
/** Her checks with full marks (her best score equals the check's questions), of each course's checks. */
export async function checksDoneByCourse(
  db: Queryable,
  userId: number,
  courseIds: number[],
): Promise<Map<number, { passed: number; total: number }>> {
  if (courseIds.length === 0) return new Map();
  const fullMarks = sql`exists (select 1 from ${checkAttempts} where ${checkAttempts.checkId} = ${knowledgeChecks.id}
    and ${checkAttempts.userId} = ${userId} and ${checkAttempts.score} = jsonb_array_length(${knowledgeChecks.questions}))`;
  const rows = await db
    .select({
      courseId: knowledgeChecks.courseId,
      total: sql<number>`count(*)`.mapWith(Number),
      passed: sql<number>`count(*) filter (where ${fullMarks})`.mapWith(Number),
    })
    .from(knowledgeChecks)
    .where(inArray(knowledgeChecks.courseId, courseIds))
    .groupBy(knowledgeChecks.courseId);
  return new Map(rows.map((row) => [row.courseId, { passed: row.passed, total: row.total }]));
}

export async function checksLeft(db: Queryable, userId: number, courseId: number): Promise<{ passed: number; total: number }> {
  return (await checksDoneByCourse(db, userId, [courseId])).get(courseId) ?? { passed: 0, total: 0 };
}

/** Her answers to the checks: in her data download; deleted with her account by ON DELETE CASCADE. */
export const checksPersonalData = (db: Queryable): PersonalData => ({
  key: "knowledge_checks",
  export: async (member) =>
    (
      await db
        .select({
          checkId: checkAttempts.checkId,
          title: knowledgeChecks.title,
          score: checkAttempts.score,
          outOf: checkAttempts.outOf,
          at: checkAttempts.createdAt,
        })
        .from(checkAttempts)
        .innerJoin(knowledgeChecks, eq(knowledgeChecks.id, checkAttempts.checkId))
        .where(eq(checkAttempts.userId, member.id))
        .orderBy(asc(checkAttempts.createdAt))
    ).map((row) => ({ check_id: row.checkId, title: row.title, score: row.score, out_of: row.outOf, answered_at: row.at.toISOString() })),
});
