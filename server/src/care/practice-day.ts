import { Temporal } from "temporal-polyfill";
import { readHours } from "../bookings/bookings-repository.ts";
import type { Queryable } from "../db/client.ts";

/**
 * Her practice's calendar day at `now`: the day in the zone the doula keeps her hours in (Studio →
 * Calendar), UTC until she sets one. A payment is due, owed and overdue by this day, so a mother in
 * California is not told at 5 p.m. that a payment due today is overdue.
 */
export async function practiceDay(db: Queryable, now: Date): Promise<Temporal.PlainDate> {
  const zone = (await readHours(db))?.timeZone ?? "UTC";
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate();
}
