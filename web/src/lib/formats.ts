// The first Intl formatter a page builds loads the browser's locale data: about 50 ms on a phone,
// in one piece the page cannot yield from (docs/performance.md). So no module builds one when it
// loads; a formatter is made the first time it formats, and a page that shows no date never pays.

/** A date formatter made on first use (`locale` undefined: the reader's own). */
export function dateFormatOnUse(options: Intl.DateTimeFormatOptions, locale?: string): { format(date: Date): string } {
  let made: Intl.DateTimeFormat | undefined;
  return { format: (date) => (made ??= new Intl.DateTimeFormat(locale, options)).format(date) };
}
