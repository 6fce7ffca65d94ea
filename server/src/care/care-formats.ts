// Money and dates as her agreement and her mails write them, in a language's locale (Intl).

/** An amount in the currency's minor unit (cents), written as the locale writes money. */
export const money = (amountMinor: number, currency: string, locale: string) =>
  new Intl.NumberFormat(locale, { style: "currency", currency }).format(amountMinor / 100);

/** A calendar day (YYYY-MM-DD) written in full ("9 March 2027"), whatever the server's zone. */
export const longDate = (date: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
