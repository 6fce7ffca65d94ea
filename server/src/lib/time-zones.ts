/** Whether the platform knows this IANA zone (a reader's browser may name one this server does not). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A calendar day (YYYY-MM-DD) as a person reads it in her language ("9 March 2027", "9 de marzo de
 * 2027"), the same day whatever the server's zone: an ISO date is for machines only.
 */
export const longDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
