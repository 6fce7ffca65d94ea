import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { keptFor, type PersonalData } from "../db/personal-data.ts";
import { bookingDueMonths, bookingServices, bookingSettings, bookings, bookingWaitlist } from "./bookings-schema.ts";
import type { SignedInMember } from "../http/signed-in-member.ts";
import type { Busy, Hours } from "./free-times.ts";

// The bookings feature's data: her hours, her services, the bookings, her places per due month
// and their waiting lists. Only SQL here; what a booking does (mails, payments) is booking-actions.ts.

export type ServiceRow = typeof bookingServices.$inferSelect;
export type ServiceFields = Omit<typeof bookingServices.$inferInsert, "id" | "createdAt">;
export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type WaitingRow = typeof bookingWaitlist.$inferSelect;

/** The states in which a booking holds her time (the exclusion constraint's states). */
export const liveStates = ["awaiting_email", "awaiting_payment", "confirmed", "attended", "no_show"] as const;
export const heldStates = ["awaiting_email", "awaiting_payment"] as const;

/** Her hours; until she sets them, none (and no free time). */
export async function readHours(db: Queryable): Promise<(Hours & { feedToken: string | null }) | null> {
  const [row] = await db.select().from(bookingSettings).where(eq(bookingSettings.id, 1));
  return row ? { timeZone: row.timeZone, weekly: row.weekly, exceptions: row.exceptions, feedToken: row.feedToken } : null;
}

export async function saveHours(db: Queryable, hours: Hours): Promise<void> {
  const values = { timeZone: hours.timeZone, weekly: hours.weekly, exceptions: hours.exceptions, updatedAt: new Date() };
  await db
    .insert(bookingSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: bookingSettings.id, set: values });
}

/** Sets the secret of her calendar feed (the old address stops working). Needs her hours saved first. */
export async function setFeedToken(db: Queryable, token: string): Promise<boolean> {
  const updated = await db
    .update(bookingSettings)
    .set({ feedToken: token })
    .where(eq(bookingSettings.id, 1))
    .returning({ id: bookingSettings.id });
  return updated.length > 0;
}

export function listServices(db: Queryable, options: { visibleOnly: boolean }): Promise<ServiceRow[]> {
  return db
    .select()
    .from(bookingServices)
    .where(options.visibleOnly ? eq(bookingServices.hidden, false) : undefined)
    .orderBy(asc(bookingServices.id));
}

export async function findService(db: Queryable, id: number): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(bookingServices).where(eq(bookingServices.id, id));
  return row;
}

export async function insertService(db: Queryable, fields: ServiceFields): Promise<ServiceRow> {
  const [row] = await db.insert(bookingServices).values(fields).returning();
  return row!;
}

export async function updateService(db: Queryable, id: number, fields: ServiceFields): Promise<ServiceRow | undefined> {
  const [row] = await db.update(bookingServices).set(fields).where(eq(bookingServices.id, id)).returning();
  return row;
}

/** Lets lapsed holds go: an e-mail not confirmed in time, a checkout abandoned. */
export async function expireLapsedHolds(db: Queryable, now: Date, paymentGraceMs: number): Promise<BookingRow[]> {
  return db
    .update(bookings)
    .set({ state: "expired", updatedAt: now })
    .where(
      or(
        and(eq(bookings.state, "awaiting_email"), lte(bookings.holdUntil, now)),
        // A checkout is released by Stripe's expiry event; this catches one whose event never came.
        and(eq(bookings.state, "awaiting_payment"), lte(bookings.holdUntil, new Date(now.getTime() - paymentGraceMs))),
      ),
    )
    .returning();
}

/** Every live booking's blocked stretch that touches [from, until), sorted, but the one being moved. */
export async function busyBetween(db: Queryable, from: Date, until: Date, now: Date, exceptId?: number): Promise<Busy[]> {
  const rows = await db
    .select({ from: bookings.blockedFrom, until: bookings.blockedUntil })
    .from(bookings)
    .where(
      and(
        inArray(bookings.state, [...liveStates]),
        lt(bookings.blockedFrom, until),
        gt(bookings.blockedUntil, from),
        // A lapsed hold no longer counts, even before the scheduler has marked it.
        or(isNull(bookings.holdUntil), ne(bookings.state, "awaiting_email"), gt(bookings.holdUntil, now)),
        exceptId === undefined ? undefined : ne(bookings.id, exceptId),
      ),
    )
    .orderBy(asc(bookings.blockedFrom));
  return rows.map((row) => ({ from: row.from.getTime(), until: row.until.getTime() }));
}

/** The starts of a service's live bookings in [from, until) (its caps per day and week). */
export async function serviceStartsBetween(
  db: Queryable,
  serviceId: number,
  from: Date,
  until: Date,
  exceptId?: number,
): Promise<number[]> {
  const rows = await db
    .select({ start: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.serviceId, serviceId),
        inArray(bookings.state, [...liveStates]),
        gte(bookings.startsAt, from),
        lt(bookings.startsAt, until),
        exceptId === undefined ? undefined : ne(bookings.id, exceptId),
      ),
    );
  return rows.map((row) => row.start.getTime());
}

/** True when the database's exclusion constraint refused a booking: her time is already given. */
export function isTimeTaken(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "23P01") return true;
  }
  return false;
}

export async function insertBooking(db: Queryable, values: NewBooking): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(values).returning();
  return row!;
}

export async function findBooking(
  db: Queryable,
  where: { id: number } | { manageToken: string } | { confirmTokenHash: string } | { checkoutSessionId: string },
) {
  const condition =
    "id" in where
      ? eq(bookings.id, where.id)
      : "manageToken" in where
        ? eq(bookings.manageToken, where.manageToken)
        : "confirmTokenHash" in where
          ? eq(bookings.confirmTokenHash, where.confirmTokenHash)
          : eq(bookings.checkoutSessionId, where.checkoutSessionId);
  const [row] = await db.select().from(bookings).where(condition);
  return row;
}

/** Locks one booking's row for the rest of the transaction (a change and a reminder do not cross). */
export async function lockBooking(db: Queryable, id: number): Promise<BookingRow | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for("update");
  return row;
}

export async function updateBooking(db: Queryable, id: number, changes: Partial<NewBooking>): Promise<BookingRow> {
  const [row] = await db
    .update(bookings)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}

/** A member's bookings (db/personal-data.ts keptFor: those made with her address once she proved it), oldest first. */
export function bookingsOf(db: Queryable, member: SignedInMember): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(keptFor(member, bookings.userId, bookings.email))
    .orderBy(asc(bookings.startsAt));
}

export function bookingsBetween(db: Queryable, from: Date, until: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(lt(bookings.startsAt, until), gt(bookings.endsAt, from), ne(bookings.state, "expired")))
    .orderBy(asc(bookings.startsAt));
}

/** The confirmed bookings from a moment on (her calendar feed). */
export function confirmedFrom(db: Queryable, from: Date): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(inArray(bookings.state, ["confirmed", "attended", "no_show"]), gte(bookings.endsAt, from)))
    .orderBy(asc(bookings.startsAt));
}

/**
 * Claims the reminders that fall due: one UPDATE marks each sent, so two servers running it at
 * once claim each reminder once; only confirmed bookings qualify, so a cancelled one gets none.
 * A reminder found after its moment has passed (the server was down) is skipped, never sent late.
 */
export async function claimDueReminders(db: Queryable, now: Date): Promise<{ booking: BookingRow; which: "day" | "hour" }[]> {
  const dayDue = await db
    .update(bookings)
    .set({
      reminderDayBefore: sql`case when ${bookings.startsAt} - interval '1 hour' > ${now.toISOString()}::timestamptz then 'sent' else 'skipped' end`,
    })
    .where(
      and(
        eq(bookings.state, "confirmed"),
        eq(bookings.reminderDayBefore, "pending"),
        lte(bookings.startsAt, new Date(now.getTime() + 24 * 3600_000)),
      ),
    )
    .returning();
  const hourDue = await db
    .update(bookings)
    .set({ reminderHourBefore: sql`case when ${bookings.startsAt} > ${now.toISOString()}::timestamptz then 'sent' else 'skipped' end` })
    .where(
      and(
        eq(bookings.state, "confirmed"),
        eq(bookings.reminderHourBefore, "pending"),
        lte(bookings.startsAt, new Date(now.getTime() + 3600_000)),
      ),
    )
    .returning();
  return [
    ...dayDue.filter((row) => row.reminderDayBefore === "sent").map((booking) => ({ booking, which: "day" as const })),
    ...hourDue.filter((row) => row.reminderHourBefore === "sent").map((booking) => ({ booking, which: "hour" as const })),
  ];
}

export async function placesIn(db: Queryable, month: string): Promise<number | null> {
  const [row] = await db.select().from(bookingDueMonths).where(eq(bookingDueMonths.month, month));
  return row ? row.places : null;
}

export async function setPlaces(db: Queryable, month: string, places: number): Promise<void> {
  await db.insert(bookingDueMonths).values({ month, places }).onConflictDoUpdate({ target: bookingDueMonths.month, set: { places } });
}

export function allDueMonths(db: Queryable) {
  return db.select().from(bookingDueMonths).orderBy(asc(bookingDueMonths.month));
}

/** The births taken in a due month: live bookings of birth-support services with a due date in it. */
export async function takenIn(db: Queryable, month: string, exceptId?: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .where(
      and(
        eq(bookingServices.birthSupport, true),
        inArray(bookings.state, [...liveStates]),
        sql`to_char(${bookings.dueDate}, 'YYYY-MM') = ${month}`,
        exceptId === undefined ? undefined : ne(bookings.id, exceptId),
      ),
    );
  return row?.count ?? 0;
}

/** Taken places per due month, for the studio. */
export async function takenByMonth(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ month: sql<string>`to_char(${bookings.dueDate}, 'YYYY-MM')`, count: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(bookingServices, eq(bookingServices.id, bookings.serviceId))
    .where(and(eq(bookingServices.birthSupport, true), inArray(bookings.state, [...liveStates])))
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.month, row.count]));
}

/**
 * Serialises the writes that give or move her time (a booking, a move, a paid hold made firm), across
 * servers; taken first in their transactions, before any other lock. The exclusion constraint alone
 * keeps two bookings from overlapping, but conflicting inserts made at the same moment each find the
 * other's row and wait for it, and PostgreSQL breaks that circle by failing all but one with a
 * deadlock (a 500 for her instead of the sentence with other times; PostgreSQL's execIndexing.c
 * describes it). One at a time, each sees the one before it committed and is refused as taken.
 */
export async function lockHerTime(db: Queryable): Promise<void> {
  await lockCounting(db, "her-time");
}

/** Serialises the bookings that count places or caps (a due month, a service's day), across servers. */
export async function lockCounting(db: Queryable, key: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`bookings:${key}`}))`);
}

export async function joinWaitlist(
  db: Queryable,
  values: typeof bookingWaitlist.$inferInsert,
): Promise<{ row: WaitingRow; position: number }> {
  const [row] = await db.insert(bookingWaitlist).values(values).returning();
  const [ahead] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookingWaitlist)
    .where(and(eq(bookingWaitlist.month, row!.month), isNull(bookingWaitlist.bookedAt), lte(bookingWaitlist.id, row!.id)));
  return { row: row!, position: ahead?.count ?? 1 };
}

export function waitlistOf(db: Queryable, month?: string): Promise<WaitingRow[]> {
  return db
    .select()
    .from(bookingWaitlist)
    .where(and(isNull(bookingWaitlist.bookedAt), month ? eq(bookingWaitlist.month, month) : undefined))
    .orderBy(asc(bookingWaitlist.id));
}

export async function findWaiting(db: Queryable, where: { id: number } | { offerTokenHash: string }): Promise<WaitingRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingWaitlist)
    .where("id" in where ? eq(bookingWaitlist.id, where.id) : eq(bookingWaitlist.offerTokenHash, where.offerTokenHash));
  return row;
}

export async function updateWaiting(db: Queryable, id: number, changes: Partial<typeof bookingWaitlist.$inferInsert>): Promise<void> {
  await db.update(bookingWaitlist).set(changes).where(eq(bookingWaitlist.id, id));
}

/**
 * Her bookings and waiting-list entries in "Download my data"; deleting her account deletes them
 * (a booking to come frees its time) and the waiting list goes with her row.
 */
export const bookingsPersonalData = (db: Queryable): PersonalData => ({
  key: "bookings",
  export: async (member) => ({
    bookings: (await bookingsOf(db, member)).map((booking) => ({
      start: booking.startsAt.toISOString(),
      end: booking.endsAt.toISOString(),
      state: booking.state,
      name: booking.name,
      email: booking.email,
      due_date: booking.dueDate,
      note: booking.note,
    })),
    waiting_list: (
      await db
        .select()
        .from(bookingWaitlist)
        .where(keptFor(member, bookingWaitlist.userId, bookingWaitlist.email))
    ).map((entry) => ({ month: entry.month, due_date: entry.dueDate, note: entry.note, joined_at: entry.createdAt.toISOString() })),
  }),
  erase: async (tx, member) => {
    await tx.delete(bookings).where(keptFor(member, bookings.userId, bookings.email));
    await tx.delete(bookingWaitlist).where(keptFor(member, bookingWaitlist.userId, bookingWaitlist.email));
  },
  // Her sessions' reminders and changes, and a place offered from the waiting list, go to her new address.
  readdress: async (tx, member, newEmail) => {
    await tx
      .update(bookings)
      .set({ email: newEmail })
      .where(and(eq(bookings.userId, member.id), inArray(bookings.state, ["awaiting_email", "awaiting_payment", "confirmed"])));
    await tx
      .update(bookingWaitlist)
      .set({ email: newEmail })
      .where(and(eq(bookingWaitlist.userId, member.id), isNull(bookingWaitlist.bookedAt)));
  },
});
