import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Language } from "../../../contract/languages.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * The instructor's settings for the whole site, in one row (Studio → Site): the site's language, her currency, and
 * her names as every page, PDF and mail prints them (null until she sets them: INSTRUCTOR_NAME and
 * BUSINESS_NAME stand in), her title in each language she wrote it in.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    language: text("language").notNull(),
    doulaName: text("doula_name"),
    businessName: text("business_name"),
    titles: jsonb("titles").$type<Partial<Record<Language, string>>>().notNull().default({}),
    /** The currency her new prices start in; null until she chooses (her site's language's then). */
    currency: text("currency"),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);
