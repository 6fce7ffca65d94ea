// Money and dates as her agreement and her mails write them, in a language's locale (Intl).

/** An amount in the currency's minor unit (cents), written as the locale writes money. */
export const money = (amountMinor: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountMinor / 100);

export { longDay as longDate } from "../lib/time-zones.ts";
