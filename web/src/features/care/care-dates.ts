import { dateFormatOnUse } from "../../lib/formats.ts";

// A care record's dates are calendar days (YYYY-MM-DD), the same wherever she reads them: they are
// formatted as days in UTC so no zone moves one to the day before.
const dayFormat = dateFormatOnUse({ day: "numeric", month: "long", timeZone: "UTC" });
const fullDayFormat = dateFormatOnUse({ day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const instantFormat = dateFormatOnUse({ day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" });
// Her signature's moment names its zone: her signed PDF names the practice's, which may differ.
const signedFormat = dateFormatOnUse({
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const visitFormat = dateFormatOnUse({ weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "2-digit" });

const asDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** "8 March" */
export const dayLabel = (day: string) => dayFormat.format(asDay(day));
/** "8 March 2027" */
export const fullDayLabel = (day: string) => fullDayFormat.format(asDay(day));
/** A moment (a signature, a note), in her own zone. */
export const instantLabel = (instant: string) => instantFormat.format(new Date(instant));
/** The moment she signed, in her own zone, named ("8 March 2027, 10:42 CET"). */
export const signedLabel = (instant: string) => signedFormat.format(new Date(instant));
/** A visit's start, in her own zone. */
export const visitLabel = (instant: string) => visitFormat.format(new Date(instant));

/** Whether a day has passed where she is (a payment due on it is overdue the day after). */
export const dayHasPassed = (day: string, now = Date.now()) => Date.parse(`${day}T23:59:59.999`) < now;
