import type { Offered } from "../capabilities/capability.ts";
import { asc, eq, inArray } from "drizzle-orm";
import type { JourneyAudience, MyJourney, StudioJourney, StepMoment } from "../../../contract/journeys.ts";
import { JourneySave as JourneySaveSchema } from "../../../contract/journeys.ts";
import { answerWith } from "../../../contract/languages.ts";
import { membersWithDueDates, type UserRow } from "../accounts/users-repository.ts";
import { readHours } from "../bookings/bookings-repository.ts";
import { existingCourseIds, lessonHomes } from "../catalogue/catalogue-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { HttpError } from "../http/errors.ts";
import { isTimeZone } from "../lib/time-zones.ts";
import { journeyCheckIns, journeyDeliveries, journeyMembers, journeys, journeySteps } from "./journeys-schema.ts";
import { stepMoment } from "./step-moments.ts";

// Journeys (docs/journeys.md): the doula's steps in pregnancy time, and who they reach when.

type JourneyRow = typeof journeys.$inferSelect;
export type StepRow = typeof journeySteps.$inferSelect;
type SavedJourney = ReturnType<typeof JourneySaveSchema.parse>;

/** A step waits at most this long past its moment (a server that was down); a moment further back is not sent. */
export const LATE_PATIENCE_MS = 24 * 60 * 60 * 1000;

const noSuchJourney = (id: number) => HttpError.withValues(404, "There is no journey with the id {id}.", { id });

const momentOf = (step: StepRow): StepMoment =>
  step.afterBirthDays !== null ? { after_birth_days: step.afterBirthDays } : { week: step.atWeek!, day: step.atDay! };

/** Two steps at the same moment are the same step across a save (so what was sent of it stays sent). */
const momentKey = (moment: StepMoment) => ("after_birth_days" in moment ? `+${moment.after_birth_days}` : `${moment.week}+${moment.day}`);

const audienceOf = (row: JourneyRow): JourneyAudience =>
  row.audience === "course" ? { course_id: row.courseId! } : (row.audience as "due_date" | "clients");

/** What a step asks: the wellbeing check-in, one of her questionnaires by id, or nothing. */
export const checkInOf = (step: StepRow) => step.checkIn ?? step.checkInQuestionnaireId ?? null;

function toStudioJourney(row: JourneyRow, steps: StepRow[]): StudioJourney {
  return {
    id: row.id,
    name: row.name,
    for: audienceOf(row),
    created_at: row.createdAt.toISOString(),
    steps: steps.map((step) => ({
      id: step.id,
      at: momentOf(step),
      hour: step.hour,
      channels: step.channels,
      title: step.title,
      text: step.text,
      lesson_id: step.lessonId,
      check_in: checkInOf(step),
    })),
  };
}

async function stepsByJourney(db: Queryable, journeyIds: number[]): Promise<Map<number, StepRow[]>> {
  const byJourney = new Map<number, StepRow[]>();
  if (journeyIds.length === 0) return byJourney;
  const rows = await db
    .select()
    .from(journeySteps)
    .where(inArray(journeySteps.journeyId, journeyIds))
    .orderBy(asc(journeySteps.position), asc(journeySteps.id));
  for (const row of rows) byJourney.set(row.journeyId, [...(byJourney.get(row.journeyId) ?? []), row]);
  return byJourney;
}

export async function listJourneys(db: Queryable): Promise<StudioJourney[]> {
  const rows = await db.select().from(journeys).orderBy(asc(journeys.id));
  const steps = await stepsByJourney(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStudioJourney(row, steps.get(row.id) ?? []));
}

/** The course and lessons a journey names must exist: a 404 that says which does not. */
async function checkNames(db: Queryable, body: SavedJourney, questionnaires: Pick<QuestionnaireEngine, "find">): Promise<void> {
  if (typeof body.for === "object" && (await existingCourseIds(db, [body.for.course_id])).length === 0)
    throw HttpError.withValues(404, "There is no course with the id {id}.", { id: body.for.course_id });
  const lessonIds = body.steps.flatMap((step) => (step.lesson_id ? [step.lesson_id] : []));
  const found = await lessonHomes(db, lessonIds);
  const missing = lessonIds.find((id) => !found.has(id));
  if (missing !== undefined) throw HttpError.withValues(404, "There is no lesson with the id {id}.", { id: missing });
  for (const step of body.steps)
    if (typeof step.check_in === "number" && !(await questionnaires.find(step.check_in)))
      throw HttpError.withValues(404, "There is no questionnaire with the id {id}.", { id: step.check_in });
}

/** Her clients' questionnaire engine, as the care capability offers it. */
export type QuestionnaireEngine = Offered["questionnaires"];

const audienceColumns = (audience: SavedJourney["for"]) =>
  typeof audience === "object" ? { audience: "course" as const, courseId: audience.course_id } : { audience, courseId: null };

const stepColumns = (step: SavedJourney["steps"][number], position: number) => ({
  position,
  atWeek: "week" in step.at ? step.at.week : null,
  atDay: "day" in step.at ? step.at.day : null,
  afterBirthDays: "after_birth_days" in step.at ? step.at.after_birth_days : null,
  hour: step.hour,
  channels: step.channels,
  title: step.title,
  text: step.text,
  lessonId: step.lesson_id ?? null,
  checkIn: step.check_in === "wellbeing" ? ("wellbeing" as const) : null,
  checkInQuestionnaireId: typeof step.check_in === "number" ? step.check_in : null,
});

export async function createJourney(
  db: Database,
  body: SavedJourney,
  now: Date,
  questionnaires: Pick<QuestionnaireEngine, "find">,
): Promise<{ id: number; message: string }> {
  await checkNames(db, body, questionnaires);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(journeys)
      .values({ name: body.name, ...audienceColumns(body.for), createdAt: now })
      .returning({ id: journeys.id });
    await tx
      .insert(journeySteps)
      .values(body.steps.map((step, index) => ({ journeyId: row!.id, createdAt: now, ...stepColumns(step, index + 1) })));
    return { id: row!.id, message: answerWith('Saved the journey "{name}".', { name: body.name }) };
  });
}

/**
 * Saves a journey as a whole. A step keeps its id (and so what was sent of it) while its moment
 * stays; a step at a new moment is a new step, which reaches only those whose moment for it is
 * still to come; a step taken out is sent no more.
 */
export async function saveJourney(
  db: Database,
  id: number,
  body: SavedJourney,
  now: Date,
  questionnaires: Pick<QuestionnaireEngine, "find">,
): Promise<{ message: string }> {
  await checkNames(db, body, questionnaires);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(journeys).where(eq(journeys.id, id)).for("update");
    if (!row) throw noSuchJourney(id);
    await tx
      .update(journeys)
      .set({ name: body.name, ...audienceColumns(body.for) })
      .where(eq(journeys.id, id));
    const existing = await tx.select().from(journeySteps).where(eq(journeySteps.journeyId, id)).orderBy(asc(journeySteps.position));
    const unmatched = new Map<string, StepRow[]>();
    for (const step of existing) unmatched.set(momentKey(momentOf(step)), [...(unmatched.get(momentKey(momentOf(step))) ?? []), step]);
    for (const [index, step] of body.steps.entries()) {
      const same = unmatched.get(momentKey(step.at))?.shift();
      if (same)
        await tx
          .update(journeySteps)
          .set(stepColumns(step, index + 1))
          .where(eq(journeySteps.id, same.id));
      else await tx.insert(journeySteps).values({ journeyId: id, createdAt: now, ...stepColumns(step, index + 1) });
    }
    const gone = [...unmatched.values()].flat().map((step) => step.id);
    if (gone.length > 0) await tx.delete(journeySteps).where(inArray(journeySteps.id, gone));
    return { message: answerWith('Saved the journey "{name}".', { name: body.name }) };
  });
}

export async function deleteJourney(db: Queryable, id: number): Promise<{ message: string }> {
  const [deleted] = await db.delete(journeys).where(eq(journeys.id, id)).returning({ name: journeys.name });
  if (!deleted) throw noSuchJourney(id);
  return { message: answerWith('Deleted the journey "{name}". No more of its steps are sent.', { name: deleted.name }) };
}

/** The practice's zone (Studio → Calendar), for a member who has not told hers, and for the preview. */
export async function practiceZone(db: Queryable): Promise<string> {
  return (await readHours(db))?.timeZone ?? "UTC";
}

/** Each step's moment for a member due on `dueDate` in the practice's zone; after-birth steps as if born that day. */
export async function previewJourney(db: Queryable, id: number, dueDate: string): Promise<{ steps: { id: number; at_iso: string }[] }> {
  const [row] = await db.select({ id: journeys.id }).from(journeys).where(eq(journeys.id, id));
  if (!row) throw noSuchJourney(id);
  const zone = await practiceZone(db);
  const steps = (await stepsByJourney(db, [id])).get(id) ?? [];
  return {
    steps: steps.map((step) => ({
      id: step.id,
      at_iso: stepMoment(step, dueDate, step.afterBirthDays === null ? null : dueDate, zone)!.toISOString(),
    })),
  };
}

/** What the journeys need of a member: her dates, her zone, her choices. */
export type JourneyMember = {
  id: number;
  email: string;
  language: string | null;
  dueDate: string;
  joinedAt: Date;
  bornOn: string | null;
  /** Her baby has arrived (her pacing says so) even when no birth date was recorded: her pregnancy steps stop. */
  babyArrived: boolean;
  zone: string;
  paused: boolean;
  /** The ways besides the app her steps may reach her. */
  channels: readonly ("mail" | "push")[];
};

/** Whether a journey is for this member (its audience), asked of the capabilities that know. */
export type AudienceCheck = (journey: JourneyRow, member: JourneyMember) => Promise<boolean>;

export function audienceCheck(asks: {
  mayOpenCourse: (memberId: number, courseId: number) => Promise<boolean>;
  /** Whether she is one of her doula's birth clients: never while her clients' journey (care) is off. */
  isBirthClient: (memberId: number) => Promise<boolean>;
}): AudienceCheck {
  return async (journey, member) => {
    if (journey.audience === "due_date") return true;
    if (journey.audience === "clients") return asks.isBirthClient(member.id);
    return asks.mayOpenCourse(member.id, journey.courseId!);
  };
}

const everyChannel = ["mail", "push"] as const;

/** Members a journey may reach: those with a due date, with their zone and choices. */
export async function journeyMembersWithDueDates(db: Queryable, memberIds?: number[]): Promise<JourneyMember[]> {
  const zone = await practiceZone(db);
  const members = await membersWithDueDates(db, memberIds);
  if (members.length === 0) return [];
  const choices = new Map(
    (
      await db
        .select()
        .from(journeyMembers)
        .where(
          inArray(
            journeyMembers.memberId,
            members.map((member) => member.id),
          ),
        )
    ).map((row) => [row.memberId, row]),
  );
  return members.map((member) => {
    const chosen = choices.get(member.id);
    return {
      id: member.id,
      email: member.email,
      language: member.language,
      dueDate: member.dueDate!,
      joinedAt: member.joinedAt,
      bornOn: chosen?.bornOn ?? null,
      babyArrived: member.babyArrived,
      zone: chosen?.timeZone && isTimeZone(chosen.timeZone) ? chosen.timeZone : zone,
      paused: chosen?.paused ?? false,
      channels: chosen?.channels ?? everyChannel,
    };
  });
}

/**
 * Whether a step is one to send her at `now`: its moment has come, not longer ago than
 * LATE_PATIENCE_MS, and after both she joined and the step was written (a moment that passed
 * before either is not sent: only the steps to come).
 */
/**
 * A step's moment for her. Once her baby has arrived, no pregnancy step is hers, even when the
 * birth's day was not recorded (her pacing's "My baby has arrived"); after-birth steps wait for the day.
 */
function momentFor(step: StepRow, member: JourneyMember): Date | null {
  if (member.babyArrived && step.afterBirthDays === null) return null;
  return stepMoment(step, member.dueDate, member.bornOn, member.zone);
}

export function isDue(step: StepRow, member: JourneyMember, now: Date): Date | null {
  const moment = momentFor(step, member);
  if (!moment) return null;
  const time = moment.getTime();
  if (time > now.getTime() || time < now.getTime() - LATE_PATIENCE_MS) return null;
  if (time < member.joinedAt.getTime() || time < step.createdAt.getTime()) return null;
  return moment;
}

export type JourneyWithSteps = { journey: JourneyRow; steps: StepRow[] };

/** Every journey with its steps, for the timed work and her timeline. */
export async function journeysWithSteps(db: Queryable): Promise<JourneyWithSteps[]> {
  const rows = await db.select().from(journeys).orderBy(asc(journeys.id));
  const steps = await stepsByJourney(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((journey) => ({ journey, steps: steps.get(journey.id) ?? [] }));
}

/** Claims a step for a member: true once, whichever server asks (the delivery's primary key). */
export async function claimDelivery(db: Queryable, stepId: number, memberId: number, dueAt: Date, now: Date): Promise<boolean> {
  const claimed = await db
    .insert(journeyDeliveries)
    .values({ stepId, memberId, dueAt, sentAt: now })
    .onConflictDoNothing()
    .returning({ stepId: journeyDeliveries.stepId });
  return claimed.length > 0;
}

/** A step's words in her language: the Spanish once the doula has written it, else the English. */
export const inLanguage = (texts: { en: string; es: string }, language: string | null) =>
  language === "es" && texts.es ? texts.es : texts.en;

/** Her timeline: the steps sent to her (at the moment each was due) and those to come, in her language. */
export async function timelineOf(
  db: Queryable,
  reader: UserRow,
  language: string,
  isFor: AudienceCheck,
  now: Date,
  /** As the caller read them (it sent her what was due): her, when she has a due date, and every journey. */
  { member, all }: { member: JourneyMember | undefined; all: JourneyWithSteps[] },
): Promise<MyJourney> {
  const [settings] = await db.select().from(journeyMembers).where(eq(journeyMembers.memberId, reader.id));
  const base = {
    due_date: reader.dueDate,
    born_on: settings?.bornOn ?? null,
    time_zone: member?.zone ?? (await practiceZone(db)),
    paused: settings?.paused ?? false,
    channels: [...(settings?.channels ?? everyChannel)],
  };
  if (!member) return { ...base, steps: [] };
  const sent = new Map(
    (await db.select().from(journeyDeliveries).where(eq(journeyDeliveries.memberId, reader.id))).map((row) => [row.stepId, row]),
  );
  const answered = new Set(
    (await db.select({ stepId: journeyCheckIns.stepId }).from(journeyCheckIns).where(eq(journeyCheckIns.memberId, reader.id))).map(
      (row) => row.stepId,
    ),
  );
  const steps: MyJourney["steps"] = [];
  for (const { journey, steps: journeySteps } of all) {
    if (!(await isFor(journey, member))) continue;
    for (const step of journeySteps) {
      const delivered = sent.get(step.id);
      const moment = delivered ? delivered.dueAt : momentFor(step, member);
      if (!moment) continue;
      const upcoming = !delivered && moment.getTime() > now.getTime();
      if (!delivered && !upcoming) continue;
      steps.push({
        id: step.id,
        at: moment.toISOString(),
        title: inLanguage(step.title, language),
        text: inLanguage(step.text, language),
        lesson_id: step.lessonId,
        check_in_id: checkInOf(step),
        status: answered.has(step.id) ? "answered" : delivered ? "sent" : "upcoming",
      });
    }
  }
  steps.sort((first, second) => first.at.localeCompare(second.at));
  return { ...base, steps };
}

export async function saveSettings(
  db: Queryable,
  memberId: number,
  settings: { time_zone?: string | undefined; paused?: boolean | undefined; channels?: ("mail" | "push")[] | undefined },
  now: Date,
): Promise<void> {
  if (settings.time_zone !== undefined && !isTimeZone(settings.time_zone))
    throw new HttpError(400, "That is not a time zone this site knows. Choose one such as America/Chicago.", {
      time_zone: "That is not a time zone this site knows.",
    });
  const changes = {
    ...(settings.time_zone !== undefined ? { timeZone: settings.time_zone } : {}),
    ...(settings.paused !== undefined ? { paused: settings.paused } : {}),
    ...(settings.channels !== undefined ? { channels: [...new Set(settings.channels)] } : {}),
    updatedAt: now,
  };
  await db
    .insert(journeyMembers)
    .values({ memberId, ...changes })
    .onConflictDoUpdate({ target: journeyMembers.memberId, set: changes });
}

/** The steps sent to a member, with their titles, in the order they were due (her download, her doula's reading). */
export function stepsSentTo(db: Queryable, memberId: number) {
  return db
    .select({
      stepId: journeyDeliveries.stepId,
      dueAt: journeyDeliveries.dueAt,
      sentAt: journeyDeliveries.sentAt,
      title: journeySteps.title,
    })
    .from(journeyDeliveries)
    .innerJoin(journeySteps, eq(journeySteps.id, journeyDeliveries.stepId))
    .where(eq(journeyDeliveries.memberId, memberId))
    .orderBy(asc(journeyDeliveries.dueAt));
}

/**
 * What the journeys keep of her: her choices, the steps sent to her and, from `more`, her check-ins'
 * answers; in her download, gone with her row (cascade).
 */
export const journeysPersonalData = (db: Queryable, more: (memberId: number) => Promise<object>): PersonalData => ({
  key: "journeys",
  export: async (member) => {
    const [settings] = await db.select().from(journeyMembers).where(eq(journeyMembers.memberId, member.id));
    const sent = await stepsSentTo(db, member.id);
    return {
      time_zone: settings?.timeZone ?? null,
      paused: settings?.paused ?? false,
      born_on: settings?.bornOn ?? null,
      baby_name: settings?.babyName ?? null,
      weight_grams: settings?.weightGrams ?? null,
      steps_sent: sent.map((row) => ({
        step_id: row.stepId,
        title: row.title.en,
        due_at: row.dueAt.toISOString(),
        sent_at: row.sentAt.toISOString(),
      })),
      ...(await more(member.id)),
    };
  },
});
