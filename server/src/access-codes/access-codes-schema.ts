import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

export const accessCodes = pgTable("access_codes", {
  code: text("code").primaryKey(),
  maxUses: integer("max_uses"),
  uses: integer("uses").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});
