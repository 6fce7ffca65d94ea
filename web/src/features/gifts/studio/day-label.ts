import { pageLocale } from "./messages.ts";

/** A calendar day (YYYY-MM-DD, the practice's) as the page's language writes it: "10 Mar 2027". */
export const dayLabel = (day: string) =>
  new Intl.DateTimeFormat(pageLocale(), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T12:00:00Z`),
  );
