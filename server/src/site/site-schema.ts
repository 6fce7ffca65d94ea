import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** The instructor's settings for the whole site, in one row: today the site's language (Studio → Site). */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    language: text("language").notNull(),
  },
  (table) => [check("site_settings_one_row", sql`${table.id} = 1`)],
);
