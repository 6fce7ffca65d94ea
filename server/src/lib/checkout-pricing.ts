import type { Queryable } from "../db/client.ts";

// A checkout's price with a code (the gifts capability's codes, docs/gifts.md): payments' pricing
// pipeline (payments/capability.ts), which every seller uses, so none imports the codes.

/**
 * How long a code's use is held for one checkout: its Checkout expires then (Stripe's shortest), and
 * a hold that never reached Stripe is given back then, so no one can sit on a limited code's uses.
 */
export const CODE_HOLD_MINUTES = 30;

/** When a code's use held now is given back at the latest: its Checkout must have expired by then. */
export const codeHoldEnds = (now: Date) => new Date(now.getTime() + CODE_HOLD_MINUTES * 60_000);

/** When a Checkout must expire: a code's hold sets it to CODE_HOLD_MINUTES, else the seller's own. */
export const checkoutExpiry = (now: Date, held: unknown, ownMinutes: number) =>
  held ? codeHoldEnds(now) : new Date(now.getTime() + ownMinutes * 60_000);

/** A code as she typed it, and what it takes off, for Checkout's line ("SPRING-25: 20% off"). */
export type CodeReduction = { code: string; percentOff: number | null; amountOffMinor: number | null };

/** What a checkout sells, for a code that is for some plans, packages or classes only. */
export type PricedItem = { kind: "plan" | "package" | "class"; id: number };

/**
 * A checkout's price with a code (the gifts capability's codes, docs/gifts.md), through payments'
 * pricing pipeline: a use is held before Stripe is asked, attached to the checkout Stripe made, marked
 * paid with it, and given back when the checkout could not start or expired unpaid.
 */
export type CheckoutPricing = {
  /** Refuses an unknown, expired, used-up or unsuitable code with an HttpError naming why. */
  /** `email`: the address paying (a member's, or a visitor's typed one): each holds at most two uses of a code at once. */
  hold: (input: { code: string; item: PricedItem; priceMinor: number; userId: number | null; email: string; now: Date }) => Promise<{
    holdId: number;
    priceMinor: number;
    reduction: CodeReduction;
  }>;
  attach: (holdId: number, checkoutSessionId: string) => Promise<void>;
  giveBack: (tx: Queryable, by: { holdId: number } | { checkoutSessionId: string }) => Promise<void>;
  paid: (tx: Queryable, checkoutSessionId: string, now: Date) => Promise<void>;
};
