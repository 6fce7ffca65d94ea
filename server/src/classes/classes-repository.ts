import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { CLASS_HOLD_MINUTES, JOIN_OPENS_MINUTES, type PublicClass } from "../../../contract/classes.ts";
import type { UserRow } from "../accounts/users-repository.ts";
import { readHours } from "../bookings/bookings-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import type { PersonalData } from "../db/personal-data.ts";
import { classRegistrations, liveClasses } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { calendarFile } from "../mail/calendar-invite.ts";
import { composeMail, greeting, type Mail, type MailContext, whenText } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";

export type ClassRow = typeof liveClasses.$inferSelect;
export type RegistrationRow = typeof classRegistrations.$inferSelect;
export type ClassMailContext = MailContext & { contactEmail: string; instructorName: string };

const MINUTE = 60_000;
const newToken = () => randomBytes(24).toString("base64url");
/** The states that hold a place: taken, or held while it waits for her e-mail or payment. */
const holding = (now: Date) =>
  or(
    eq(classRegistrations.state, "registered"),
    and(inArray(classRegistrations.state, ["awaiting_email", "awaiting_payment"]), gt(classRegistrations.holdUntil, now)),
  );
const stillLive = sql`${classRegistrations.state} not in ('cancelled', 'expired')`;

export async function createClass(
  db: Database,
  fields: Omit<typeof liveClasses.$inferInsert, "id" | "uid" | "createdAt" | "revision" | "cancelledAt">,
): Promise<number> {
  const [row] = await db
    .insert(liveClasses)
    .values({ ...fields, uid: `${randomUUID()}@classes` })
    .returning({ id: liveClasses.id });
  return row!.id;
}

async function zoneOf(db: Queryable): Promise<string> {
  return (await readHours(db))?.timeZone ?? "UTC";
}

/** The confirmation of a place, with the class as a calendar invitation. */
function placeMail(
  kind: "registered" | "promoted",
  row: RegistrationRow,
  live: ClassRow,
  timeZone: string,
  context: ClassMailContext,
): Mail {
  const when = whenText(live.startsAt, timeZone);
  const mail = composeMail(
    "class_registered",
    row.email,
    kind === "promoted" ? `A place opened for you: ${live.title}` : `Registered: ${live.title}, ${when}`,
    context,
    [
      greeting(row.name),
      kind === "promoted"
        ? `A place opened in “${live.title}” on ${when}, and it is yours: you were first on the waiting list.`
        : `You have a place in “${live.title}” on ${when}.`,
      `The link to join shows on the classes page from ${JOIN_OPENS_MINUTES} minutes before the start. The invitation attached adds it to your calendar.`,
      { label: "See your classes", link: `${context.publicUrl}/classes` },
    ],
  );
  const invitation = calendarFile({
    method: "REQUEST",
    timeZone,
    name: context.businessName,
    organizer: { name: context.instructorName, email: context.contactEmail },
    events: [
      {
        uid: live.uid,
        sequence: 0,
        start: live.startsAt,
        end: live.endsAt,
        summary: live.title,
        description: `The link to join shows on ${context.publicUrl}/classes from ${JOIN_OPENS_MINUTES} minutes before the start.`,
        location: "Video call",
        url: `${context.publicUrl}/classes`,
        attendee: { name: row.name, email: row.email },
      },
    ],
  });
  return {
    ...mail,
    attachments: [{ filename: "class.ics", contentType: "text/calendar; method=REQUEST; charset=utf-8", content: invitation }],
  };
}

function confirmMail(row: RegistrationRow, live: ClassRow, timeZone: string, context: ClassMailContext): Mail {
  return composeMail("class_confirm_email", row.email, `Confirm your place: ${live.title}`, context, [
    greeting(row.name),
    `A place in “${live.title}” on ${whenText(live.startsAt, timeZone)} is held for you for ${CLASS_HOLD_MINUTES} minutes. Confirm it is you, and it is yours.`,
    { label: "Confirm my place", link: `${context.publicUrl}/classes?confirm=${row.manageToken}` },
    "If you did not ask for this, do nothing: the place goes back after that time.",
  ]);
}

function waitingMail(row: RegistrationRow, live: ClassRow, timeZone: string, context: ClassMailContext): Mail {
  return composeMail("class_waiting_list", row.email, `On the waiting list: ${live.title}`, context, [
    greeting(row.name),
    `“${live.title}” on ${whenText(live.startsAt, timeZone)} is full, so you are on its waiting list. If a place opens before it starts, it is offered in the order people joined, and we will write to you at once.`,
  ]);
}

const DAY_BEFORE_MS = 24 * 60 * MINUTE;
const HOUR_BEFORE_MS = 60 * MINUTE;
/** A reminder whose moment has passed when the place becomes hers is skipped, never sent late. */
const remindersFrom = (live: ClassRow, now: Date) => ({
  reminderDay: now.getTime() >= live.startsAt.getTime() - DAY_BEFORE_MS ? ("skipped" as const) : ("pending" as const),
  reminderHour: now.getTime() >= live.startsAt.getTime() - HOUR_BEFORE_MS ? ("skipped" as const) : ("pending" as const),
});

/** The class, held until the transaction ends: registrations for one class are counted one at a time, on every app server. */
async function lockedClass(tx: Queryable, classId: number): Promise<ClassRow> {
  const [row] = await tx.select().from(liveClasses).where(eq(liveClasses.id, classId)).for("update");
  if (!row || row.cancelledAt) throw new HttpError(404, "That class does not exist, or it was cancelled.");
  return row;
}

async function placesTaken(tx: Queryable, classId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, classId), holding(now)));
  return row?.count ?? 0;
}

/**
 * Takes a place, or a place on the waiting list when every place is taken or held. A member's
 * place is hers at once; a visitor's is held CLASS_HOLD_MINUTES for her to confirm her e-mail.
 */
export async function register(
  db: Database,
  input: {
    classId: number;
    member: UserRow | null;
    name: string;
    email: string;
    dueDate: string | null;
    now: Date;
    mail: ClassMailContext;
  },
): Promise<RegistrationRow> {
  const timeZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const live = await lockedClass(tx, input.classId);
    if (live.who === "members" && !input.member) throw new HttpError(403, "This class is for members: please sign in first.");
    if (input.now >= live.startsAt) throw new HttpError(409, "This class has started, so registration is closed.");
    const [already] = await tx
      .select({ state: classRegistrations.state })
      .from(classRegistrations)
      .where(and(eq(classRegistrations.classId, live.id), sql`lower(${classRegistrations.email}) = lower(${input.email})`, stillLive));
    if (already) {
      throw new HttpError(
        409,
        already.state === "waiting_list"
          ? `${input.email} is on the waiting list for this class already.`
          : `${input.email} is registered for this class already.`,
      );
    }
    const full = (await placesTaken(tx, live.id, input.now)) >= live.places;
    const state = full ? "waiting_list" : input.member ? "registered" : "awaiting_email";
    const [row] = await tx
      .insert(classRegistrations)
      .values({
        classId: live.id,
        userId: input.member?.id ?? null,
        name: input.name,
        email: input.email,
        dueDate: input.dueDate,
        state,
        holdUntil: state === "awaiting_email" ? new Date(input.now.getTime() + CLASS_HOLD_MINUTES * MINUTE) : null,
        manageToken: newToken(),
        ...remindersFrom(live, input.now),
      })
      .returning();
    const registration = row!;
    if (state === "registered") await queueMail(tx, placeMail("registered", registration, live, timeZone, input.mail));
    else if (state === "awaiting_email") await queueMail(tx, confirmMail(registration, live, timeZone, input.mail));
    else await queueMail(tx, waitingMail(registration, live, timeZone, input.mail));
    return registration;
  });
}

/** A visitor's mailed link: a place still held becomes hers; a lapsed one is taken again if free, else she waits. */
export async function confirmRegistration(db: Database, token: string, now: Date, mail: ClassMailContext): Promise<RegistrationRow> {
  const timeZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(classRegistrations).where(eq(classRegistrations.manageToken, token));
    if (!found) throw new HttpError(404, "This link is not known here. Please register again from the classes page.");
    const live = await lockedClass(tx, found.classId);
    if (found.state !== "awaiting_email" && found.state !== "expired") return found;
    const stillHeld = found.state === "awaiting_email" && found.holdUntil !== null && found.holdUntil > now;
    const free = stillHeld || (await placesTaken(tx, live.id, now)) < live.places;
    const [row] = await tx
      .update(classRegistrations)
      .set({ state: free ? "registered" : "waiting_list", holdUntil: null, ...remindersFrom(live, now) })
      .where(eq(classRegistrations.id, found.id))
      .returning();
    await queueMail(tx, free ? placeMail("registered", row!, live, timeZone, mail) : waitingMail(row!, live, timeZone, mail));
    return row!;
  });
}

/** Gives the places now free, before the start, to the people waiting, first come first served, each with a mail. */
async function offerFreedPlaces(tx: Queryable, live: ClassRow, now: Date, timeZone: string, mail: ClassMailContext): Promise<void> {
  if (now >= live.startsAt) return;
  const free = live.places - (await placesTaken(tx, live.id, now));
  if (free <= 0) return;
  const next = await tx
    .select()
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, live.id), eq(classRegistrations.state, "waiting_list")))
    .orderBy(asc(classRegistrations.id))
    .limit(free)
    .for("update");
  for (const waiting of next) {
    const [promoted] = await tx
      .update(classRegistrations)
      .set({ state: "registered", fromWaitingList: true, ...remindersFrom(live, now) })
      .where(eq(classRegistrations.id, waiting.id))
      .returning();
    await queueMail(tx, placeMail("promoted", promoted!, live, timeZone, mail));
  }
}

/**
 * Gives up her place (or her place on the waiting list). A freed place goes at once to the first
 * person waiting, who is mailed; before the start only.
 */
export async function cancelRegistration(
  db: Database,
  classId: number,
  member: UserRow,
  now: Date,
  mail: ClassMailContext,
): Promise<string> {
  const timeZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const live = await lockedClass(tx, classId);
    const [mine] = await tx
      .select()
      .from(classRegistrations)
      .where(
        and(
          eq(classRegistrations.classId, classId),
          stillLive,
          or(eq(classRegistrations.userId, member.id), sql`lower(${classRegistrations.email}) = lower(${member.email})`),
        ),
      );
    if (!mine) throw new HttpError(404, "You are not registered for this class.");
    await tx.update(classRegistrations).set({ state: "cancelled", holdUntil: null }).where(eq(classRegistrations.id, mine.id));
    if (mine.state === "waiting_list") return `You left the waiting list of “${live.title}”.`;
    await offerFreedPlaces(tx, live, now, timeZone, mail);
    return `You gave up your place in “${live.title}”. Thank you for making room for someone else.`;
  });
}

/**
 * The classes as this reader may see them: upcoming ones, and past ones she registered for. The
 * join link is in the answer only for her own place, from JOIN_OPENS_MINUTES before the start until the end.
 */
export async function classesFor(
  db: Queryable,
  member: UserRow | null,
  now: Date,
): Promise<{ upcoming: PublicClass[]; past: PublicClass[] }> {
  const rows = await db.select().from(liveClasses).where(isNull(liveClasses.cancelledAt)).orderBy(asc(liveClasses.startsAt));
  const ids = rows.map((row) => row.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ classId: classRegistrations.classId, count: sql<number>`count(*)::int` })
          .from(classRegistrations)
          .where(and(inArray(classRegistrations.classId, ids), holding(now)))
          .groupBy(classRegistrations.classId);
  const mine =
    member && ids.length > 0
      ? await db
          .select({ classId: classRegistrations.classId, state: classRegistrations.state })
          .from(classRegistrations)
          .where(
            and(
              inArray(classRegistrations.classId, ids),
              stillLive,
              or(eq(classRegistrations.userId, member.id), sql`lower(${classRegistrations.email}) = lower(${member.email})`),
            ),
          )
      : [];
  const shown = rows.map((row): PublicClass & { ended: boolean } => {
    const taken = counts.find((count) => count.classId === row.id)?.count ?? 0;
    const state = mine.find((registration) => registration.classId === row.id)?.state;
    const opensAt = new Date(row.startsAt.getTime() - JOIN_OPENS_MINUTES * MINUTE);
    const joinable = state === "registered" && now >= opensAt && now < row.endsAt;
    return {
      id: row.id,
      title: row.title,
      description_html: row.descriptionHtml,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      places: row.places,
      places_left: Math.max(0, row.places - taken),
      price: row.priceMinor,
      currency: row.currency,
      who: row.who,
      ...(state ? { my_state: state } : {}),
      ...(joinable ? { join_url: row.joinUrl } : {}),
      join_opens_at: opensAt.toISOString(),
      ended: now >= row.endsAt,
    };
  });
  const strip = ({ ended: _ended, ...rest }: PublicClass & { ended: boolean }): PublicClass => rest;
  return {
    upcoming: shown.filter((entry) => !entry.ended).map(strip),
    past: shown.filter((entry) => entry.ended && entry.my_state === "registered").map(strip),
  };
}

export async function registrationsOf(db: Queryable, classId: number) {
  const [exists] = await db.select({ id: liveClasses.id }).from(liveClasses).where(eq(liveClasses.id, classId));
  if (!exists) throw new HttpError(404, "That class does not exist.");
  return db.select().from(classRegistrations).where(eq(classRegistrations.classId, classId)).orderBy(asc(classRegistrations.id));
}

/** Her class registrations, in her download; they go with her account (the list keeps no name or e-mail of hers). */
export const classesPersonalData = (db: Queryable): PersonalData => ({
  key: "class_registrations",
  export: async (member) =>
    (
      await db
        .select({ title: liveClasses.title, startsAt: liveClasses.startsAt, state: classRegistrations.state })
        .from(classRegistrations)
        .innerJoin(liveClasses, eq(liveClasses.id, classRegistrations.classId))
        .where(or(eq(classRegistrations.userId, member.id), sql`lower(${classRegistrations.email}) = lower(${member.email})`))
    ).map((row) => ({ class: row.title, starts_at: row.startsAt.toISOString(), state: row.state })),
  erase: async (tx, member) => {
    await tx
      .delete(classRegistrations)
      .where(or(eq(classRegistrations.userId, member.id), sql`lower(${classRegistrations.email}) = lower(${member.email})`));
  },
});

function reminderMail(which: "day" | "hour", row: RegistrationRow, live: ClassRow, timeZone: string, context: ClassMailContext): Mail {
  const when = whenText(live.startsAt, timeZone);
  return composeMail(
    "class_reminder",
    row.email,
    which === "day" ? `Tomorrow: ${live.title}` : `In an hour: ${live.title}`,
    context,
    which === "day"
      ? [
          greeting(row.name),
          `A reminder: “${live.title}” is on ${when}.`,
          `The link to join shows on the classes page from ${JOIN_OPENS_MINUTES} minutes before the start.`,
          { label: "See your classes", link: `${context.publicUrl}/classes` },
        ]
      : [
          greeting(row.name),
          `“${live.title}” starts in an hour, on ${when}.`,
          { label: "Join the class", link: live.joinUrl },
          "See you soon.",
        ],
  );
}

/**
 * The classes' timed work, run every minute by each app server: places whose e-mail was not
 * confirmed in time go back (to the first person waiting), and reminders fall due. Each reminder is
 * claimed by one UPDATE, so two servers never send it twice; none goes to a cancelled place, and
 * one whose moment has passed is skipped.
 */
export async function runClassWork(db: Database, now: Date, mail: ClassMailContext): Promise<{ released: number; reminders: number }> {
  const timeZone = await zoneOf(db);
  const released = await db
    .update(classRegistrations)
    .set({ state: "expired", holdUntil: null })
    .where(and(inArray(classRegistrations.state, ["awaiting_email", "awaiting_payment"]), lte(classRegistrations.holdUntil, now)))
    .returning({ classId: classRegistrations.classId });
  for (const classId of new Set(released.map((row) => row.classId))) {
    await db.transaction(async (tx) => {
      const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, classId)).for("update");
      if (live && !live.cancelledAt) await offerFreedPlaces(tx, live, now, timeZone, mail);
    });
  }
  const reminders = await db.transaction(async (tx) => {
    let sent = 0;
    for (const which of ["day", "hour"] as const) {
      const column = which === "day" ? classRegistrations.reminderDay : classRegistrations.reminderHour;
      const before = which === "day" ? DAY_BEFORE_MS : HOUR_BEFORE_MS;
      // Its window: from its moment until the next reminder's (the start, for the last one).
      const until = which === "day" ? HOUR_BEFORE_MS : 0;
      const ofClass = (condition: ReturnType<typeof sql>) =>
        sql`exists (select 1 from ${liveClasses} where ${liveClasses.id} = ${classRegistrations.classId} and ${liveClasses.cancelledAt} is null and ${condition})`;
      await tx
        .update(classRegistrations)
        .set(which === "day" ? { reminderDay: "skipped" } : { reminderHour: "skipped" })
        .where(
          and(
            eq(column, "pending"),
            ofClass(sql`${liveClasses.startsAt} - make_interval(secs => ${until / 1000}) <= ${now.toISOString()}::timestamptz`),
          ),
        );
      const due = await tx
        .update(classRegistrations)
        .set(which === "day" ? { reminderDay: "sent" } : { reminderHour: "sent" })
        .where(
          and(
            eq(column, "pending"),
            eq(classRegistrations.state, "registered"),
            ofClass(sql`${liveClasses.startsAt} - make_interval(secs => ${before / 1000}) <= ${now.toISOString()}::timestamptz`),
          ),
        )
        .returning();
      for (const row of due) {
        const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, row.classId));
        await queueMail(tx, reminderMail(which, row, live!, timeZone, mail));
        sent += 1;
      }
    }
    return sent;
  });
  return { released: released.length, reminders };
}

/** Her classes for the studio, the latest start first, with places taken and people waiting. */
export async function studioClasses(db: Queryable, now: Date) {
  const rows = await db
    .select()
    .from(liveClasses)
    .orderBy(sql`${liveClasses.startsAt} desc`);
  const counts = await db
    .select({
      classId: classRegistrations.classId,
      registered: sql<number>`count(*) filter (where ${holding(now)})::int`,
      waiting: sql<number>`count(*) filter (where ${classRegistrations.state} = 'waiting_list')::int`,
    })
    .from(classRegistrations)
    .groupBy(classRegistrations.classId);
  return rows.map((row) => {
    const count = counts.find((entry) => entry.classId === row.id);
    return {
      id: row.id,
      title: row.title,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      places: row.places,
      registered: count?.registered ?? 0,
      waiting: count?.waiting ?? 0,
      who: row.who,
      join_url: row.joinUrl,
      cancelled: row.cancelledAt !== null,
    };
  });
}

function cancelledMail(row: RegistrationRow, live: ClassRow, timeZone: string, context: ClassMailContext): Mail {
  const mail = composeMail("class_cancelled", row.email, `Cancelled: ${live.title}`, context, [
    greeting(row.name),
    `We are sorry: “${live.title}” on ${whenText(live.startsAt, timeZone)} is cancelled. The attached update takes it off your calendar.`,
    { label: "See the other classes", link: `${context.publicUrl}/classes` },
  ]);
  const cancellation = calendarFile({
    method: "CANCEL",
    timeZone,
    name: context.businessName,
    organizer: { name: context.instructorName, email: context.contactEmail },
    events: [
      {
        uid: live.uid,
        sequence: 1,
        start: live.startsAt,
        end: live.endsAt,
        summary: live.title,
        description: "Cancelled.",
        location: "Video call",
        url: `${context.publicUrl}/classes`,
        cancelled: true,
        attendee: { name: row.name, email: row.email },
      },
    ],
  });
  return {
    ...mail,
    attachments: [{ filename: "class.ics", contentType: "text/calendar; method=CANCEL; charset=utf-8", content: cancellation }],
  };
}

/** Cancels a class before its start: every live registration is cancelled and mailed the calendar's CANCEL. */
export async function cancelClass(db: Database, classId: number, now: Date, mail: ClassMailContext): Promise<string> {
  const timeZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const live = await lockedClass(tx, classId);
    if (now >= live.startsAt) throw new HttpError(409, "This class has started already; it can no longer be cancelled.");
    await tx
      .update(liveClasses)
      .set({ cancelledAt: now, revision: sql`${liveClasses.revision} + 1` })
      .where(eq(liveClasses.id, classId));
    const told = await tx
      .update(classRegistrations)
      .set({ state: "cancelled", holdUntil: null })
      .where(and(eq(classRegistrations.classId, classId), stillLive))
      .returning();
    for (const row of told) await queueMail(tx, cancelledMail(row, live, timeZone, mail));
    return `Cancelled “${live.title}”. ${told.length === 1 ? "The 1 person" : `The ${told.length} people`} registered or waiting were told by mail.`;
  });
}
