import { answerWith } from "../../../contract/languages.ts";
import type { Language } from "../../../contract/languages.ts";
import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { CLASS_HOLD_MINUTES, JOIN_OPENS_MINUTES } from "../../../contract/classes.ts";
import { queuePushes } from "../push/push-repository.ts";
import { heldFor, type UserRow } from "../accounts/users-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { classRegistrations, liveClasses } from "./classes-schema.ts";
import { HttpError } from "../http/errors.ts";
import { type CheckoutPricing, codeHoldEnds } from "../lib/checkout-pricing.ts";
import { chosenTier } from "../lib/tiers.ts";
import type { PlanTier } from "../../../contract/catalogue.ts";
import { whenText } from "../mail/mail-templates.ts";
import { queueMail } from "../mail/outbox.ts";
import {
  cancelledMail,
  classStartingPush,
  type ClassMailContext,
  type ClassRow,
  confirmMail,
  placeMail,
  type RegistrationRow,
  reminderMail,
  replayMail,
  waitingMail,
} from "./class-mails.ts";
import {
  checkoutEndsAt,
  DAY_BEFORE_MS,
  holdEndsAt,
  HOUR_BEFORE_MS,
  newPlace,
  offeredCheckout,
  refundedOnCancel,
  remindersFrom,
} from "./class-rules.ts";
import {
  type ClassDeps,
  hers,
  lockedClass,
  mailsWanted,
  noticePlace,
  placesTaken,
  offerFreedPlaces,
  releaseHeldPlace,
  settlePaidPlace,
  stillLive,
  updateRegistration,
  zoneOf,
} from "./classes-repository.ts";

// What a mother, a visitor and the instructor do with a live class's places, in transactions: a
// registration, a confirmation, a payment, a cancellation, the timed work, the class's end. The
// rules are class-rules.ts; the SQL the repository's; the mails class-mails.ts.

const newToken = () => randomBytes(24).toString("base64url");

export type Registered = { registration: RegistrationRow; checkoutUrl?: string };

/**
 * Takes a place, or a place on the waiting list when every place is taken or held. A member's
 * place in a free class is hers at once; a visitor's is held CLASS_HOLD_MINUTES for her to
 * confirm her e-mail; a paid place is held while she pays through Checkout.
 */
export async function register(
  deps: ClassDeps,
  input: {
    classId: number;
    member: UserRow | null;
    name: string;
    email: string;
    dueDate: string | null;
    timeZone: string | null;
    language: Language;
    code?: string | undefined;
    tier?: string | number | undefined;
  },
  log: FastifyBaseLogger,
): Promise<Registered> {
  const { db, mail } = deps;
  const now = deps.clock.now();
  const instructorZone = await zoneOf(db);
  // Her tier and her code are checked, and the code's use held, before any place is taken: a
  // refused code takes nothing, and a held use goes back if no payment follows at once.
  const { tier, held } = await pricedPlace(
    deps,
    input.classId,
    input,
    { userId: input.member?.id ?? null, email: heldFor(input.member, input).email },
    now,
  );
  // A member's place is in her own name and at her own address, whatever the form says; it is
  // hers at once when her address is proven, else it waits for the mailed link as a visitor's does.
  const { member } = input;
  const { name, email } = heldFor(member, input);
  const registering = db.transaction(async (tx) => {
    const live = await lockedClass(tx, input.classId);
    if (live.who === "members" && !input.member) throw new HttpError(403, "This class is for members: please sign in first.");
    if (now >= live.startsAt) throw new HttpError(409, "This class has started, so registration is closed.");
    const paid = live.priceMinor > 0;
    if (paid && !deps.payments) throw new HttpError(503, "Payment is not set up on this server yet, so this class cannot be booked here.");
    const [already] = await tx
      .select({ state: classRegistrations.state })
      .from(classRegistrations)
      .where(and(eq(classRegistrations.classId, live.id), sql`lower(${classRegistrations.email}) = ${email}`, stillLive));
    if (already) {
      throw already.state === "waiting_list"
        ? HttpError.withValues(409, "{email} is on the waiting list for this class already.", { email })
        : HttpError.withValues(409, "{email} is registered for this class already.", { email });
    }
    const full = (await placesTaken(tx, live.id, now)) >= live.places;
    const state = newPlace({ full, paid, addressProven: member?.emailProvenAt != null });
    const [row] = await tx
      .insert(classRegistrations)
      .values({
        classId: live.id,
        userId: member?.id ?? null,
        name,
        email,
        dueDate: input.dueDate,
        timeZone: input.timeZone,
        language: input.language,
        tierName: tier?.name ?? null,
        state,
        holdUntil: holdEndsAt(state, now),
        manageToken: newToken(),
        ...remindersFrom(live.startsAt, now),
      })
      .returning();
    const registration = row!;
    if (state === "registered") {
      await queueMail(tx, placeMail("registered", registration, live, instructorZone, mail));
      await noticePlace(tx, registration, live, now);
    } else if (state === "awaiting_email") await queueMail(tx, confirmMail(registration, live, instructorZone, CLASS_HOLD_MINUTES, mail));
    else if (state === "waiting_list") await queueMail(tx, waitingMail(registration, live, instructorZone, mail));
    return registration;
  });
  const registration = await registering.catch(async (error: unknown) => {
    if (held) await deps.pricing!.giveBack(db, { holdId: held.holdId });
    throw error;
  });
  if (registration.state !== "awaiting_payment") {
    // On the waiting list: the code is typed again on the link that offers her a place.
    if (held) await deps.pricing!.giveBack(db, { holdId: held.holdId });
    return { registration };
  }
  return startCheckout(deps, registration, checkoutEndsAt(now), log, "release", held);
}

type HeldCode = Awaited<ReturnType<CheckoutPricing["hold"]>>;

/**
 * The price of a paid class's place (docs/gifts.md): the tier she chose, if the class offers
 * tiers, else the class's price; then her code, whose use is held here. Refuses a tier the class
 * does not offer, and any tier or code for a free class.
 */
async function pricedPlace(
  deps: ClassDeps,
  classId: number,
  chosen: { code?: string | undefined; tier?: string | number | undefined; tierName?: string | null },
  payer: { userId: number | null; email: string },
  now: Date,
): Promise<{ tier: PlanTier | null; held: HeldCode | null }> {
  const code = chosen.code?.trim() ?? "";
  const askedTier = chosen.tier ?? chosen.tierName ?? undefined;
  if (!code && (askedTier === undefined || askedTier === "")) return { tier: null, held: null };
  const [live] = await deps.db.select().from(liveClasses).where(eq(liveClasses.id, classId));
  if (!live || live.cancelledAt) throw new HttpError(404, "That class does not exist, or it was cancelled.");
  if (live.who === "members" && payer.userId === null) throw new HttpError(403, "This class is for members: please sign in first.");
  if (live.priceMinor === 0) throw new HttpError(400, "This class is free: there is nothing to pay, so no price or code is needed.");
  const tier = chosenTier(live.tiers, askedTier, "That is not one of this class's prices.");
  if (!code) return { tier, held: null };
  if (!deps.pricing) throw new HttpError(400, "Codes are not taken on this site.");
  const held = await deps.pricing.hold({
    code,
    item: { kind: "class", id: live.id },
    priceMinor: tier?.price ?? live.priceMinor,
    ...payer,
    now,
  });
  return { tier, held };
}

/** Opens Stripe's Checkout for a held place; if Stripe cannot be reached the place goes back at once. */
async function startCheckout(
  deps: ClassDeps,
  registration: RegistrationRow,
  expiresAt: Date,
  log: FastifyBaseLogger,
  onFailure: "release" | "keep",
  held: HeldCode | null,
): Promise<Registered> {
  const { db, mail } = deps;
  const [live] = await db.select().from(liveClasses).where(eq(liveClasses.id, registration.classId));
  const tier = live!.tiers.find((offered) => offered.name === registration.tierName);
  const when = whenText(live!.startsAt, registration.timeZone ?? (await zoneOf(db)));
  const charged = held?.priceMinor ?? tier?.price ?? live!.priceMinor;
  try {
    const checkout = await deps.payments!.checkout({
      metadata: { class_registration_id: String(registration.id) },
      description: [`${live!.title}, ${when}`, ...(tier ? [tier.name] : []), ...(held ? [held.reduction.code] : [])].join(" · "),
      amountMinor: charged,
      currency: live!.currency,
      email: registration.email,
      // A code's use is held for its Checkout's life, at most CODE_HOLD_MINUTES; the place may wait longer.
      expiresAt: held ? new Date(Math.min(expiresAt.getTime(), codeHoldEnds(deps.clock.now()).getTime())) : expiresAt,
      successUrl: `${mail.publicUrl}/classes?paid=1`,
      cancelUrl: `${mail.publicUrl}/classes?checkout=cancelled`,
    });
    if (held) await deps.pricing!.attach(held.holdId, checkout.id);
    const row = await updateRegistration(db, registration.id, {
      checkoutSessionId: checkout.id,
      beyondPriceMinor: Math.max(0, charged - live!.priceMinor),
    });
    return { registration: row, checkoutUrl: checkout.url };
  } catch (error) {
    log.warn({ err: error, registrationId: registration.id }, "classes: the checkout could not be started");
    if (held) await deps.pricing!.giveBack(db, { holdId: held.holdId });
    // A new registration's hold goes back at once; a place offered from the waiting list stays hers to try again.
    if (onFailure === "release") await db.transaction((tx) => releaseHeldPlace(tx, registration.id, deps.clock.now(), mail));
    throw new HttpError(
      502,
      onFailure === "release"
        ? "The payment page could not be opened just now. Nothing was booked or charged; please try again in a moment."
        : "The payment page could not be opened just now. Your place is still held for you; please try again in a moment.",
    );
  }
}

/**
 * A paid class's place offered from the waiting list: her mailed link opens Checkout for it, while
 * the offer holds. Checkout lasts at least 30 minutes, so the hold is stretched to cover it.
 */
export async function payForOfferedPlace(
  deps: ClassDeps,
  { token, code }: { token: string; code?: string | undefined },
  log: FastifyBaseLogger,
): Promise<Registered> {
  const now = deps.clock.now();
  const [found] = await deps.db.select().from(classRegistrations).where(eq(classRegistrations.manageToken, token));
  if (!found) throw new HttpError(404, "This link is not known here. Please look for the class on the classes page.");
  if (found.state === "registered") throw new HttpError(409, "This place is yours already: there is nothing more to pay.");
  if (found.state !== "awaiting_payment" || !found.holdUntil || found.holdUntil <= now) {
    throw new HttpError(409, "The time to take this place has passed, so it went to the next person waiting. We are sorry.");
  }
  if (!deps.payments) throw new HttpError(503, "Payment is not set up on this server yet, so this class cannot be booked here.");
  const { held } = await pricedPlace(
    deps,
    found.classId,
    { code, tierName: found.tierName },
    { userId: found.userId, email: found.email },
    now,
  );
  const offered = offeredCheckout(found.holdUntil, now);
  const stretched = await updateRegistration(deps.db, found.id, { holdUntil: offered.holdUntil });
  return startCheckout(deps, stretched, offered.checkoutEndsAt, log, "keep", held);
}

/** A visitor's mailed link: a place still held becomes hers; a lapsed one is taken again if free, else she waits. */
export async function confirmRegistration(deps: ClassDeps, token: string): Promise<RegistrationRow> {
  const { db, mail } = deps;
  const now = deps.clock.now();
  const instructorZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(classRegistrations).where(eq(classRegistrations.manageToken, token));
    if (!found) throw new HttpError(404, "This link is not known here. Please register again from the classes page.");
    const live = await lockedClass(tx, found.classId);
    if (found.state !== "awaiting_email" && !(found.state === "expired" && found.checkoutSessionId === null)) return found;
    if (now >= live.startsAt) throw new HttpError(409, "This class has started, so registration is closed.");
    const stillHeld = found.state === "awaiting_email" && found.holdUntil !== null && found.holdUntil > now;
    const free = stillHeld || (await placesTaken(tx, live.id, now)) < live.places;
    const row = await updateRegistration(tx, found.id, {
      state: free ? "registered" : "waiting_list",
      holdUntil: null,
      ...remindersFrom(live.startsAt, now),
    });
    await queueMail(tx, free ? placeMail("registered", row, live, instructorZone, mail) : waitingMail(row, live, instructorZone, mail));
    if (free) await noticePlace(tx, row, live, now);
    return row;
  });
}

type CancelBy = { by: "her" } | { by: "instructor" };

/**
 * Cancels one registration (a place, a hold or a place on the waiting list). A paid place is
 * refunded in full when the instructor cancels it, or when she gives it up at least a day before;
 * the refund is asked of Stripe first, with a key that makes a retry harmless. A freed place goes
 * at once to the first person waiting, who is mailed; before the start only.
 */
async function cancelOne(deps: ClassDeps, found: RegistrationRow, who: CancelBy): Promise<{ message: string; refunded: boolean }> {
  const { db, mail } = deps;
  const now = deps.clock.now();
  const [live] = await db.select().from(liveClasses).where(eq(liveClasses.id, found.classId));
  if (!live || live.cancelledAt) throw new HttpError(404, "That class does not exist, or it was cancelled.");
  if (who.by === "her" && now >= live.startsAt) throw new HttpError(409, "This class has started, so the place can no longer be given up.");
  const refund = refundedOnCancel({
    registered: found.state === "registered",
    paid: found.paymentIntentId !== null,
    refundedAlready: found.refundedAt !== null,
    by: who.by,
    startsAt: live.startsAt,
    now,
  });
  if (refund) await refundPlace(deps, found);
  const instructorZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const current = await lockedClass(tx, live.id);
    const [row] = await tx.select().from(classRegistrations).where(eq(classRegistrations.id, found.id)).for("update");
    if (!row || row.state === "cancelled" || row.state === "expired")
      return { message: "This registration was cancelled already.", refunded: false };
    const cancelled = await updateRegistration(tx, row.id, { state: "cancelled", holdUntil: null, ...(refund ? { refundedAt: now } : {}) });
    if (row.state === "waiting_list")
      return { message: answerWith("You left the waiting list of “{title}”.", { title: current.title }), refunded: false };
    if (row.state === "registered") {
      await queueMail(tx, cancelledMail(cancelled, current, instructorZone, mail, { wholeClass: false, refunded: refund }));
    }
    await offerFreedPlaces(tx, current, now, instructorZone, mail);
    const paidNote = refund ? " What was paid is refunded in full." : "";
    return {
      message:
        who.by === "instructor"
          ? `Cancelled the place of ${row.name}; she was told by mail.${paidNote}`
          : `You gave up your place in “${current.title}”. Thank you for making room for someone else.${paidNote}`,
      refunded: refund,
    };
  });
}

async function refundPlace(deps: ClassDeps, row: RegistrationRow): Promise<void> {
  if (!deps.payments) throw new HttpError(503, "Payment is not set up on this server, so the refund cannot be made here.");
  await deps.payments.refund(row.paymentIntentId!, `class-registration-${row.id}-refund`).catch(() => {
    throw new HttpError(502, "The refund could not be made just now, so nothing was changed. Please try again in a moment.");
  });
}

/** A signed-in member gives up her place (or her place on the waiting list) in a class. */
export async function cancelMemberRegistration(deps: ClassDeps, classId: number, member: UserRow): Promise<string> {
  const [mine] = await deps.db
    .select()
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, classId), stillLive, hers(member)));
  if (!mine) throw new HttpError(404, "You are not registered for this class.");
  return (await cancelOne(deps, mine, { by: "her" })).message;
}

/** A visitor gives up her place through the link in her mail. */
export async function cancelByToken(deps: ClassDeps, token: string): Promise<string> {
  const [found] = await deps.db.select().from(classRegistrations).where(eq(classRegistrations.manageToken, token));
  if (!found) throw new HttpError(404, "This link is not known here. The registration may have been removed.");
  return (await cancelOne(deps, found, { by: "her" })).message;
}

/** The instructor cancels one person's place from the registrations list; a paid place is refunded in full. */
export async function cancelRegistrationInStudio(deps: ClassDeps, classId: number, registrationId: number): Promise<string> {
  const [found] = await deps.db
    .select()
    .from(classRegistrations)
    .where(and(eq(classRegistrations.classId, classId), eq(classRegistrations.id, registrationId)));
  if (!found) throw new HttpError(404, "That registration does not exist.");
  return (await cancelOne(deps, found, { by: "instructor" })).message;
}

/**
 * The classes' timed work, run every minute by each app server: places whose e-mail was not
 * confirmed in time, or whose payment never came, go back (to the first person waiting), and
 * reminders fall due. Each reminder is claimed by one UPDATE, so two servers never send it twice;
 * none goes to a cancelled place or an address that unsubscribed, and one whose moment has passed is skipped.
 */
export async function runClassWork(
  db: Database,
  now: Date,
  mail: ClassMailContext,
): Promise<{ released: number; reminders: number; startingPushes: number }> {
  const instructorZone = await zoneOf(db);
  const lapsed = await db
    .select({ id: classRegistrations.id })
    .from(classRegistrations)
    .where(and(inArray(classRegistrations.state, ["awaiting_email", "awaiting_payment"]), lte(classRegistrations.holdUntil, now)));
  // Each hold is released under its class's lock, and only if it is still lapsed then (another server may have got there first).
  let released = 0;
  for (const { id } of lapsed) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select({ classId: classRegistrations.classId }).from(classRegistrations).where(eq(classRegistrations.id, id));
      const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, row!.classId)).for("update");
      const gone = await tx
        .update(classRegistrations)
        .set({ state: "expired", holdUntil: null })
        .where(
          and(
            eq(classRegistrations.id, id),
            inArray(classRegistrations.state, ["awaiting_email", "awaiting_payment"]),
            lte(classRegistrations.holdUntil, now),
          ),
        )
        .returning({ id: classRegistrations.id });
      if (gone.length === 0) return;
      released += 1;
      if (live && !live.cancelledAt) await offerFreedPlaces(tx, live, now, instructorZone, mail);
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
            mailsWanted,
            ofClass(sql`${liveClasses.startsAt} - make_interval(secs => ${before / 1000}) <= ${now.toISOString()}::timestamptz`),
          ),
        )
        .returning();
      for (const row of due) {
        const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, row.classId));
        await queueMail(tx, reminderMail(which, row, live!, instructorZone, mail));
        sent += 1;
      }
    }
    return sent;
  });
  return { released, reminders, startingPushes: await pushClassesStarting(db, now) };
}

/** How long after a class's start its "starting" push may still go. */
const STARTING_PUSH_LATE_MINUTES = 10;

/**
 * Her devices hear that a class is starting when its link to join opens, until a few minutes past
 * its start (a server that was down does not tell her about a class long begun). Claimed by one
 * UPDATE, like the reminders, so each place is told once; push goes whatever her mail settings say.
 */
async function pushClassesStarting(db: Database, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(classRegistrations)
      .set({ startingPushedAt: now })
      .where(
        and(
          isNull(classRegistrations.startingPushedAt),
          isNotNull(classRegistrations.userId),
          eq(classRegistrations.state, "registered"),
          sql`exists (select 1 from ${liveClasses} where ${liveClasses.id} = ${classRegistrations.classId} and ${liveClasses.cancelledAt} is null
            and ${liveClasses.startsAt} - make_interval(mins => ${JOIN_OPENS_MINUTES}) <= ${now.toISOString()}::timestamptz
            and ${liveClasses.startsAt} + make_interval(mins => ${STARTING_PUSH_LATE_MINUTES}) > ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning();
    const classes =
      due.length === 0
        ? new Map<number, ClassRow>()
        : new Map(
            (
              await tx
                .select()
                .from(liveClasses)
                .where(inArray(liveClasses.id, [...new Set(due.map((row) => row.classId))]))
            ).map((live) => [live.id, live]),
          );
    const pushes = due.flatMap((row) => {
      const live = classes.get(row.classId);
      return row.userId !== null && live ? [classStartingPush({ ...row, userId: row.userId }, live)] : [];
    });
    // Worth nothing once the class is over: the push service may drop it after an hour.
    await queuePushes(tx, pushes, now, 60 * 60 * 1000);
    return pushes.length;
  });
}

/**
 * Cancels a class before its start: every paid place is refunded in full (each refund asked of
 * Stripe once, whatever the retries), then every live registration is cancelled and mailed the calendar's CANCEL.
 */
export async function cancelClass(deps: ClassDeps, classId: number): Promise<string> {
  const { db, mail } = deps;
  const now = deps.clock.now();
  const [found] = await db.select().from(liveClasses).where(eq(liveClasses.id, classId));
  if (!found || found.cancelledAt) throw new HttpError(404, "That class does not exist, or it was cancelled.");
  if (now >= found.startsAt) throw new HttpError(409, "This class has started already; it can no longer be cancelled.");
  const paid = await db
    .select()
    .from(classRegistrations)
    .where(
      and(
        eq(classRegistrations.classId, classId),
        stillLive,
        sql`${classRegistrations.paymentIntentId} is not null`,
        isNull(classRegistrations.refundedAt),
      ),
    );
  for (const row of paid) await refundPlace(deps, row);
  const instructorZone = await zoneOf(db);
  return db.transaction(async (tx) => {
    const live = await lockedClass(tx, classId);
    await tx
      .update(liveClasses)
      .set({ cancelledAt: now, revision: sql`${liveClasses.revision} + 1` })
      .where(eq(liveClasses.id, classId));
    const refunded = new Set(paid.map((row) => row.id));
    const told = await tx
      .update(classRegistrations)
      .set({ state: "cancelled", holdUntil: null })
      .where(and(eq(classRegistrations.classId, classId), stillLive))
      .returning();
    for (const row of told) {
      const wasRefunded = refunded.has(row.id);
      if (wasRefunded) await updateRegistration(tx, row.id, { refundedAt: now });
      await queueMail(tx, cancelledMail(row, live, instructorZone, mail, { wholeClass: true, refunded: wasRefunded }));
    }
    const people = told.length === 1 ? "The 1 person" : `The ${told.length} people`;
    const money =
      refunded.size > 0 ? ` ${refunded.size === 1 ? "1 paid place was" : `${refunded.size} paid places were`} refunded in full.` : "";
    return `Cancelled “${live.title}”. ${people} registered or waiting were told by mail.${money}`;
  });
}

/** Marks whether someone with a place came, once the class has started. */
export async function markAttendance(deps: ClassDeps, classId: number, registrationId: number, attended: boolean): Promise<string> {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select({ registration: classRegistrations, live: liveClasses })
    .from(classRegistrations)
    .innerJoin(liveClasses, eq(liveClasses.id, classRegistrations.classId))
    .where(and(eq(classRegistrations.classId, classId), eq(classRegistrations.id, registrationId)));
  if (!row) throw new HttpError(404, "That registration does not exist.");
  if (now < row.live.startsAt) throw new HttpError(409, "Attendance can be marked once the class has started.");
  if (row.registration.state !== "registered")
    throw HttpError.withValues(409, "{name} had no place in this class.", { name: row.registration.name });
  await updateRegistration(deps.db, registrationId, { attended });
  return attended ? `Marked ${row.registration.name} as there.` : `Marked ${row.registration.name} as not there.`;
}

/**
 * Keeps the replay's link and, the first time, mails it to everyone who had a place: "Thank you
 * for coming" to those marked there, "Sorry we missed you" to the others, except addresses that
 * unsubscribed. Claimed by one UPDATE, so a second press (or server) mails nobody again.
 */
export async function sendReplay(deps: ClassDeps, classId: number, replayUrl: string): Promise<string> {
  const { db, mail } = deps;
  const now = deps.clock.now();
  return db.transaction(async (tx) => {
    const [live] = await tx.select().from(liveClasses).where(eq(liveClasses.id, classId)).for("update");
    if (!live) throw new HttpError(404, "That class does not exist.");
    if (live.cancelledAt) throw new HttpError(409, "This class was cancelled, so it has no replay.");
    if (now < live.endsAt) throw new HttpError(409, "The replay can be sent once the class has ended.");
    if (live.replaySentAt) {
      await tx.update(liveClasses).set({ replayUrl }).where(eq(liveClasses.id, classId));
      return `Saved the new link. The replay mail went out on ${whenText(live.replaySentAt, await zoneOf(tx))}, so nobody was mailed again; the classes page shows the new link.`;
    }
    await tx.update(liveClasses).set({ replayUrl, replaySentAt: now }).where(eq(liveClasses.id, classId));
    const people = await tx
      .select()
      .from(classRegistrations)
      .where(and(eq(classRegistrations.classId, classId), eq(classRegistrations.state, "registered"), mailsWanted))
      .orderBy(asc(classRegistrations.id));
    for (const row of people) await queueMail(tx, replayMail(row, { ...live, replayUrl }, replayUrl, mail));
    const came = people.filter((row) => row.attended).length;
    return `Sent the replay to ${people.length === 1 ? "1 person" : `${people.length} people`}: ${came} who came, ${people.length - came} who could not.`;
  });
}

/** Stripe's word about a class place's checkout (the payments feature's webhook hands it over). */
export function classCheckouts(deps: Pick<ClassDeps, "clock" | "mail"> & { wake: () => void }) {
  return {
    owns: (metadata: Record<string, string>) => "class_registration_id" in metadata,
    completed: async (tx: Queryable, session: { id: string; paymentIntent: string | null }, log: FastifyBaseLogger) => {
      const [found] = await tx.select().from(classRegistrations).where(eq(classRegistrations.checkoutSessionId, session.id));
      if (!found) return log.warn({ checkoutSession: session.id }, "classes: a paid checkout names no registration");
      const settled = await settlePaidPlace(tx, found.id, session.paymentIntent, deps.clock.now(), deps.mail);
      // Paid after the class was cancelled, or after her lapsed place was given away: the payment is kept on the row for a refund.
      if (settled === "lost")
        log.error({ registrationId: found.id }, "classes: a place was paid after it was released or cancelled; refund it in Stripe");
      if (settled === "placed") deps.wake();
    },
    expired: async (tx: Queryable, session: { id: string }) => {
      const [found] = await tx.select().from(classRegistrations).where(eq(classRegistrations.checkoutSessionId, session.id));
      if (found?.state !== "awaiting_payment") return;
      await releaseHeldPlace(tx, found.id, deps.clock.now(), deps.mail);
      deps.wake();
    },
  };
}
