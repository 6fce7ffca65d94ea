import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AnswersRequest, Questionnaire, QuestionnaireRequest } from "../../../contract/care.ts";
import { isCalendarDate } from "../../../contract/forms.ts";
import { sentence } from "../../../contract/languages.ts";
import type { Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { careQuestionnaireSends, careQuestionnaires, careRecords, type StoredQuestion } from "./care-schema.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";
import { clientOf } from "./client-names.ts";

// Her intake and postpartum questionnaires (docs/care.md). A sent copy keeps the questions as
// they were; the mother's answers save as she goes, each save naming the revision it read.

type SendRow = typeof careQuestionnaireSends.$inferSelect;
type Answers = Record<string, string | string[] | boolean>;

export async function createQuestionnaire(db: Queryable, input: z.output<typeof QuestionnaireRequest>): Promise<number> {
  const [row] = await db
    .insert(careQuestionnaires)
    .values({ title: input.title, questions: input.questions })
    .returning({ id: careQuestionnaires.id });
  return row!.id;
}

export async function listQuestionnaires(db: Queryable) {
  const rows = await db.select().from(careQuestionnaires).orderBy(asc(careQuestionnaires.id));
  return rows.map((row) => ({ id: row.id, title: row.title, questions: row.questions.length }));
}

/** Sends one to a client, once: its questions as they are now. */
export async function sendQuestionnaire(db: Queryable, recordId: number, questionnaireId: number, now: Date): Promise<number> {
  const [record] = await db.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.id, recordId));
  if (!record) throw HttpError.withValues(404, "There is no client with the id {id}.", { id: recordId });
  const [questionnaire] = await db.select().from(careQuestionnaires).where(eq(careQuestionnaires.id, questionnaireId));
  if (!questionnaire) throw new HttpError(404, "There is no such questionnaire.", { questionnaire_id: "Please choose a questionnaire." });
  const [sent] = await db
    .insert(careQuestionnaireSends)
    .values({ recordId, questionnaireId, title: questionnaire.title, questions: questionnaire.questions, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: careQuestionnaireSends.id });
  if (!sent) throw new HttpError(409, "This questionnaire was sent to her already.");
  return sent.id;
}

export const toQuestionnaire = (row: SendRow): Questionnaire => ({
  id: row.questionnaireId,
  title: row.title,
  questions: row.questions,
  answers: row.answers,
  revision: row.revision,
  consent: row.consentAt !== null,
  done: row.doneAt !== null,
  sent_at: row.sentAt.toISOString(),
});

/** The questionnaires sent to these records, by record. */
export async function questionnairesOf(db: Queryable, recordIds: number[]): Promise<Map<number, SendRow[]>> {
  const byRecord = new Map<number, SendRow[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select()
    .from(careQuestionnaireSends)
    .where(inArray(careQuestionnaireSends.recordId, recordIds))
    .orderBy(asc(careQuestionnaireSends.id));
  for (const row of rows) byRecord.set(row.recordId, [...(byRecord.get(row.recordId) ?? []), row]);
  return byRecord;
}

/** One sent to her, or a 404 that says nothing of anyone else's. */
export async function questionnaireOfMember(db: Queryable, memberId: number, recordId: number, questionnaireId: number): Promise<SendRow> {
  const [row] = await db
    .select({ send: careQuestionnaireSends })
    .from(careQuestionnaireSends)
    .innerJoin(careRecords, eq(careRecords.id, careQuestionnaireSends.recordId))
    .where(
      and(
        eq(careQuestionnaireSends.recordId, recordId),
        eq(careQuestionnaireSends.questionnaireId, questionnaireId),
        eq(careRecords.memberId, memberId),
      ),
    );
  if (!row) throw new HttpError(404, "There is no such questionnaire in your client space.");
  return row.send;
}

const answered = (value: Answers[string] | undefined) =>
  value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0);

/** Every question that is not optional has an answer: a 400 naming each that has none. */
export function refuseMissingAnswers(questions: StoredQuestion[], answers: Answers): void {
  const missing = questions.flatMap((question, index) => (question.optional || answered(answers[String(index)]) ? [] : [String(index)]));
  if (missing.length > 0)
    throw new HttpError(
      400,
      "Some questions still need an answer.",
      Object.fromEntries(missing.map((key) => [key, sentence("Please answer this question.")])),
    );
}

/** One questionnaire as she wrote it, or undefined. */
export async function questionnaireById(db: Queryable, id: number) {
  const [row] = await db.select().from(careQuestionnaires).where(eq(careQuestionnaires.id, id));
  return row ? { id: row.id, title: row.title, questions: row.questions } : undefined;
}

/** Her answers checked against the questions: each of the right kind, and a sentence for each that is not. */
export function checkedAnswers(questions: StoredQuestion[], answers: Answers): Answers {
  const details: Record<string, string> = {};
  const kept: Answers = {};
  const seen = new Set<string>();
  for (const [typed, value] of Object.entries(answers)) {
    // An answer is kept under its question's index as written plainly ("01" and "000" are 1 and 0),
    // so no question has two answers and no stray key is stored.
    const key = String(Number(typed));
    const question = questions[Number(key)];
    if (!question) {
      details[typed] = sentence("There is no such question.");
      continue;
    }
    if (seen.has(key)) {
      details[typed] = sentence("This question is answered twice.");
      continue;
    }
    seen.add(key);
    if (!answered(value)) continue;
    const fits =
      question.kind === "yes_no"
        ? typeof value === "boolean"
        : question.kind === "choices"
          ? Array.isArray(value) && value.every((option) => question.options.includes(option))
          : question.kind === "choice"
            ? typeof value === "string" && question.options.includes(value)
            : question.kind === "date"
              ? typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)
              : typeof value === "string" && value.length <= (question.kind === "text" ? 500 : 20_000);
    if (fits) kept[key] = typeof value === "string" ? value.trim() : value;
    else details[key] = sentence("This answer does not fit the question.");
  }
  if (Object.keys(details).length > 0) throw new HttpError(400, "Some answers do not fit their questions.", details);
  return kept;
}

/**
 * Saves her answers as she goes: only over the revision she read (409 otherwise), only with her
 * consent once a sensitive question is answered, and, when she says she is done, only with every
 * question that is not optional answered.
 */
export async function saveAnswers(
  db: Queryable,
  send: SendRow,
  input: z.output<typeof AnswersRequest>,
  now: Date,
): Promise<{ revision: number; done: boolean; message: string }> {
  if (send.doneAt) throw new HttpError(409, "You have sent these answers already. Write to your doula to change one.");
  const answers = checkedAnswers(send.questions, input.answers);
  const consented = send.consentAt !== null || input.consent === true;
  const sensitiveAnswered = Object.keys(answers).some((key) => send.questions[Number(key)]!.sensitive);
  if (sensitiveAnswered && !consented)
    throw new HttpError(400, "Before you answer a sensitive question, please agree that your doula keeps your answers to care for you.", {
      consent: "Please agree, or skip the questions marked sensitive.",
    });
  if (input.done) refuseMissingAnswers(send.questions, answers);
  const [saved] = await db
    .update(careQuestionnaireSends)
    .set({
      answers,
      revision: sql`${careQuestionnaireSends.revision} + 1`,
      ...(input.consent === true && send.consentAt === null ? { consentAt: now } : {}),
      ...(input.done ? { doneAt: now } : {}),
    })
    .where(
      and(
        eq(careQuestionnaireSends.id, send.id),
        eq(careQuestionnaireSends.revision, input.revision),
        sql`${careQuestionnaireSends.doneAt} IS NULL`,
      ),
    )
    .returning({ revision: careQuestionnaireSends.revision, doneAt: careQuestionnaireSends.doneAt });
  if (!saved)
    throw new HttpError(409, "These answers were changed elsewhere since you opened them. Reload to see the latest, then carry on.");
  if (saved.doneAt) {
    const client = await clientOf(db, send.recordId);
    await notifyStudio(
      db,
      {
        kind: "questionnaire_answered",
        key: `care-questionnaire:${send.id}`,
        message: sentence("{name} answered “{title}”."),
        values: { name: client.name, title: send.title },
        link: `/studio/clients/${send.recordId}`,
        about: client.account,
      },
      now,
    );
    return { revision: saved.revision, done: true, message: "Sent. Thank you: your doula reads your answers before your next visit." };
  }
  return { revision: saved.revision, done: false, message: "Saved." };
}
