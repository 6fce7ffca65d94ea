import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** Her public pages (server/src/site-pages/): About and Helpful links, as JSON, with a revision each. */
export const sitePages = pgTable("site_pages", {
  key: text("key", { enum: ["about", "links", "about_photo"] }).primaryKey(),
  content: jsonb("content").notNull(),
  revision: integer("revision").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
