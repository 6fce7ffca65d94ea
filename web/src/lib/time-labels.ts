// Times of 1:1 bookings as a reader sees them: always in her own zone, with the zone named
// (docs/product.md, "Booking 1:1 support"). The browser's Intl does the zone work.
import { pageLocale, t } from "./i18n.ts";

/** The zone this browser reads in ("Europe/Paris"), or UTC when it does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A zone's name as a person reads it: "America/New York". */
export const zoneName = (zone: string) => zone.replaceAll("_", " ");

const formats = new Map<string, Intl.DateTimeFormat>();
/** A formatter for a zone in the page's language, made once: building one costs more than using it. */
export function zonedFormat(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = pageLocale();
  const key = `${locale} ${zone} ${JSON.stringify(options)}`;
  let formatter = formats.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, formatter);
  }
  return formatter;
}

/** "Monday 15 March 2027 at 09:00", "lunes, 15 de marzo de 2027, 9:00" */
export const whenLabel = (instant: string, zone: string) =>
  zonedFormat(zone, { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit" }).format(
    new Date(instant),
  );

/** "Free", or the price in its currency ("$90.00"), in the page's language. */
export const priceLabel = (cents: number, currency: string) =>
  cents === 0
    ? t("Free")
    : new Intl.NumberFormat(pageLocale(), { style: "currency", currency, currencyDisplay: "narrowSymbol" }).format(cents / 100);
