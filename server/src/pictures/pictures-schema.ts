import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * A picture she uploaded (a course's cover, her photo on About), as WebP at a few widths. Named by
 * the hash of what she uploaded, so its address never changes meaning and browsers may keep it a year.
 * The WebP files live in the media storage (`pictures/<picture>-<width>.webp`, docs/storage.md);
 * `bytes` holds a picture stored before they moved there, until the sweep moves it (then null).
 */
export const pictureVariants = pgTable(
  "picture_variants",
  {
    picture: text("picture").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.picture, table.width] })],
);
