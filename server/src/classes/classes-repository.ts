import type { CheckoutPricing } from "../lib/checkout-pricing.ts";
import { sentence } from "../../../contract/languages.ts";
import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import { type PublicClass } from "../../../contract/classes.ts";
import { heldFor, type UserRow } from "../accounts/users-repository.ts";
import type { CatalogueReader } from "../catalogue/catalogue-repository.ts";
import { readHours } from "../bookings/bookings-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { keptFor, type MailChoice, type PersonalData, provenAddress } from "../db/personal-data.ts";
import { classMailOptOuts, classRegistrations, liveClasses } from "./classes-schema.ts";
import { HttpError } from "../http/errors.ts";
import { chosenTier } from "../lib/tiers.ts";
import type { Clock } from "../lib/clock.ts";
import type { OneOffPayments } from "../lib/one-off-payments.ts";
import { type ClassMailContext, type ClassRow, placeMail, placeOfferedMail, type RegistrationRow } from "./class-mails.ts";
import { joinWindow, offerHeldUntil, remindersFrom } from "./class-rules.ts";
import { queueMail } from "../mail/outbox.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";

/** Tells the studio someone has a place in a class, once (docs/notifications.md). */
export const noticePlace = (
  tx: Queryable,
  registration: { id: number; name: string; userId: number | null },
  live: { title: string },
  now: Date,
) =>
  notifyStudio(
    tx,
    {
      kind: "class_registration",
      key: `class-place:${registration.id}`,
      message: sentence("{name} has a place in {title}."),
      values: { name: registration.name, title: live.title },
      link: "/studio/calendar",
      about: registration.userId,
    },
    now,
  );

export type { ClassMailContext, ClassRow, RegistrationRow };

export type ClassPayments = OneOffPayments;

export type ClassDeps = {
  db: Database;
  clock: Clock;
  mail: ClassMailContext;
  payments: ClassPayments | null;
  catalogue: CatalogueReader;
  /** The price with a code (docs/gifts.md): payments' pricing pipeline, which refuses a code when none is taken. */
  pricing?: CheckoutPricing;
};

/** The states that hold a place: taken, or held while it waits for her e-mail or payment. */
export const holding = (now: Date) =>
  or(
    eq(classRegistrations.state, "registered"),
    and(inArray(classRegistrations.state, ["awaiting_email", "awaiting_payment"]), gt(classRegistrations.holdUntil, now)),
  );
export const stillLive = sql`${classRegistrations.state} not in ('cancelled', 'expired')`;
export const mailsWanted = sql`not exists (select 1 from ${classMailOptOuts} where ${classMailOptOuts.email} = lower(${classRegistrations.email}))`;
export const hers = (member: UserRow) => keptFor(member, classRegistrations.userId, classRegistrations.email);

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

export async function zoneOf(db: Queryable): Promise<string> {
  return (await readHours(db))?.timeZone ?? "UTC";
}

/** The class, held until the transaction ends: registrations for one class are counted one at a time, on every app server. */
export async function lockedClass(tx: Queryable, classId: number): Promise<ClassRow> {
  const [row] = await tx.select().from(liveClasses).where(eq(liveClasses.id, classId)).for("update");
  if (!row || row.cancelledAt) throw new HttpError(404, "That class does not exist, or it was cancelled.");
  return row;
}

export async function placesTaken(tx: Queryable, classId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, classId), holding(now)));
  return row?.count ?? 0;
}

/** The places taken in each of these classes (held ones count), by class id; a class nobody holds is absent. */
async function placesTakenIn(db: Queryable, classIds: readonly number[], now: Date): Promise<Map<number, number>> {
  if (classIds.length === 0) return new Map();
  const rows = await db
    .select({ classId: classRegistrations.classId, count: sql<number>`count(*)::int` })
    .from(classRegistrations)
    .where(and(inArray(classRegistrations.classId, [...classIds]), holding(now)))
    .groupBy(classRegistrations.classId);
  return new Map(rows.map((row) => [row.classId, row.count]));
}

export async function updateRegistration(tx: Queryable, id: number, fields: Partial<RegistrationRow>): Promise<RegistrationRow> {
  const [row] = await tx.update(classRegistrations).set(fields).where(eq(classRegistrations.id, id)).returning();
  return row!;
}

/** What paid places brought beyond their classes' own prices (Supporter tiers, docs/gifts.md), by currency; refunded ones not. */
export async function paidBeyondClassPrices(db: Queryable): Promise<{ currency: string; minor: number }[]> {
  return db
    .select({
      currency: liveClasses.currency,
      minor: sql<number>`coalesce(sum(${classRegistrations.beyondPriceMinor}), 0)`.mapWith(Number),
    })
    .from(classRegistrations)
    .innerJoin(liveClasses, eq(liveClasses.id, classRegistrations.classId))
    .where(
      and(
        isNotNull(classRegistrations.paymentIntentId),
        isNull(classRegistrations.refundedAt),
        sql`${classRegistrations.beyondPriceMinor} > 0`,
      ),
    )
    .groupBy(liveClasses.currency);
}

/**
 * Gives the places now free, before the start, to the people waiting, first come first served,
 * each with a mail: a free class's place is hers at once; a paid class's is held for her to pay.
 */
export async function offerFreedPlaces(
  tx: Queryable,
  live: ClassRow,
  now: Date,
  instructorZone: string,
  mail: ClassMailContext,
): Promise<void> {
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
    if (live.priceMinor > 0) {
      const offered = await updateRegistration(tx, waiting.id, {
        state: "awaiting_payment",
        fromWaitingList: true,
        holdUntil: offerHeldUntil(now, live.startsAt),
      });
      await queueMail(tx, placeOfferedMail(offered, live, instructorZone, mail));
      continue;
    }
    const promoted = await updateRegistration(tx, waiting.id, {
      state: "registered",
      fromWaitingList: true,
      ...remindersFrom(live.startsAt, now),
    });
    await queueMail(tx, placeMail("promoted", promoted, live, instructorZone, mail));
    await noticePlace(tx, promoted, live, now);
  }
}

/**
 * A paid place's payment, as Stripe reported it (the classes' Checkout, or a friend's through her
 * birth registry): the place held for it becomes hers, or a lapsed one if a place is still free, and
 * she is mailed it. "placed", "already" (hers before), or "lost": paid after the class was cancelled
 * or after her lapsed place went to someone else, the payment kept on the row for a refund.
 */
export async function settlePaidPlace(
  tx: Queryable,
  registrationId: number,
  paymentIntentId: string | null,
  now: Date,
  mail: ClassMailContext,
): Promise<"placed" | "already" | "lost"> {
  const [found] = await tx
    .select({ classId: classRegistrations.classId })
    .from(classRegistrations)
    .where(eq(classRegistrations.id, registrationId));
  if (!found) return "lost";
  const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, found.classId)).for("update");
  const [row] = await tx.select().from(classRegistrations).where(eq(classRegistrations.id, registrationId)).for("update");
  if (row!.state === "registered") return "already";
  const held = row!.state === "awaiting_payment";
  const lapsedButFree =
    row!.state === "expired" && !live!.cancelledAt && now < live!.startsAt && (await placesTaken(tx, live!.id, now)) < live!.places;
  if (live!.cancelledAt || (!held && !lapsedButFree)) {
    await updateRegistration(tx, row!.id, { paymentIntentId });
    return "lost";
  }
  const placed = await updateRegistration(tx, row!.id, {
    state: "registered",
    holdUntil: null,
    paymentIntentId,
    ...remindersFrom(live!.startsAt, now),
  });
  await queueMail(tx, placeMail(placed.fromWaitingList ? "promoted" : "registered", placed, live!, await zoneOf(tx), mail));
  await noticePlace(tx, placed, live!, now);
  return "placed";
}

/** Upcoming paid classes, as a birth registry may list them (docs/gifts.md): all of them, or those named. */
export async function classesToGive(db: Queryable, now: Date, ids?: number[]) {
  if (ids?.length === 0) return [];
  const rows = await db
    .select()
    .from(liveClasses)
    .where(
      and(
        isNull(liveClasses.cancelledAt),
        gt(liveClasses.startsAt, now),
        sql`${liveClasses.priceMinor} > 0`,
        ids ? inArray(liveClasses.id, ids) : undefined,
      ),
    )
    .orderBy(asc(liveClasses.startsAt), asc(liveClasses.id));
  const taken = await placesTakenIn(
    db,
    rows.map((row) => row.id),
    now,
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    priceMinor: row.priceMinor,
    currency: row.currency,
    tiers: row.tiers,
    placesLeft: Math.max(0, row.places - (taken.get(row.id) ?? 0)),
  }));
}

/**
 * A place given through her birth registry (docs/gifts.md): held in her name, at her address, at
 * the class's own price while a friend pays, counted as every held place is under the class's lock,
 * so the last place goes once on every app server. Refuses a class begun, free or full, and a
 * second place for her.
 */
export async function holdGivenPlace(
  tx: Queryable,
  input: { classId: number; member: UserRow; holdUntil: Date; now: Date; tier?: string | number | undefined },
): Promise<{
  registrationId: number;
  title: string;
  priceMinor: number;
  standardMinor: number;
  currency: string;
  tierName: string | null;
}> {
  const live = await lockedClass(tx, input.classId);
  if (input.now >= live.startsAt) throw new HttpError(409, "This class has begun, so a place in it can no longer be given.");
  if (live.priceMinor === 0) throw new HttpError(400, "This class is free: she can take a place herself on the classes page.");
  // Pay what you can: the friend may choose among the class's tiers, and only those.
  const tier = chosenTier(live.tiers, input.tier, "That is not one of this class's prices.");
  const places = await tx
    .select({ state: classRegistrations.state, holdUntil: classRegistrations.holdUntil })
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, live.id), hers(input.member), stillLive));
  // A hold that has lapsed holds nothing, though the timed work has not marked it yet.
  const current = places.filter((place) => place.holdUntil === null || place.holdUntil > input.now);
  if (current.some((place) => place.state === "awaiting_payment"))
    throw new HttpError(
      409,
      "Someone is giving her a place in this class just now. If their payment does not go through, it can be given again within the hour.",
    );
  if (current.length > 0)
    throw new HttpError(409, "She has a place in this class already (or is waiting for one), so it cannot be given twice.");
  if ((await placesTaken(tx, live.id, input.now)) >= live.places)
    throw new HttpError(409, "This class is full just now, so a place in it cannot be given. Perhaps choose another gift.");
  const { name, email } = heldFor(input.member, { name: input.member.firstName ?? "", email: input.member.email });
  const [row] = await tx
    .insert(classRegistrations)
    .values({
      classId: live.id,
      userId: input.member.id,
      name,
      email,
      dueDate: input.member.dueDate,
      timeZone: null,
      language: input.member.language,
      tierName: tier?.name ?? null,
      state: "awaiting_payment",
      holdUntil: input.holdUntil,
      manageToken: randomBytes(24).toString("base64url"),
      ...remindersFrom(live.startsAt, input.now),
    })
    .returning({ id: classRegistrations.id });
  return {
    registrationId: row!.id,
    title: live.title,
    priceMinor: tier?.price ?? live.priceMinor,
    standardMinor: live.priceMinor,
    currency: live.currency,
    tierName: tier?.name ?? null,
  };
}

/**
 * A place held for a payment that did not come (Stripe's expiry, or a Checkout that could not
 * open; the classes' own or a friend's through her registry): released under its class's lock, and
 * offered to the first person waiting.
 */
export async function releaseHeldPlace(tx: Queryable, registrationId: number, now: Date, mail: ClassMailContext): Promise<void> {
  const [row] = await tx
    .select({ classId: classRegistrations.classId })
    .from(classRegistrations)
    .where(eq(classRegistrations.id, registrationId));
  if (!row) return;
  const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, row.classId)).for("update");
  const released = await tx
    .update(classRegistrations)
    .set({ state: "expired", holdUntil: null })
    .where(and(eq(classRegistrations.id, registrationId), eq(classRegistrations.state, "awaiting_payment")))
    .returning({ id: classRegistrations.id });
  if (released.length > 0 && live && !live.cancelledAt) await offerFreedPlaces(tx, live, now, await zoneOf(tx), mail);
}

/** Her registration as her mailed link shows it, for the page that asks her to confirm the cancellation. */
export async function registrationByToken(db: Queryable, token: string) {
  const [row] = await db
    .select({ registration: classRegistrations, live: liveClasses })
    .from(classRegistrations)
    .innerJoin(liveClasses, eq(liveClasses.id, classRegistrations.classId))
    .where(eq(classRegistrations.manageToken, token));
  if (!row) throw new HttpError(404, "This link is not known here. The registration may have been removed.");
  return {
    class_id: row.live.id,
    title: row.live.title,
    starts_at: row.live.startsAt.toISOString(),
    state: row.registration.state,
    // What her Checkout asks: the tier she chose, when the class offers tiers.
    price: row.live.tiers.find((tier) => tier.name === row.registration.tierName)?.price ?? row.live.priceMinor,
    currency: row.live.currency,
    hold_until: row.registration.holdUntil?.toISOString() ?? null,
  };
}

/**
 * The classes as this reader may see them: upcoming ones, and past ones she registered for. The
 * join link is in the answer only for her own place, from JOIN_OPENS_MINUTES before the start until
 * the end; the replay, once there is one, only for her own past place.
 */
export async function classesFor(
  db: Queryable,
  catalogue: CatalogueReader,
  member: UserRow | null,
  now: Date,
): Promise<{ upcoming: PublicClass[]; past: PublicClass[] }> {
  const rows = await db.select().from(liveClasses).where(isNull(liveClasses.cancelledAt)).orderBy(asc(liveClasses.startsAt));
  const linked = rows.some((row) => row.courseId !== null);
  const titles = linked ? new Map((await catalogue.allCourses()).map((course) => [course.id, course.title])) : new Map<number, string>();
  const yours = linked && member ? await catalogue.accessibleCourseIds(member) : new Set<number>();
  const ids = rows.map((row) => row.id);
  const counts = await placesTakenIn(db, ids, now);
  const mine =
    member && ids.length > 0
      ? await db
          .select({ classId: classRegistrations.classId, state: classRegistrations.state })
          .from(classRegistrations)
          .where(and(inArray(classRegistrations.classId, ids), stillLive, hers(member)))
      : [];
  const shown = rows.map((row): PublicClass & { ended: boolean } => {
    const taken = counts.get(row.id) ?? 0;
    const state = mine.find((registration) => registration.classId === row.id)?.state;
    const { opensAt, open, ended } = joinWindow(row.startsAt, row.endsAt, now);
    const joinable = state === "registered" && open;
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
      ...(row.tiers.length > 0 ? { tiers: row.tiers } : {}),
      ...(state ? { my_state: state } : {}),
      ...(joinable ? { join_url: row.joinUrl } : {}),
      ...(ended && state === "registered" && row.replayUrl ? { replay_url: row.replayUrl } : {}),
      join_opens_at: opensAt.toISOString(),
      course: row.courseId !== null && titles.has(row.courseId) ? { id: row.courseId, title: titles.get(row.courseId)! } : null,
      for_your_course: row.courseId !== null && yours.has(row.courseId),
      ended,
    };
  });
  const strip = ({ ended: _ended, ...rest }: PublicClass & { ended: boolean }): PublicClass => rest;
  return {
    upcoming: shown.filter((entry) => !entry.ended).map(strip),
    past: shown
      .filter((entry) => entry.ended && entry.my_state === "registered")
      .reverse()
      .map(strip),
  };
}

export async function registrationsOf(db: Queryable, classId: number) {
  const [exists] = await db.select({ id: liveClasses.id }).from(liveClasses).where(eq(liveClasses.id, classId));
  if (!exists) throw new HttpError(404, "That class does not exist.");
  return db.select().from(classRegistrations).where(eq(classRegistrations.classId, classId)).orderBy(asc(classRegistrations.id));
}

/** Her class registrations and whether she gets class mails, in her download; they go with her account. */
export const classesPersonalData = (db: Queryable): PersonalData => ({
  key: "class_registrations",
  export: async (member) => {
    const rows = await db
      .select({
        title: liveClasses.title,
        startsAt: liveClasses.startsAt,
        state: classRegistrations.state,
        attended: classRegistrations.attended,
      })
      .from(classRegistrations)
      .innerJoin(liveClasses, eq(liveClasses.id, classRegistrations.classId))
      .where(hers(member));
    return {
      // Kept by address: hers to read once the address is proven hers.
      class_reminders_by_email: provenAddress(member) ? await classMailsWanted(db, member.email) : null,
      registrations: rows.map((row) => ({
        class: row.title,
        starts_at: row.startsAt.toISOString(),
        state: row.state,
        attended: row.attended,
      })),
    };
  },
  erase: async (tx, member) => {
    await tx.delete(classRegistrations).where(hers(member));
    const address = provenAddress(member);
    if (address) await tx.delete(classMailOptOuts).where(eq(classMailOptOuts.email, address));
  },
  // Her places' reminders and replays go to her new address, and her choice about them goes along.
  // A place the new address already holds in the same class (taken as a visitor) keeps its own row.
  readdress: async (tx, member, newEmail) => {
    await tx
      .update(classRegistrations)
      .set({ email: newEmail })
      .where(
        and(
          eq(classRegistrations.userId, member.id),
          notInArray(classRegistrations.state, ["cancelled", "expired"]),
          sql`not exists (select 1 from class_registrations as taken where taken.class_id = class_registrations.class_id
            and lower(taken.email) = lower(${newEmail}) and taken.state not in ('cancelled', 'expired'))`,
        ),
      );
    if (provenAddress(member) && !(await classMailsWanted(tx, member.email))) {
      await setClassMails(tx, newEmail, false);
      await setClassMails(tx, member.email, true);
    }
  },
});

/** Whether class reminders and replays go to this address: until a one-click unsubscribe or her account turns them off. */
export async function classMailsWanted(db: Queryable, email: string): Promise<boolean> {
  const [optOut] = await db.select().from(classMailOptOuts).where(eq(classMailOptOuts.email, email.toLowerCase()));
  return !optOut;
}

/** Her account's switch for class reminders and replays, kept by address like the one-click unsubscribe. */
export async function setClassMails(db: Queryable, email: string, wanted: boolean): Promise<void> {
  if (wanted) await db.delete(classMailOptOuts).where(eq(classMailOptOuts.email, email.toLowerCase()));
  else await db.insert(classMailOptOuts).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

/** Her choice of class reminders and replays on /account, kept by address like the one-click unsubscribe. */
export const classMailChoice = (): MailChoice => ({
  key: "class_reminders",
  label: sentence("class reminders"),
  wanted: (db, member) => classMailsWanted(db, member.email),
  save: (tx, member, wanted) => setClassMails(tx, member.email, wanted),
  unprovenAddressRefusal: "Please confirm your e-mail address first (the link we mailed you), then choose your class mails.",
});

/** Stops class reminders and replays to the address of the registration this token belongs to; null when no registration has it. */
export async function unsubscribeFromClassMails(db: Queryable, token: string): Promise<{ email: string } | null> {
  const [row] = await db
    .select({ email: classRegistrations.email })
    .from(classRegistrations)
    // Mails sent before registrations had their own unsubscribe token carry the manage token.
    .where(or(eq(classRegistrations.unsubscribeToken, token), eq(classRegistrations.manageToken, token)));
  if (!row) return null;
  await setClassMails(db, row.email, false);
  return row;
}

/** Her classes for the studio, the latest start first, with places taken and people waiting. */
export async function studioClasses(db: Queryable, catalogue: CatalogueReader, now: Date) {
  const titles = new Map((await catalogue.allCourses()).map((course) => [course.id, course.title]));
  const rows = await db
    .select()
    .from(liveClasses)
    .orderBy(sql`${liveClasses.startsAt} desc`);
  const counts = await db
    .select({
      classId: classRegistrations.classId,
      registered: sql<number>`count(*) filter (where ${holding(now)})::int`,
      waiting: sql<number>`count(*) filter (where ${classRegistrations.state} = 'waiting_list')::int`,
      attended: sql<number>`count(*) filter (where ${classRegistrations.attended})::int`,
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
      attended: count?.attended ?? 0,
      price: row.priceMinor,
      currency: row.currency,
      tiers: row.tiers,
      who: row.who,
      join_url: row.joinUrl,
      replay_url: row.replayUrl,
      replay_sent_at: row.replaySentAt?.toISOString() ?? null,
      course_title: row.courseId !== null ? (titles.get(row.courseId) ?? null) : null,
      cancelled: row.cancelledAt !== null,
    };
  });
}
