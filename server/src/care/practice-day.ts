import { Temporal } from "temporal-polyfill";
import { readHours } from "../bookings/bookings-repository.ts";
import type { Queryable } from "../db/client.ts";

/**
 * Her practice's calendar day at `now`: the day in the zone the doula keeps her hours in (Studio →
 * Calendar), UTC until she sets one. A payment is due, owed and overdue by this day, so a mother in
 * California is not told at 5 p.m. that a payment due today is overdue.
 */
export async function practiceDay(db: Queryable, now: Date): Promise<Temporal.PlainDate> {
  return (await practiceNow(db, now)).toPlainDate();
}

/** The calendar month of her practice at `now`, as the instants it starts and ends (the month's takings). */
export async function practiceMonth(db: Queryable, now: Date): Promise<{ from: Date; until: Date }> {
  const here = await practiceNow(db, now);
  const first = here.toPlainDate().with({ day: 1 });
  const startOf = (day: Temporal.PlainDate) => new Date(day.toZonedDateTime(here.timeZoneId).epochMilliseconds);
  return { from: startOf(first), until: startOf(first.add({ months: 1 })) };
}

async function practiceNow(db: Queryable, now: Date): Promise<Temporal.ZonedDateTime> {
  const zone = (await readHours(db))?.timeZone ?? "UTC";
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone);
}
