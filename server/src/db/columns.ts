import { customType, timestamp } from "drizzle-orm/pg-core";

// Column types the features' schema files share.

export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A text's words as PostgreSQL's full-text search keeps them (db/text-search.ts). */
export const tsvector = customType<{ data: string }>({
  dataType: () => "tsvector",
});
