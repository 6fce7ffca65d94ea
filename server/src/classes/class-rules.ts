import { CLASS_HOLD_MINUTES, JOIN_OPENS_MINUTES } from "../../../contract/classes.ts";

// The rules of a live class's places, as plain values and instants (docs/product.md, Live
// classes): what a new registration becomes, how long a place is held, when reminders fall due,
// who is refunded, and when the join link shows. The actions (class-actions.ts) apply them inside
// their transactions; the SQL is the repository's.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Stripe's shortest Checkout lasts 30 minutes; a paid place is held as long, and a little more. */
export const CHECKOUT_MS = 31 * MINUTE;
/** A Checkout is released by Stripe's expiry event; the timed work releases one whose event is this late. */
export const PAYMENT_GRACE_MS = 10 * MINUTE;
/** How long a paid class's freed place is kept for the first person waiting to pay for it. */
export const OFFER_MS = 24 * HOUR;
/** She may give up a paid place and be refunded until this long before the start. */
export const REFUND_BEFORE_MS = 24 * HOUR;
/** The reminders: a day before the start, and an hour before. */
export const DAY_BEFORE_MS = 24 * HOUR;
export const HOUR_BEFORE_MS = HOUR;
/** Stripe lets a Checkout last at most 24 hours; an offered place's stays a little inside that. */
const LONGEST_CHECKOUT_MS = 23 * HOUR;

export type NewPlace = "registered" | "awaiting_email" | "awaiting_payment" | "waiting_list";

/**
 * What a new registration becomes: a place on the waiting list when every place is taken or held;
 * else a paid place is held while she pays, and a free one is hers at once when her address is
 * proven (a member's), or held for her to confirm it from the mail.
 */
export function newPlace({ full, paid, addressProven }: { full: boolean; paid: boolean; addressProven: boolean }): NewPlace {
  if (full) return "waiting_list";
  if (paid) return "awaiting_payment";
  return addressProven ? "registered" : "awaiting_email";
}

/** Until when a new registration holds its place (null: it holds none, or holds it for good). */
export function holdEndsAt(state: NewPlace, now: Date): Date | null {
  if (state === "awaiting_email") return new Date(now.getTime() + CLASS_HOLD_MINUTES * MINUTE);
  if (state === "awaiting_payment") return new Date(now.getTime() + CHECKOUT_MS + PAYMENT_GRACE_MS);
  return null;
}

/** When the Checkout of a new paid place ends. */
export const checkoutEndsAt = (now: Date) => new Date(now.getTime() + CHECKOUT_MS);

/** Until when a freed place of a paid class is held for the first person waiting: a day, never past the start. */
export const offerHeldUntil = (now: Date, startsAt: Date) => new Date(Math.min(now.getTime() + OFFER_MS, startsAt.getTime()));

/**
 * Paying for an offered place: Checkout lasts at least 30 minutes, so the hold is stretched to
 * cover it (with the grace for Stripe's late word), and the Checkout ends with the offer, at most
 * as late as Stripe allows.
 */
export function offeredCheckout(heldUntil: Date, now: Date): { holdUntil: Date; checkoutEndsAt: Date } {
  const expiresAt = Math.max(heldUntil.getTime(), now.getTime() + CHECKOUT_MS);
  return {
    holdUntil: new Date(expiresAt + PAYMENT_GRACE_MS),
    checkoutEndsAt: new Date(Math.min(expiresAt, now.getTime() + LONGEST_CHECKOUT_MS)),
  };
}

/** A reminder whose moment has passed when the place becomes hers is skipped, never sent late. */
export function remindersFrom(startsAt: Date, now: Date): { reminderDay: "pending" | "skipped"; reminderHour: "pending" | "skipped" } {
  return {
    reminderDay: now.getTime() >= startsAt.getTime() - DAY_BEFORE_MS ? "skipped" : "pending",
    reminderHour: now.getTime() >= startsAt.getTime() - HOUR_BEFORE_MS ? "skipped" : "pending",
  };
}

/**
 * Whether cancelling a place refunds it: a paid place not refunded yet, when the instructor
 * cancels it, or when she gives it up at least REFUND_BEFORE_MS before the start.
 */
export function refundedOnCancel({
  registered,
  paid,
  refundedAlready,
  by,
  startsAt,
  now,
}: {
  registered: boolean;
  paid: boolean;
  refundedAlready: boolean;
  by: "her" | "instructor";
  startsAt: Date;
  now: Date;
}): boolean {
  if (!registered || !paid || refundedAlready) return false;
  return by === "instructor" || now.getTime() <= startsAt.getTime() - REFUND_BEFORE_MS;
}

/** The join link's window: from JOIN_OPENS_MINUTES before the start until the end, for her own place. */
export function joinWindow(startsAt: Date, endsAt: Date, now: Date): { opensAt: Date; open: boolean; ended: boolean } {
  const opensAt = new Date(startsAt.getTime() - JOIN_OPENS_MINUTES * MINUTE);
  const ended = now >= endsAt;
  return { opensAt, open: now >= opensAt && !ended, ended };
}
