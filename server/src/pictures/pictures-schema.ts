import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * A picture she uploaded (a course's cover, her photo on About), as WebP at a few widths. Named by
 * the hash of what she uploaded, so its address never changes meaning and browsers may keep it a year.
 */
export const pictureVariants = pgTable(
  "picture_variants",
  {
    picture: text("picture").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.picture, table.width] })],
);
