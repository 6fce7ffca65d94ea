import { lessonHomes } from "../catalogue/catalogue-repository.ts";
import type { QuestionnaireEngine, StepRow } from "./journeys-repository.ts";
import { and, asc, desc, eq, isNull, lt } from "drizzle-orm";
import { labourRecords } from "../care/care-repository.ts";
import type { CheckInAnswered, MyJourneyStep, StudioMemberJourney } from "../../../contract/journeys.ts";
import { languageOr, sentence, sourceLanguage } from "../../../contract/languages.ts";
import { accountLanguage, accountsByIds, fullName, instructorAccounts, type UserRow } from "../accounts/users-repository.ts";
import { queuePushes } from "../push/push-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { translatorFor } from "../language/catalogues.ts";
import type { Clock } from "../lib/clock.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { composeMail, type MailContext, translatorOf } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import { inLanguage, stepsSentTo } from "./journeys-repository.ts";
import { journeyPushesTo } from "./journey-mails.ts";
import {
  journeyCheckIns,
  journeyContactRequests,
  journeyDeliveries,
  journeyMembers,
  journeySettings,
  journeySteps,
} from "./journeys-schema.ts";

declare module "../mail/mail-templates.ts" {
  interface MailKinds {
    journey_contact_request: true;
  }
}

// Check-ins (docs/journeys.md): a few questions a step sends her. The wellbeing check-in asks the
// PHQ-2 and GAD-2 (public domain; their published Spanish wording), whether she has thoughts of
// harming herself or her baby, and whether she would like her doula to contact her. A request, a
// score of 3 or more on either scale, or the harm answer tells her doula at once. She is never shown
// a score.

const often = [
  sentence("Not at all"),
  sentence("Several days"),
  sentence("More than half the days"),
  sentence("Nearly every day"),
] as const;
const yesNo = [sentence("No"), sentence("Yes")] as const;

type Question = { id: string; text: string; options: readonly string[]; scale: "phq2" | "gad2" | "harm" | "contact" };

/** The wellbeing check-in: the PHQ-2, the GAD-2, the harm question, and the question every check-in ends with. */
const wellbeing = {
  intro: sentence("Over the last 2 weeks, how often have you been bothered by the following problems?"),
  questions: [
    { id: "phq2_1", text: sentence("Little interest or pleasure in doing things"), options: often, scale: "phq2" },
    { id: "phq2_2", text: sentence("Feeling down, depressed, or hopeless"), options: often, scale: "phq2" },
    { id: "gad2_1", text: sentence("Feeling nervous, anxious, or on edge"), options: often, scale: "gad2" },
    { id: "gad2_2", text: sentence("Not being able to stop or control worrying"), options: often, scale: "gad2" },
    { id: "harm", text: sentence("I am having thoughts of harming myself or my baby."), options: yesNo, scale: "harm" },
    { id: "contact", text: sentence("Would you like your doula to contact you?"), options: yesNo, scale: "contact" },
  ] satisfies Question[],
};

/** The lines to call now: the US's, until the doula sets her own; told to her whatever she answered. */
const crisisLines = [
  {
    name: sentence("Postpartum Support International HelpLine"),
    phone: "1-800-944-4773",
    note: sentence("Call or text, in English or Spanish. Not for emergencies."),
  },
  { name: sentence("988 Suicide & Crisis Lifeline"), phone: "988", note: sentence("Call or text, day and night.") },
  { name: sentence("In an emergency"), phone: "911", note: sentence("Or your local emergency number, wherever you are.") },
];

/** The question every check-in ends with. */
const contactQuestion = wellbeing.questions.find((question) => question.scale === "contact")!;

const scaled = (question: Question, i18n: { _: (id: string) => string }) => ({
  id: question.id,
  text: i18n._(question.text),
  kind: "choice" as const,
  options: question.options.map((label, value) => ({ value, label: i18n._(label) })),
  scale: question.scale,
  optional: false,
  sensitive: question.scale !== "contact",
});

/**
 * The questions of a step's check-in, in her language: the wellbeing one, or one of her
 * questionnaires (as she wrote it) with the contact question at its end. Undefined when the
 * questionnaire is gone.
 */
export async function checkInFor(
  step: StepRow,
  language: string,
  questionnaires: QuestionnaireEngine,
): Promise<NonNullable<MyJourneyStep["check_in"]> | undefined> {
  const i18n = translatorFor(languageOr(language, sourceLanguage));
  if (step.checkIn === "wellbeing")
    return { intro: i18n._(wellbeing.intro), questions: wellbeing.questions.map((question) => scaled(question, i18n)) };
  const questionnaire = step.checkInQuestionnaireId === null ? undefined : await questionnaires.find(step.checkInQuestionnaireId);
  if (!questionnaire) return undefined;
  return {
    intro: questionnaire.title,
    questions: [
      ...questionnaire.questions.map((question, index) => ({
        id: String(index),
        text: question.label,
        kind: question.kind,
        options: question.options.map((label, value) => ({ value, label })),
        scale: null,
        optional: question.optional,
        sensitive: question.sensitive,
      })),
      scaled(contactQuestion, i18n),
    ],
  };
}

const stepNotHers = () => new HttpError(404, sentence("There is no such step in your journey."));

/** A step sent to her (it has a delivery), with whether she has answered its check-in. */
async function deliveredStep(db: Queryable, memberId: number, stepId: number) {
  const [row] = await db
    .select({ step: journeySteps, dueAt: journeyDeliveries.dueAt, answeredAt: journeyCheckIns.answeredAt })
    .from(journeyDeliveries)
    .innerJoin(journeySteps, eq(journeySteps.id, journeyDeliveries.stepId))
    .leftJoin(journeyCheckIns, and(eq(journeyCheckIns.stepId, journeySteps.id), eq(journeyCheckIns.memberId, memberId)))
    .where(and(eq(journeyDeliveries.stepId, stepId), eq(journeyDeliveries.memberId, memberId)));
  if (!row) throw stepNotHers();
  return row;
}

export async function stepOf(
  db: Queryable,
  member: UserRow,
  stepId: number,
  language: string,
  questionnaires: QuestionnaireEngine,
): Promise<MyJourneyStep> {
  const { step, dueAt, answeredAt } = await deliveredStep(db, member.id, stepId);
  const home = step.lessonId === null ? undefined : (await lessonHomes(db, [step.lessonId])).get(step.lessonId);
  return {
    id: step.id,
    at: dueAt.toISOString(),
    title: inLanguage(step.title, language),
    text: inLanguage(step.text, language),
    lesson_id: step.lessonId,
    // A lesson deleted since the step was written is no link.
    lesson: home ? { id: step.lessonId!, course_id: home.courseId, title: home.title } : null,
    status: answeredAt ? "answered" : "sent",
    check_in: (await checkInFor(step, language, questionnaires)) ?? null,
  };
}

export type CheckInDeps = {
  db: Database;
  clock: Clock;
  mail: MailContext;
  sender: MailSender;
  contactEmail: string;
  questionnaires: QuestionnaireEngine;
};

type Answers = Record<string, number | string | string[] | boolean>;

/** The wellbeing check-in's answers checked (every question, each one of its choices), and why her doula should call, if she should. */
function wellbeingAnswers(answers: Answers): { answers: Answers; reason: "harm" | "score" | "asked" | null } {
  const unknown = Object.keys(answers).find((id) => !wellbeing.questions.some((question) => question.id === id));
  if (unknown) throw HttpError.withValues(400, "There is no question {id} in this check-in.", { id: unknown });
  const unanswered = wellbeing.questions.find((question) => answers[question.id] === undefined);
  if (unanswered)
    throw new HttpError(400, sentence("Please answer every question; you can always choose No or Not at all."), {
      [unanswered.id]: sentence("Please choose an answer."),
    });
  const outOfRange = wellbeing.questions.find((question) => {
    const value = answers[question.id];
    return typeof value !== "number" || value >= question.options.length;
  });
  if (outOfRange)
    throw new HttpError(400, sentence("Each answer is one of the choices."), {
      [outOfRange.id]: sentence("Each answer is one of the choices."),
    });
  const score = (scale: string) =>
    wellbeing.questions.filter((question) => question.scale === scale).reduce((sum, question) => sum + (answers[question.id] as number), 0);
  const reason = answers.harm === 1 ? "harm" : score("phq2") >= 3 || score("gad2") >= 3 ? "score" : answers.contact === 1 ? "asked" : null;
  return { answers, reason };
}

/** A questionnaire's answers checked by her clients' questionnaire engine, and the contact question's. */
function questionnaireAnswers(
  questions: Parameters<QuestionnaireEngine["check"]>[0],
  answers: Answers,
  questionnaires: QuestionnaireEngine,
): { answers: Answers; reason: "asked" | null; sensitive: boolean } {
  const { contact, ...rest } = answers;
  if (contact !== 0 && contact !== 1)
    throw new HttpError(400, sentence("Please say whether you would like your doula to contact you."), {
      contact: sentence("Please choose an answer."),
    });
  const notNumbers = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, typeof value === "number" ? String(value) : value]),
  ) as Record<string, string | string[] | boolean>;
  const checked = questionnaires.check(questions, notNumbers);
  const sensitive = Object.keys(checked).some((key) => questions[Number(key)]?.sensitive);
  return { answers: { ...checked, contact }, reason: contact === 1 ? "asked" : null, sensitive };
}

const reasonHeadline = {
  harm: sentence("{name} needs a call from you now"),
  score: sentence("{name}'s check-in calls for a call from you"),
  asked: sentence("{name} asked you to contact her"),
} as const;

/**
 * Keeps her answers (only with her consent: they are health data) and, when they call for it, tells
 * her doula at once, in the same transaction. Answers what her page then says; never a score.
 */
export async function answerCheckIn(
  { db, clock, mail, sender, contactEmail, questionnaires }: CheckInDeps,
  member: UserRow,
  stepId: number,
  body: { consent?: boolean | undefined; answers: Answers },
  language: string,
): Promise<CheckInAnswered> {
  const { step } = await deliveredStep(db, member.id, stepId);
  const questionnaire = step.checkInQuestionnaireId === null ? undefined : await questionnaires.find(step.checkInQuestionnaireId);
  if (!step.checkIn && !questionnaire) throw stepNotHers();
  const checked = step.checkIn
    ? { ...wellbeingAnswers(body.answers), sensitive: true }
    : questionnaireAnswers(questionnaire!.questions, body.answers, questionnaires);
  // Health answers are kept only with her consent; the wellbeing check-in is all health.
  if (checked.sensitive && body.consent !== true)
    throw new HttpError(400, sentence("Your answers are kept only if you agree: tick the box to let your doula keep and read them."), {
      consent: sentence("Tick the box to let your doula keep and read your answers."),
    });
  const { reason } = checked;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(journeyCheckIns)
      .values({
        stepId,
        memberId: member.id,
        answers: checked.answers,
        consentedAt: body.consent === true ? now : null,
        answeredAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: journeyCheckIns.id });
    if (!kept) throw new HttpError(409, sentence("You have answered this check-in already. Your doula has your answers."));
    if (!reason) return;
    await tx.insert(journeyContactRequests).values({ memberId: member.id, checkInId: kept.id, reason, createdAt: now });
    const i18n = translatorOf(mail);
    const name = fullName(member) || member.email;
    // Her doula's devices too, each in its owner's language; a locked phone shows no name.
    await queuePushes(
      tx,
      journeyPushesTo(await instructorAccounts(tx), (i18n) => ({
        title: i18n._(reasonHeadline[reason], { name }),
        body: i18n._(sentence("Open Asked for contact, and call her.")),
        url: "/studio/journeys",
        tag: `journeys-contact-${kept.id}`,
        locked: { title: i18n._(sentence("Journeys")), body: i18n._(sentence("A member asked for a call. Open to see who.")) },
      })),
      now,
    );
    await queueMail(
      tx,
      composeMail("journey_contact_request", contactEmail, i18n._(reasonHeadline[reason], { name }), mail, [
        i18n._("Her address: {email}", { email: member.email }),
        { label: i18n._("Open Asked for contact"), link: `${mail.publicUrl}/studio/journeys` },
        i18n._("Press I've called her there once you have."),
      ]),
    );
  });
  if (reason) sender.wake();
  const i18n = translatorFor(languageOr(language, sourceLanguage));
  const lines = await crisisLinesOf(db, i18n);
  return {
    message: reason
      ? i18n._("Thank you for telling us. Your doula will reach out to you soon.")
      : i18n._("Thank you for answering. Your doula keeps your answers with your care."),
    doula_will_reach_out: reason !== null,
    crisis_lines: lines.lines,
  };
}

/** The contact requests, newest first: every member's, or one member's. */
export async function listContactRequests(db: Queryable, memberId?: number) {
  const rows = await db
    .select()
    .from(journeyContactRequests)
    .where(memberId === undefined ? undefined : eq(journeyContactRequests.memberId, memberId))
    .orderBy(desc(journeyContactRequests.createdAt), desc(journeyContactRequests.id));
  const members = await accountsByIds(
    db,
    rows.map((row) => row.memberId),
  );
  return rows.map((row) => {
    const member = members.get(row.memberId);
    return {
      id: row.id,
      member_id: row.memberId,
      name: member ? fullName(member) || member.email : "",
      at: row.createdAt.toISOString(),
      reason: row.reason,
      seen_by: row.seenByLabel,
      seen_at: row.seenAt?.toISOString() ?? null,
    };
  });
}

export async function markContactRequestSeen(db: Queryable, id: number, reader: UserRow, now: Date): Promise<{ message: string }> {
  const [marked] = await db
    .update(journeyContactRequests)
    .set({ seenById: reader.id, seenByLabel: fullName(reader) || reader.email, seenAt: now })
    .where(and(eq(journeyContactRequests.id, id), isNull(journeyContactRequests.seenAt)))
    .returning({ id: journeyContactRequests.id });
  if (marked) return { message: sentence("Marked as called.") };
  const [row] = await db
    .select({ seenBy: journeyContactRequests.seenByLabel })
    .from(journeyContactRequests)
    .where(eq(journeyContactRequests.id, id));
  if (!row) throw HttpError.withValues(404, "There is no contact request with the id {id}.", { id });
  return { message: sentence("It was marked as called already.") };
}

/** Her answers and requests, for her download. */
export async function checkInsOf(db: Queryable, memberId: number) {
  const answers = await db.select().from(journeyCheckIns).where(eq(journeyCheckIns.memberId, memberId)).orderBy(journeyCheckIns.answeredAt);
  const requests = await db.select().from(journeyContactRequests).where(eq(journeyContactRequests.memberId, memberId));
  return {
    check_ins: answers.map((row) => ({
      step_id: row.stepId,
      answers: row.answers,
      consented_at: row.consentedAt?.toISOString() ?? null,
      answered_at: row.answeredAt.toISOString(),
    })),
    contact_requests: requests.map((row) => ({
      reason: row.reason,
      at: row.createdAt.toISOString(),
      seen_at: row.seenAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Tells her backup doula of a contact request her doula has not marked seen within `escalateMinutes`
 * (the labour line's rule), by a notification and a mail: claimed once per request by a conditional
 * update, so one server tells her once. A backup is a team doula still on the team and not paused.
 */
export async function tellBackups(deps: Omit<CheckInDeps, "questionnaires"> & { escalateMinutes: number }): Promise<number> {
  const { db, clock, mail, sender } = deps;
  const now = clock.now();
  const cutoff = new Date(now.getTime() - deps.escalateMinutes * 60_000);
  let told = 0;
  const waiting = await db
    .select({ id: journeyContactRequests.id })
    .from(journeyContactRequests)
    .where(
      and(isNull(journeyContactRequests.seenAt), isNull(journeyContactRequests.backupToldAt), lt(journeyContactRequests.createdAt, cutoff)),
    );
  for (const { id } of waiting) {
    const toldNow = await db.transaction(async (tx) => {
      const [request] = await tx
        .update(journeyContactRequests)
        .set({ backupToldAt: now })
        .where(and(eq(journeyContactRequests.id, id), isNull(journeyContactRequests.seenAt), isNull(journeyContactRequests.backupToldAt)))
        .returning();
      if (!request) return 0;
      const records = await labourRecords(tx, { memberId: request.memberId });
      const backupIds = [...new Set(records.flatMap((record) => (record.backupUserId === null ? [] : [record.backupUserId])))];
      const backups = [...(await accountsByIds(tx, backupIds)).values()].filter(
        (backup) => backup.role === "team" && backup.deactivatedAt === null,
      );
      if (backups.length === 0) return 0;
      const [member] = [...(await accountsByIds(tx, [request.memberId])).values()];
      const name = records[0]?.name || (member ? fullName(member) || member.email : "");
      for (const backup of backups) {
        const inHers = { ...mail, language: accountLanguage(backup, sourceLanguage) };
        const i18n = translatorOf(inHers);
        await queueMail(
          tx,
          composeMail("journey_contact_request", backup.email, i18n._(reasonHeadline[request.reason], { name }), inHers, [
            i18n._("You are told as her backup doula: her doula has not marked it seen yet."),
            ...(member ? [i18n._("Her address: {email}", { email: member.email })] : []),
          ]),
        );
      }
      await queuePushes(
        tx,
        journeyPushesTo(backups, (i18n) => ({
          title: i18n._(reasonHeadline[request.reason], { name }),
          body: i18n._(sentence("You are told as her backup doula: her doula has not marked it seen yet.")),
          url: "/studio",
          tag: `journeys-contact-${request.id}`,
          locked: { title: i18n._(sentence("Journeys")), body: i18n._(sentence("A member asked for a call. Open to see who.")) },
        })),
        now,
      );
      return backups.length;
    });
    told += toldNow;
  }
  if (told > 0) sender.wake();
  return told;
}

type Translator = { _: (id: string) => string };

const choiceOf = (question: Question, value: Answers[string] | undefined, i18n: Translator) =>
  typeof value === "number" ? i18n._(question.options[value] ?? "") : "";

/** The wellbeing check-in's answers as her doula reads them: each question and the choice she took. */
const wellbeingRead = (answers: Answers, i18n: Translator) =>
  wellbeing.questions.flatMap((question) =>
    answers[question.id] === undefined ? [] : [{ question: i18n._(question.text), answer: choiceOf(question, answers[question.id], i18n) }],
  );

/** A questionnaire's answers as her doula reads them: its questions as it asks them now, then whether she asked for contact. */
async function questionnaireRead(
  row: { answers: Answers; questionnaireId: number | null },
  questionnaires: QuestionnaireEngine,
  i18n: Translator,
) {
  const questionnaire = row.questionnaireId === null ? undefined : await questionnaires.find(row.questionnaireId);
  const asked = (questionnaire?.questions ?? []).flatMap((question, index) => {
    const value = row.answers[String(index)];
    if (value === undefined) return [];
    const answer =
      typeof value === "boolean" ? i18n._(value ? yesNo[1] : yesNo[0]) : Array.isArray(value) ? value.join(", ") : String(value);
    return [{ question: question.label, answer }];
  });
  return [...asked, { question: i18n._(contactQuestion.text), answer: choiceOf(contactQuestion, row.answers.contact, i18n) }];
}

/** One member's journeys as her doula reads them, in the doula's language (the steps' words in the member's). */
export async function memberJourneyForDoula(
  db: Queryable,
  memberId: number,
  language: string,
  questionnaires: QuestionnaireEngine,
): Promise<StudioMemberJourney> {
  const member = (await accountsByIds(db, [memberId])).get(memberId);
  if (!member) throw HttpError.withValues(404, "There is no member with the id {id}.", { id: memberId });
  const i18n = translatorFor(languageOr(language, sourceLanguage));
  const [settings] = await db.select({ bornOn: journeyMembers.bornOn }).from(journeyMembers).where(eq(journeyMembers.memberId, memberId));
  const sent = await stepsSentTo(db, memberId);
  const answered = await db
    .select({
      stepId: journeyCheckIns.stepId,
      answers: journeyCheckIns.answers,
      answeredAt: journeyCheckIns.answeredAt,
      title: journeySteps.title,
      questionnaireId: journeySteps.checkInQuestionnaireId,
    })
    .from(journeyCheckIns)
    .innerJoin(journeySteps, eq(journeySteps.id, journeyCheckIns.stepId))
    .where(eq(journeyCheckIns.memberId, memberId))
    .orderBy(asc(journeyCheckIns.answeredAt));
  const titleOf = (title: { en: string; es: string }) => inLanguage(title, member.language);
  return {
    member_id: memberId,
    name: fullName(member) || member.email,
    due_date: member.dueDate,
    born_on: settings?.bornOn ?? null,
    steps_sent: sent.map((row) => ({
      step_id: row.stepId,
      title: titleOf(row.title),
      due_at: row.dueAt.toISOString(),
      sent_at: row.sentAt.toISOString(),
    })),
    check_ins: await Promise.all(
      answered.map(async (row) => ({
        step_id: row.stepId,
        title: titleOf(row.title),
        answered_at: row.answeredAt.toISOString(),
        answers: row.questionnaireId === null ? wellbeingRead(row.answers, i18n) : await questionnaireRead(row, questionnaires, i18n),
      })),
    ),
    contact_requests: await listContactRequests(db, memberId),
  };
}

/** The lines her page gives her: the doula's as she wrote them, else the US default in the reader's language. */
export async function crisisLinesOf(db: Queryable, i18n: { _: (id: string) => string }) {
  const [row] = await db.select({ lines: journeySettings.crisisLines }).from(journeySettings).where(eq(journeySettings.id, 1));
  if (row?.lines && row.lines.length > 0) return { lines: row.lines, is_default: false };
  return { lines: crisisLines.map((line) => ({ name: i18n._(line.name), phone: line.phone, note: i18n._(line.note) })), is_default: true };
}

export async function saveCrisisLines(db: Queryable, lines: { name: string; phone: string; note: string }[], now: Date) {
  const value = lines.length > 0 ? lines : null;
  await db
    .insert(journeySettings)
    .values({ id: 1, crisisLines: value, updatedAt: now })
    .onConflictDoUpdate({ target: journeySettings.id, set: { crisisLines: value, updatedAt: now } });
  return {
    message:
      lines.length > 0
        ? sentence("Saved. A mother who answers a check-in is given these lines to call.")
        : sentence("Saved. A mother who answers a check-in is given the US lines again."),
  };
}
