import { type Language, languageOr, sentence, sourceLanguage } from "../../../contract/languages.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import type { SignedInMember } from "../http/signed-in-member.ts";
import { heldFor, instructorAccounts } from "../accounts/users-repository.ts";
import type { Clock } from "../lib/clock.ts";
import { isTimeZone } from "../lib/time-zones.ts";
import type { OneOffPayments } from "../lib/one-off-payments.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import { queueMail } from "../mail/outbox.ts";
import { queuePushes } from "../push/push-repository.ts";
import {
  type BookingRow,
  busyBetween,
  claimDueReminders,
  expireLapsedHolds,
  findBooking,
  findService,
  findWaiting,
  heldStates,
  insertBooking,
  isTimeTaken,
  liveStates,
  lockBooking,
  lockCounting,
  lockHerTime,
  placesIn,
  readHours,
  serviceStartsBetween,
  type ServiceRow,
  takenIn,
  updateBooking,
  updateWaiting,
  listServices,
} from "./bookings-repository.ts";
import {
  type BookingMailContext,
  cancelledMail,
  bookingPushes,
  confirmedMail,
  confirmEmailMail,
  monthName,
  placeOfferedMail,
  reminderMail,
  rescheduledMail,
} from "./booking-mails.ts";
import { type FreeTime, freeTimes, isoWithOffset, type SlotRules } from "./free-times.ts";
import { notifyStudio } from "../notifications/notifications-repository.ts";

/** Tells the studio of a booking made firm, once (docs/notifications.md). */
const noticeBooked = (tx: Queryable, booking: { id: number; name: string; userId: number | null }, service: { name: string }, now: Date) =>
  notifyStudio(
    tx,
    {
      kind: "booking",
      key: `booking:${booking.id}`,
      message: sentence("{name} booked {service}."),
      values: { name: booking.name, service: service.name },
      link: "/studio/calendar",
      about: booking.userId,
    },
    now,
  );

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long a time is held while she confirms her address or pays (Stripe's shortest checkout is 30 minutes). */
export const HOLD_MS = 31 * MINUTE;
/** A checkout is released by Stripe's expiry event; the scheduler releases one whose event is this late. */
const PAYMENT_GRACE_MS = 10 * MINUTE;
const OFFER_MS = 48 * HOUR;

export type BookingPayments = OneOffPayments;

export type BookingDeps = {
  db: Database;
  clock: Clock;
  mail: { sender: MailSender; context: BookingMailContext };
  payments: BookingPayments | null;
  /**
   * Births she has taken on outside these bookings (her birth clients' care records, the `birthsElsewhere`
   * service her clients' manifest offers): they count towards a due month's places too.
   */
  birthsElsewhere?: { inMonth(db: Queryable, month: string): Promise<number>; byMonth(db: Queryable): Promise<Map<string, number>> };
};

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");
const newToken = () => randomBytes(24).toString("base64url");

const rulesOf = (service: ServiceRow): SlotRules => ({
  durationMinutes: service.durationMinutes,
  bufferBeforeMinutes: service.bufferBeforeMinutes,
  bufferAfterMinutes: service.bufferAfterMinutes,
  minNoticeHours: service.minNoticeHours,
  maxDaysAhead: service.maxDaysAhead,
  capPerDay: service.capPerDay,
  capPerWeek: service.capPerWeek,
});

const capped = (service: ServiceRow) => service.capPerDay !== null || service.capPerWeek !== null;

/** The free start times of a service in [from, to); none until she has set her hours. */
export async function freeTimesOf(
  db: Queryable,
  service: ServiceRow,
  window: { from: Date; to: Date; now: Date },
  options: { exceptId?: number; ignoreBusy?: boolean } = {},
): Promise<{ timeZone: string | null; times: FreeTime[] }> {
  const hours = await readHours(db);
  if (!hours) return { timeZone: null, times: [] };
  const margin = 8 * DAY + 4 * HOUR;
  const [busy, serviceStarts] = await Promise.all([
    options.ignoreBusy
      ? []
      : busyBetween(db, new Date(window.from.getTime() - 4 * HOUR), new Date(window.to.getTime() + 4 * HOUR), window.now, options.exceptId),
    capped(service)
      ? serviceStartsBetween(
          db,
          service.id,
          new Date(window.from.getTime() - margin),
          new Date(window.to.getTime() + margin),
          options.exceptId,
        )
      : [],
  ]);
  return { timeZone: hours.timeZone, times: freeTimes({ hours, rules: rulesOf(service), ...window, busy, serviceStarts }) };
}

/** The free times nearest a refused one, for the sentence that offers them. */
export async function nearestFreeTimes(db: Queryable, service: ServiceRow, around: Date, now: Date, exceptId?: number): Promise<string[]> {
  const { times } = await freeTimesOf(
    db,
    service,
    { from: new Date(around.getTime() - 7 * DAY), to: new Date(around.getTime() + 21 * DAY), now },
    { exceptId },
  );
  return times
    .sort((a, b) => Math.abs(a.start - around.getTime()) - Math.abs(b.start - around.getTime()))
    .slice(0, 3)
    .sort((a, b) => a.start - b.start)
    .map((time) => time.iso);
}

export type Refusal = { status: 409; error: string; alternatives: string[]; waiting_list?: { month: string } };
export const TAKEN = sentence("That time was just taken. Here are the nearest free times.");
const NOT_OPEN = sentence("That time is not open for booking. Here are the nearest free times.");

const remindersFor = (start: Date, now: Date) => ({
  reminderDayBefore: start.getTime() - DAY > now.getTime() ? ("pending" as const) : ("skipped" as const),
  reminderHourBefore: start.getTime() - HOUR > now.getTime() ? ("pending" as const) : ("skipped" as const),
});

function visibleService(service: ServiceRow | undefined): ServiceRow {
  if (!service || service.hidden) throw new HttpError(404, "That service is not offered at the moment.");
  return service;
}

/** Whether a start is one of the service's times, leaving aside who holds it (the database decides that). */
async function isOpenTime(db: Queryable, service: ServiceRow, start: Date, now: Date, exceptId?: number): Promise<boolean> {
  const { times } = await freeTimesOf(
    db,
    service,
    { from: start, to: new Date(start.getTime() + MINUTE), now },
    { exceptId, ignoreBusy: true },
  );
  return times.some((time) => time.start === start.getTime());
}

export type BookingInput = {
  service_id: number;
  start: string;
  name: string;
  email: string;
  due_date: string | null;
  note: string;
  time_zone?: string | undefined;
  offer?: string | undefined;
};

export type Booked = { booking: BookingRow; checkoutUrl?: string };

/** Books a time: held for her e-mail or her payment, or confirmed at once for a member's free booking. */
export async function book(
  deps: BookingDeps,
  input: BookingInput,
  member: SignedInMember | null,
  log: FastifyBaseLogger,
  language: Language,
): Promise<Booked | Refusal> {
  const { db, clock } = deps;
  const now = clock.now();
  const service = visibleService(await findService(db, input.service_id));
  const paid = service.priceMinor > 0;
  if ((service.who === "members" || paid) && !member) {
    throw new HttpError(
      401,
      paid ? "Please sign in to book and pay for this service." : "This service is for members: please sign in to book it.",
    );
  }
  if (paid && !deps.payments) {
    throw HttpError.withValues(503, "Online payment is not set up yet; please write to {address} to book this service.", {
      address: deps.mail.context.contactEmail,
    });
  }
  if (service.birthSupport && !input.due_date)
    throw new HttpError(400, "Please enter your due date: birth support is planned around it.", {
      due_date: "Please enter your due date.",
    });
  const start = new Date(input.start);
  const end = new Date(start.getTime() + service.durationMinutes * MINUTE);
  if (!(await isOpenTime(db, service, start, now))) {
    return { status: 409, error: NOT_OPEN, alternatives: await nearestFreeTimes(db, service, start, now) };
  }
  const readerTimeZone = input.time_zone && isTimeZone(input.time_zone) ? input.time_zone : ((await readHours(db))?.timeZone ?? "UTC");
  // A member books in her own name and at her own address, whatever the form says. Her free
  // booking is confirmed at once when her address is proven; before that it waits for the mailed
  // link, as a visitor's does.
  const { name, email } = heldFor(member, input);
  const confirmedAtOnce = !paid && member !== null && member.emailProvenAt !== null;
  const confirmToken = newToken();
  const month = input.due_date ? input.due_date.slice(0, 7) : null;

  let booking: BookingRow;
  try {
    const outcome = await db.transaction(async (tx): Promise<BookingRow | Refusal> => {
      await lockHerTime(tx);
      await expireLapsedHolds(tx, now, PAYMENT_GRACE_MS);
      let offerId: number | null = null;
      if (service.birthSupport && month) {
        await lockCounting(tx, `month:${month}`);
        const places = await placesIn(tx, month);
        const offer = input.offer ? await findWaiting(tx, { offerTokenHash: hashToken(input.offer) }) : undefined;
        // An offered place is for the person it was offered to: the link alone does not take it.
        const offerHolds =
          offer &&
          offer.month === month &&
          offer.email.toLowerCase() === email &&
          !offer.bookedAt &&
          offer.offeredUntil &&
          offer.offeredUntil > now;
        if (offerHolds) offerId = offer.id;
        else if (places !== null && (await takenIn(tx, month)) + ((await deps.birthsElsewhere?.inMonth(tx, month)) ?? 0) >= places) {
          return {
            status: 409,
            error: `Every birth-support place for babies due in ${monthName(month)} is taken. You are welcome to join the waiting list: if a place opens, we write to you first.`,
            alternatives: [],
            waiting_list: { month },
          };
        }
        if (offerId !== null) await updateWaiting(tx, offerId, { bookedAt: now });
      }
      if (capped(service)) {
        await lockCounting(tx, `service:${service.id}`);
        if (!(await isOpenTime(tx, service, start, now))) {
          return { status: 409, error: NOT_OPEN, alternatives: await nearestFreeTimes(tx, service, start, now) };
        }
      }
      const row = await insertBooking(tx, {
        serviceId: service.id,
        userId: member?.id ?? null,
        name,
        email,
        dueDate: input.due_date,
        note: input.note,
        state: paid ? "awaiting_payment" : confirmedAtOnce ? "confirmed" : "awaiting_email",
        startsAt: start,
        endsAt: end,
        blockedFrom: new Date(start.getTime() - service.bufferBeforeMinutes * MINUTE),
        blockedUntil: new Date(end.getTime() + service.bufferAfterMinutes * MINUTE),
        readerTimeZone,
        readerLanguage: language,
        holdUntil: confirmedAtOnce ? null : new Date(now.getTime() + HOLD_MS),
        confirmTokenHash: confirmedAtOnce || paid ? null : hashToken(confirmToken),
        manageToken: newToken(),
        uid: `${randomUUID()}@bookings`,
        amountMinor: service.priceMinor,
        currency: service.currency,
        offerId,
        ...remindersFor(start, now),
      });
      if (row.state === "confirmed") {
        await queueMail(tx, confirmedMail(row, service, deps.mail.context));
        await queuePushes(tx, bookingPushes(row, service, "confirmed", await instructorAccounts(tx)), now);
        await noticeBooked(tx, row, service, now);
      }
      if (row.state === "awaiting_email") await queueMail(tx, confirmEmailMail(row, service, confirmToken, deps.mail.context));
      return row;
    });
    if ("status" in outcome) return outcome;
    booking = outcome;
  } catch (error) {
    if (!isTimeTaken(error)) throw error;
    return { status: 409, error: TAKEN, alternatives: await nearestFreeTimes(db, service, start, now) };
  }
  deps.mail.sender.wake();
  if (!paid) return { booking };

  try {
    const checkout = await deps.payments!.checkout({
      metadata: { booking_id: String(booking.id) },
      description: `${service.name}, ${isoWithOffset(start.getTime(), readerTimeZone)}`,
      amountMinor: service.priceMinor,
      currency: service.currency,
      email,
      expiresAt: booking.holdUntil!,
      successUrl: `${deps.mail.context.publicUrl}/booking/${booking.manageToken}?paid=1`,
      cancelUrl: `${deps.mail.context.publicUrl}/book?service=${service.id}&checkout=cancelled`,
    });
    booking = await updateBooking(db, booking.id, { checkoutSessionId: checkout.id });
    return { booking, checkoutUrl: checkout.url };
  } catch (error) {
    log.warn({ err: error, bookingId: booking.id }, "bookings: the checkout could not be started; the held time is released");
    await updateBooking(db, booking.id, { state: "expired" });
    throw new HttpError(502, "The payment page could not be opened just now. Nothing was booked or charged; please try again in a moment.");
  }
}

/** The mailed link of a free booking: confirms the held time, once; a second click shows it again. */
export async function confirmByEmail(deps: BookingDeps, token: string): Promise<BookingRow> {
  const now = deps.clock.now();
  const found = await findBooking(deps.db, { confirmTokenHash: hashToken(token) });
  if (!found) throw new HttpError(404, "This confirmation link is not valid. It may have been copied incompletely.");
  const booking = await deps.db.transaction(async (tx) => {
    // Made firm, her booking's row is written again and checked against every other (lockHerTime).
    await lockHerTime(tx);
    const row = (await lockBooking(tx, found.id))!;
    if (row.state !== "awaiting_email") return row;
    if (!row.holdUntil || row.holdUntil <= now) {
      await updateBooking(tx, row.id, { state: "expired" });
      return { ...row, state: "expired" as const };
    }
    const confirmed = await updateBooking(tx, row.id, { state: "confirmed", holdUntil: null, ...remindersFor(row.startsAt, now) });
    const service = (await findService(tx, row.serviceId))!;
    await queueMail(tx, confirmedMail(confirmed, service, deps.mail.context));
    await queuePushes(tx, bookingPushes(confirmed, service, "confirmed", await instructorAccounts(tx)), now);
    await noticeBooked(tx, confirmed, service, now);
    return confirmed;
  });
  if (booking.state === "expired") {
    throw new HttpError(
      410,
      "This booking was held for 30 minutes and the time has been released. Please choose a time again: it only takes a moment.",
    );
  }
  if (booking.state !== "confirmed") throw new HttpError(409, "This booking is no longer active.");
  deps.mail.sender.wake();
  return booking;
}

/** Until when she may change a booking herself. */
export const changeUntil = (booking: BookingRow, service: ServiceRow) =>
  new Date(booking.startsAt.getTime() - service.cancelCutoffHours * HOUR);

function cutoffRefusal(deps: BookingDeps): never {
  throw HttpError.withValues(
    409,
    "It is too close to the session to change it here. Please write to {address}, and we will sort it out together.",
    { address: deps.mail.context.contactEmail },
  );
}

/** Moves a confirmed booking to another free time, before the cut-off; the invitation keeps its UID. */
export async function reschedule(
  deps: BookingDeps,
  bookingId: number,
  startText: string,
  options: { byInstructor: boolean },
): Promise<BookingRow | Refusal> {
  const { db, clock } = deps;
  const now = clock.now();
  const current = await findBooking(db, { id: bookingId });
  if (!current) throw new HttpError(404, "That booking does not exist.");
  const service = (await findService(db, current.serviceId))!;
  if (current.state !== "confirmed") throw new HttpError(409, "Only a confirmed booking can be moved.");
  if (!options.byInstructor && now >= changeUntil(current, service)) cutoffRefusal(deps);
  const start = new Date(startText);
  const end = new Date(start.getTime() + service.durationMinutes * MINUTE);
  if (!(await isOpenTime(db, service, start, now, current.id))) {
    return { status: 409, error: NOT_OPEN, alternatives: await nearestFreeTimes(db, service, start, now, current.id) };
  }
  let moved: BookingRow;
  try {
    const outcome = await db.transaction(async (tx): Promise<BookingRow | Refusal> => {
      await lockHerTime(tx);
      const row = (await lockBooking(tx, current.id))!;
      if (row.state !== "confirmed") throw new HttpError(409, "Only a confirmed booking can be moved.");
      await expireLapsedHolds(tx, now, PAYMENT_GRACE_MS);
      if (capped(service)) {
        await lockCounting(tx, `service:${service.id}`);
        if (!(await isOpenTime(tx, service, start, now, row.id))) {
          return { status: 409, error: NOT_OPEN, alternatives: await nearestFreeTimes(tx, service, start, now, row.id) };
        }
      }
      const updated = await updateBooking(tx, row.id, {
        startsAt: start,
        endsAt: end,
        blockedFrom: new Date(start.getTime() - service.bufferBeforeMinutes * MINUTE),
        blockedUntil: new Date(end.getTime() + service.bufferAfterMinutes * MINUTE),
        sequence: row.sequence + 1,
        ...remindersFor(start, now),
      });
      await queueMail(tx, rescheduledMail(updated, service, deps.mail.context));
      await queuePushes(tx, bookingPushes(updated, service, "moved", await instructorAccounts(tx)), now);
      return updated;
    });
    if ("status" in outcome) return outcome;
    moved = outcome;
  } catch (error) {
    if (!isTimeTaken(error)) throw error;
    return { status: 409, error: TAKEN, alternatives: await nearestFreeTimes(db, service, start, now, current.id) };
  }
  deps.mail.sender.wake();
  return moved;
}

/**
 * Cancels a booking. She may until the cut-off (refunded when the service says so); the instructor
 * may at any time, and a paid booking she cancels is refunded in full. The refund is asked of
 * Stripe first, with a key that makes a retry harmless: a booking is never marked refunded unpaid.
 */
export async function cancel(
  deps: BookingDeps,
  bookingId: number,
  options: { byInstructor: boolean; message?: string },
): Promise<BookingRow> {
  const { db, clock } = deps;
  const now = clock.now();
  const current = await findBooking(db, { id: bookingId });
  if (!current) throw new HttpError(404, "That booking does not exist.");
  const service = (await findService(db, current.serviceId))!;
  if (!(liveStates as readonly string[]).includes(current.state) || current.state === "attended" || current.state === "no_show") {
    throw new HttpError(409, "This booking is already cancelled or over.");
  }
  const held = (heldStates as readonly string[]).includes(current.state);
  if (!held && !options.byInstructor && now >= changeUntil(current, service)) cutoffRefusal(deps);
  const refund =
    current.state === "confirmed" &&
    current.paymentIntentId !== null &&
    current.refundedAt === null &&
    (options.byInstructor || service.refundBeforeCutoff);
  if (refund) {
    if (!deps.payments) throw new HttpError(503, "Online payment is not set up on this server, so the refund cannot be made here.");
    await deps.payments.refund(current.paymentIntentId!, `booking-${current.id}-refund`).catch(() => {
      throw new HttpError(502, "The refund could not be made just now, so the booking is unchanged. Please try again in a moment.");
    });
  }
  const cancelled = await db.transaction(async (tx) => {
    const row = (await lockBooking(tx, current.id))!;
    const updated = await updateBooking(tx, row.id, { state: "cancelled", holdUntil: null, ...(refund ? { refundedAt: now } : {}) });
    if (row.state === "confirmed") {
      await queueMail(
        tx,
        cancelledMail(
          updated,
          service,
          { byInstructor: options.byInstructor, message: options.message ?? "", refunded: refund },
          deps.mail.context,
        ),
      );
    }
    return updated;
  });
  deps.mail.sender.wake();
  return cancelled;
}

/** Offers a freed place in a due month to someone waiting: a mailed link, valid 48 hours. */
export async function offerPlace(deps: BookingDeps, waitingId: number): Promise<Date> {
  const now = deps.clock.now();
  const waiting = await findWaiting(deps.db, { id: waitingId });
  if (!waiting || waiting.bookedAt) throw new HttpError(404, "That person is no longer on the waiting list.");
  const token = newToken();
  const until = new Date(now.getTime() + OFFER_MS);
  const hours = await readHours(deps.db);
  await deps.db.transaction(async (tx) => {
    await updateWaiting(tx, waiting.id, { offerTokenHash: hashToken(token), offeredUntil: until });
    const link = `${deps.mail.context.publicUrl}/book?service=${waiting.serviceId}&offer=${encodeURIComponent(token)}`;
    await queueMail(
      tx,
      placeOfferedMail(waiting, waiting.month, link, until, hours?.timeZone ?? "UTC", {
        ...deps.mail.context,
        language: languageOr(waiting.readerLanguage, sourceLanguage),
      }),
    );
  });
  deps.mail.sender.wake();
  return until;
}

/**
 * What falls due with time: holds that lapsed are released, and reminders go out, each claimed
 * and queued in one transaction so that every server may run this and each mail is sent once.
 */
export async function runDueWork(deps: BookingDeps): Promise<{ released: number; reminders: number }> {
  const now = deps.clock.now();
  const released = await expireLapsedHolds(deps.db, now, PAYMENT_GRACE_MS);
  const reminders = await deps.db.transaction(async (tx) => {
    const due = await claimDueReminders(tx, now);
    if (due.length === 0) return 0;
    const services = new Map((await listServices(tx, { visibleOnly: false })).map((service) => [service.id, service]));
    for (const { booking, which } of due) {
      await queueMail(tx, reminderMail(booking, services.get(booking.serviceId)!, which, deps.mail.context));
      await queuePushes(tx, bookingPushes(booking, services.get(booking.serviceId)!, "reminder", []), now);
    }
    return due.length;
  });
  if (reminders > 0) deps.mail.sender.wake();
  return { released: released.length, reminders };
}

/** The bookings' timed work: lapsed holds released and reminders sent, every minute on every server (each is claimed in the database). */
export const bookingWork = (deps: BookingDeps): TimedWork => ({ name: "bookings: due work", everyMs: 60_000, run: () => runDueWork(deps) });

/** Stripe's word about a booking's checkout (the payments feature's webhook hands it over). */
export function bookingCheckouts(deps: BookingDeps) {
  return {
    owns: (metadata: Record<string, string>) => "booking_id" in metadata,
    completed: async (tx: Queryable, session: { id: string; paymentIntent: string | null }, log: FastifyBaseLogger) => {
      const found = await findBooking(tx, { checkoutSessionId: session.id });
      if (!found) return log.warn({ checkoutSession: session.id }, "bookings: a paid checkout names no booking");
      // A lapsed hold made firm takes her time again (lockHerTime's order: before the booking's row).
      await lockHerTime(tx);
      const row = (await lockBooking(tx, found.id))!;
      if (row.state === "confirmed") return;
      if (row.state !== "awaiting_payment" && row.state !== "expired") {
        // Cancelled while she was paying: the payment is kept on the booking (the studio shows it paid) for a refund.
        await updateBooking(tx, row.id, { paymentIntentId: session.paymentIntent });
        log.error({ bookingId: row.id }, "bookings: a booking was paid after it was cancelled; refund it in Stripe");
        return;
      }
      const now = deps.clock.now();
      try {
        // A savepoint: if her time was given away after the hold lapsed, the payment is still recorded.
        const confirmed = await tx.transaction(async (inner) =>
          updateBooking(inner, row.id, {
            state: "confirmed",
            holdUntil: null,
            paymentIntentId: session.paymentIntent,
            ...remindersFor(row.startsAt, now),
          }),
        );
        const service = (await findService(tx, row.serviceId))!;
        await queueMail(tx, confirmedMail(confirmed, service, deps.mail.context));
        await noticeBooked(tx, confirmed, service, now);
        deps.mail.sender.wake();
      } catch (error) {
        if (!isTimeTaken(error)) throw error;
        await updateBooking(tx, row.id, { paymentIntentId: session.paymentIntent });
        log.error({ bookingId: row.id }, "bookings: paid after the hold lapsed and the time was taken; refund it from the studio");
      }
    },
    expired: async (tx: Queryable, session: { id: string }) => {
      const found = await findBooking(tx, { checkoutSessionId: session.id });
      if (found?.state === "awaiting_payment") await updateBooking(tx, found.id, { state: "expired" });
    },
  };
}
export type BookingCheckouts = ReturnType<typeof bookingCheckouts>;
