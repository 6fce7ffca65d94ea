import { describe, expect, it } from "vitest";
import {
  CHECKOUT_MS,
  checkoutEndsAt,
  holdEndsAt,
  joinWindow,
  newPlace,
  offeredCheckout,
  offerHeldUntil,
  PAYMENT_GRACE_MS,
  refundedOnCancel,
  remindersFrom,
} from "./class-rules.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => new Date(iso);
const start = at("2027-03-28T09:00:00Z");

// docs/product.md, Live classes: the places' rules as plain values; the journeys are in classes.test.ts.
describe("a live class's places", () => {
  it("gives a new registration a place, a hold or the waiting list", () => {
    expect(newPlace({ full: true, paid: false, addressProven: true })).toBe("waiting_list");
    expect(newPlace({ full: true, paid: true, addressProven: true })).toBe("waiting_list");
    expect(newPlace({ full: false, paid: true, addressProven: true })).toBe("awaiting_payment");
    expect(newPlace({ full: false, paid: false, addressProven: true })).toBe("registered");
    expect(newPlace({ full: false, paid: false, addressProven: false })).toBe("awaiting_email");
  });

  it("holds a place 30 minutes for her mailed link, and a paid one for Checkout and Stripe's late word", () => {
    const now = at("2027-03-20T10:00:00Z");
    expect(holdEndsAt("awaiting_email", now)).toEqual(at("2027-03-20T10:30:00Z"));
    expect(holdEndsAt("awaiting_payment", now)).toEqual(new Date(now.getTime() + CHECKOUT_MS + PAYMENT_GRACE_MS));
    expect(holdEndsAt("registered", now)).toBeNull();
    expect(holdEndsAt("waiting_list", now)).toBeNull();
    expect(checkoutEndsAt(now)).toEqual(at("2027-03-20T10:31:00Z"));
  });

  it("keeps a freed paid place a day for the first person waiting, never past the start", () => {
    expect(offerHeldUntil(at("2027-03-20T09:00:00Z"), start)).toEqual(at("2027-03-21T09:00:00Z"));
    expect(offerHeldUntil(at("2027-03-28T06:00:00Z"), start)).toEqual(start);
  });

  it("stretches an offered place's hold over a whole Checkout, which ends with the offer and within Stripe's 24 hours", () => {
    const now = at("2027-03-20T09:00:00Z");
    const soon = offeredCheckout(new Date(now.getTime() + 5 * MINUTE), now);
    expect(soon.checkoutEndsAt).toEqual(new Date(now.getTime() + CHECKOUT_MS));
    expect(soon.holdUntil).toEqual(new Date(now.getTime() + CHECKOUT_MS + PAYMENT_GRACE_MS));
    const late = offeredCheckout(new Date(now.getTime() + 24 * HOUR), now);
    expect(late.checkoutEndsAt).toEqual(new Date(now.getTime() + 23 * HOUR));
    expect(late.holdUntil).toEqual(new Date(now.getTime() + 24 * HOUR + PAYMENT_GRACE_MS));
  });

  it("skips a reminder whose moment has passed when the place becomes hers", () => {
    expect(remindersFrom(start, at("2027-03-26T09:00:00Z"))).toEqual({ reminderDay: "pending", reminderHour: "pending" });
    expect(remindersFrom(start, at("2027-03-27T09:00:00Z"))).toEqual({ reminderDay: "skipped", reminderHour: "pending" });
    expect(remindersFrom(start, at("2027-03-28T08:30:00Z"))).toEqual({ reminderDay: "skipped", reminderHour: "skipped" });
  });

  it("refunds a paid place the instructor cancels, or that she gives up a day or more before the start, once", () => {
    const paidPlace = { registered: true, paid: true, refundedAlready: false, startsAt: start };
    expect(refundedOnCancel({ ...paidPlace, by: "her", now: at("2027-03-27T09:00:00Z") })).toBe(true);
    expect(refundedOnCancel({ ...paidPlace, by: "her", now: at("2027-03-27T09:00:01Z") })).toBe(false);
    expect(refundedOnCancel({ ...paidPlace, by: "instructor", now: at("2027-03-28T08:59:00Z") })).toBe(true);
    expect(refundedOnCancel({ ...paidPlace, refundedAlready: true, by: "instructor", now: at("2027-03-20T09:00:00Z") })).toBe(false);
    expect(refundedOnCancel({ ...paidPlace, paid: false, by: "instructor", now: at("2027-03-20T09:00:00Z") })).toBe(false);
    expect(refundedOnCancel({ ...paidPlace, registered: false, by: "instructor", now: at("2027-03-20T09:00:00Z") })).toBe(false);
  });

  it("shows the join link from 15 minutes before the start until the end", () => {
    const end = at("2027-03-28T10:00:00Z");
    expect(joinWindow(start, end, at("2027-03-28T08:44:59Z"))).toMatchObject({ open: false, ended: false });
    expect(joinWindow(start, end, at("2027-03-28T08:45:00Z"))).toEqual({ opensAt: at("2027-03-28T08:45:00Z"), open: true, ended: false });
    expect(joinWindow(start, end, end)).toMatchObject({ open: false, ended: true });
  });
});
