import { zonedFormat } from "./time-labels.ts";

// The free times of a booking page and the studio's week, by day in the reader's zone. Apart from
// lib/time-labels.ts (which /home and /account use too), so that only the pages that pick or
// lay out times download this (web/chunk-groups.ts puts it with the pages that use it).

/** Every zone this browser knows, for the "Times shown in" choice. */
export function allTimeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(current) ? known : [current, ...known];
}

/** The calendar day of an instant in a zone, as YYYY-MM-DD (to group times by day). */
export function dayKey(instant: string, zone: string): string {
  const parts = Object.fromEntries(
    zonedFormat(zone, { year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "Monday 15 March" */
export const dayLabel = (instant: string, zone: string) =>
  zonedFormat(zone, { weekday: "long", day: "numeric", month: "long" }).format(new Date(instant));

/** "09:00" */
export const timeLabel = (instant: string, zone: string) =>
  zonedFormat(zone, { hour: "2-digit", minute: "2-digit" }).format(new Date(instant));
