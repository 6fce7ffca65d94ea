import { Temporal } from "temporal-polyfill";
import { readHours } from "../bookings/bookings-repository.ts";
import type { Queryable } from "../db/client.ts";

/** The zone the doula keeps her hours in (Studio → Calendar); UTC until she sets one. */
export async function practiceZone(db: Queryable): Promise<string> {
  return (await readHours(db))?.timeZone ?? "UTC";
}

/**
 * Her practice's calendar day at `now`, and its calendar month as the instants it starts and ends,
 * from one read of her zone. A payment is due, owed and overdue by this day, so a mother in
 * California is not told at 5 p.m. that a payment due today is overdue; the month's takings follow
 * her month, not UTC's.
 */
export async function practiceNow(db: Queryable, now: Date): Promise<{ day: Temporal.PlainDate; month: { from: Date; until: Date } }> {
  const zone = await practiceZone(db);
  const day = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate();
  const first = day.with({ day: 1 });
  const startOf = (date: Temporal.PlainDate) => new Date(date.toZonedDateTime(zone).epochMilliseconds);
  return { day, month: { from: startOf(first), until: startOf(first.add({ months: 1 })) } };
}

/** Her practice's calendar day at `now` (see `practiceNow`). */
export async function practiceDay(db: Queryable, now: Date): Promise<Temporal.PlainDate> {
  return (await practiceNow(db, now)).day;
}
