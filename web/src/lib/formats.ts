import { pageLocale } from "./i18n.ts";

// The first Intl formatter a page builds loads the browser's locale data: about 50 ms on a phone,
// in one piece the page cannot yield from (docs/performance.md). So no module builds one when it
// loads; a formatter is made the first time it formats, and a page that shows no date never pays.

/** A date formatter made on first use, in `locale` or else the page's language (web/src/lib/i18n.ts). */
export function dateFormatOnUse(options: Intl.DateTimeFormatOptions, locale?: string): { format(date: Date): string } {
  const made = new Map<string, Intl.DateTimeFormat>();
  return {
    format: (date) => {
      const reading = locale ?? pageLocale();
      let format = made.get(reading);
      if (!format) made.set(reading, (format = new Intl.DateTimeFormat(reading, options)));
      return format.format(date);
    },
  };
}

/**
 * A calendar day (YYYY-MM-DD: a due date, a day she chose) as the page's language writes it, "28
 * December 2026" by default. It is formatted in UTC, so no zone moves it to the day before.
 */
export function calendarDayOnUse(
  options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" },
): (day: string) => string {
  const dayFormat = dateFormatOnUse({ ...options, timeZone: "UTC" });
  return (day) => dayFormat.format(new Date(`${day}T12:00:00Z`));
}
