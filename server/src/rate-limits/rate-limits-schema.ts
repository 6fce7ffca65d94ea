import { index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

// Counted events of the rate limits (failed sign-ins, reset mails), kept for their window only. In
// the database, not in a process, so that several app servers share one limit; the key is a hash,
// so no address or e-mail is kept.
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serial("id").primaryKey(),
    keyHash: text("key_hash").notNull(),
    hitAt: timestamp("hit_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_hits_key_idx").on(table.keyHash, table.hitAt)],
);
