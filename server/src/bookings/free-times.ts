import { Temporal } from "temporal-polyfill";

// The free start times of a service: her hours in her own zone, minus her exceptions, the live
// bookings (with buffers), the notice she needs, how far ahead she takes bookings and her caps.
// Wall-clock times become instants through Temporal, so a daylight-saving change keeps her 9:00
// at 9:00 local time, and a time that does not exist that day (a spring-forward gap) is no slot.

export type WeeklyRange = { weekday: number; start: string; end: string };
export type DatedHours = { date: string; ranges: { start: string; end: string }[] };
export type Hours = { timeZone: string; weekly: WeeklyRange[]; exceptions: DatedHours[] };

export type SlotRules = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  maxDaysAhead: number;
  capPerDay: number | null;
  capPerWeek: number | null;
};

/** A stretch of her time already given (a live booking with its buffers), in epoch milliseconds. */
export type Busy = { from: number; until: number };

export type FreeTime = { start: number; iso: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Slots start every `duration` minutes for short sessions, every half hour for longer ones. */
export const stepMinutes = (durationMinutes: number) => Math.min(durationMinutes, 30);

/** The busy stretches never overlap (the database refuses it), so sorted by start they are sorted by end too. */
function overlapsBusy(busy: Busy[], from: number, until: number): boolean {
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (busy[middle]!.until <= from) low = middle + 1;
    else high = middle;
  }
  return low < busy.length && busy[low]!.from < until;
}

const offsetText = (offsetNanoseconds: number) => {
  const minutes = Math.round(offsetNanoseconds / 60e9);
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, "0")}:${String(absolute % 60).padStart(2, "0")}`;
};

/** An instant written with the offset its zone had then ("2027-03-15T09:00:00-04:00"). */
export function isoWithOffset(epochMilliseconds: number, timeZone: string): string {
  return Temporal.Instant.fromEpochMilliseconds(epochMilliseconds).toZonedDateTimeISO(timeZone).toString({ timeZoneName: "never" });
}

/** The wall-clock time on a date in a zone, or null when that time does not exist there (a spring-forward gap). */
function zonedWallTime(date: Temporal.PlainDate, time: string, timeZone: string): Temporal.ZonedDateTime | null {
  const plainTime = Temporal.PlainTime.from(time);
  const zoned = date.toZonedDateTime({ timeZone, plainTime });
  // "compatible" moves a missing time forward; a slot there would be at a time her clock never shows.
  return zoned.toPlainTime().equals(plainTime) ? zoned : null;
}

function rangesOn(date: Temporal.PlainDate, hours: Hours, exceptionsByDate: Map<string, DatedHours>) {
  const exception = exceptionsByDate.get(date.toString());
  if (exception) return exception.ranges;
  return hours.weekly.filter((range) => range.weekday === date.dayOfWeek);
}

/**
 * Her free start times in [from, to). `serviceStarts` are the starts of this service's live
 * bookings (for its caps); `busy` every live booking's blocked stretch, sorted by start.
 */
export function freeTimes(input: {
  hours: Hours;
  rules: SlotRules;
  from: Date;
  to: Date;
  now: Date;
  busy: Busy[];
  serviceStarts: number[];
}): FreeTime[] {
  const { hours, rules } = input;
  const zone = hours.timeZone;
  const earliest = Math.max(input.from.getTime(), input.now.getTime() + rules.minNoticeHours * HOUR);
  const latest = Math.min(input.to.getTime(), input.now.getTime() + rules.maxDaysAhead * DAY);
  if (earliest >= latest) return [];
  const durationMs = rules.durationMinutes * MINUTE;
  const stepMs = stepMinutes(rules.durationMinutes) * MINUTE;
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  const exceptionsByDate = new Map(hours.exceptions.map((exception) => [exception.date, exception]));

  const firstDate = Temporal.Instant.fromEpochMilliseconds(earliest).toZonedDateTimeISO(zone).toPlainDate();
  const lastDate = Temporal.Instant.fromEpochMilliseconds(latest).toZonedDateTimeISO(zone).toPlainDate();
  const dates: Temporal.PlainDate[] = [];
  for (let date = firstDate; Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ days: 1 })) dates.push(date);

  // The caps count this service's bookings per local day and ISO week: each day's start instant
  // (from Temporal) places a booking in its day by a binary search, with no conversion per booking.
  const capped = rules.capPerDay !== null || rules.capPerWeek !== null;
  const perDay = new Map<string, number>();
  const perWeek = new Map<string, number>();
  const weekOf = (date: Temporal.PlainDate) => `${date.yearOfWeek}-${date.weekOfYear}`;
  if (capped) {
    const countFrom = dates[0]!.subtract({ days: 7 });
    const countDates: Temporal.PlainDate[] = [];
    for (let date = countFrom; Temporal.PlainDate.compare(date, lastDate) <= 0; date = date.add({ days: 1 })) countDates.push(date);
    countDates.push(lastDate.add({ days: 1 }));
    const dayStarts = countDates.map((date) => date.toZonedDateTime({ timeZone: zone }).epochMilliseconds);
    for (const start of input.serviceStarts) {
      let low = 0;
      let high = dayStarts.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (dayStarts[middle]! <= start) low = middle + 1;
        else high = middle;
      }
      const index = low - 1;
      if (index < 0 || index >= countDates.length - 1) continue;
      const date = countDates[index]!;
      perDay.set(date.toString(), (perDay.get(date.toString()) ?? 0) + 1);
      perWeek.set(weekOf(date), (perWeek.get(weekOf(date)) ?? 0) + 1);
    }
  }

  const free: FreeTime[] = [];
  for (const date of dates) {
    if (rules.capPerDay !== null && (perDay.get(date.toString()) ?? 0) >= rules.capPerDay) continue;
    if (rules.capPerWeek !== null && (perWeek.get(weekOf(date)) ?? 0) >= rules.capPerWeek) continue;
    const ranges = [...rangesOn(date, hours, exceptionsByDate)].sort((a, b) => a.start.localeCompare(b.start));
    for (const range of ranges) {
      const rangeStart = zonedWallTime(date, range.start, zone) ?? date.toZonedDateTime({ timeZone: zone, plainTime: range.start });
      const rangeEnd = date.toZonedDateTime({ timeZone: zone, plainTime: range.end });
      const sameOffset = rangeStart.offsetNanoseconds === rangeEnd.offsetNanoseconds;
      const startWall = Temporal.PlainTime.from(range.start);
      for (let step = 0; ; step += 1) {
        let start: number;
        let offsetNanoseconds: number;
        if (sameOffset) {
          // No clock change inside the range: each step is the same length on the wall and in time.
          start = rangeStart.epochMilliseconds + step * stepMs;
          offsetNanoseconds = rangeStart.offsetNanoseconds;
        } else {
          const wall = startWall.add({ minutes: step * (stepMs / MINUTE) });
          if (Temporal.PlainTime.compare(wall, startWall) < 0) break;
          const zoned = zonedWallTime(date, wall.toString(), zone);
          if (!zoned) continue;
          start = zoned.epochMilliseconds;
          offsetNanoseconds = zoned.offsetNanoseconds;
        }
        const end = start + durationMs;
        if (end > rangeEnd.epochMilliseconds) break;
        if (start < earliest) continue;
        if (start >= latest) break;
        if (overlapsBusy(input.busy, start - before, end + after)) continue;
        const local = new Date(start + offsetNanoseconds / 1e6).toISOString().slice(0, 19);
        free.push({ start, iso: `${local}${offsetText(offsetNanoseconds)}` });
      }
    }
  }
  return free;
}
