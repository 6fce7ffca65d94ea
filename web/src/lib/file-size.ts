import { pageLocale } from "./i18n.ts";

/** A file's size as the page's language writes it ("1.2 MB", "1,2 MB", "300 kB"). */
export const fileSizeLabel = (bytes: number): string =>
  bytes >= 1_000_000
    ? new Intl.NumberFormat(pageLocale(), { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(bytes / 1_000_000)
    : new Intl.NumberFormat(pageLocale(), { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1000));
