import { Temporal } from "temporal-polyfill";

// When a step reaches her (docs/journeys.md): computed from her due date, or once her baby is born
// from the birth, at the step's hour of her own day in her zone. Temporal does the calendar and the
// zone: a day of 23 or 25 hours, or an hour that does not exist on a spring-forward night
// (Temporal's "compatible" choice takes the hour after the gap), is the platform's to get right.

/** A pregnancy is 40+0 weeks at the due date. */
const DAYS_TO_DUE_DATE = 280;

export type StepTiming = { atWeek: number | null; atDay: number | null; afterBirthDays: number | null; hour: string };

/** The calendar day of a step for her dates, or null when the step is not hers now (a pregnancy step after the birth, an after-birth step before it). */
export function stepDay(step: StepTiming, dueDate: string, bornOn: string | null): Temporal.PlainDate | null {
  if (step.afterBirthDays !== null) return bornOn ? Temporal.PlainDate.from(bornOn).add({ days: step.afterBirthDays }) : null;
  if (bornOn) return null;
  const pregnancyDays = (step.atWeek ?? 0) * 7 + (step.atDay ?? 0);
  return Temporal.PlainDate.from(dueDate).subtract({ days: DAYS_TO_DUE_DATE - pregnancyDays });
}

/** The instant a step reaches her: its day at its hour in her zone. */
export function stepMoment(step: StepTiming, dueDate: string, bornOn: string | null, zone: string): Date | null {
  const day = stepDay(step, dueDate, bornOn);
  if (!day) return null;
  const [hour, minute] = step.hour.split(":").map(Number) as [number, number];
  const instant = day.toZonedDateTime({ timeZone: zone, plainTime: new Temporal.PlainTime(hour, minute) }).toInstant();
  return new Date(instant.epochMilliseconds);
}
