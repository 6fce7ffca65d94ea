import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";
import { careRecords } from "../care/care-schema.ts";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * One press of Tell my doula. Seen once (a conditional UPDATE: the first doula to press wins);
 * escalated to the backup once (the same), whichever server's timed work gets there first.
 */
export const labourAlerts = pgTable(
  "labour_alerts",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["labour", "waters", "call_me"] }).notNull(),
    note: text("note").notNull().default(""),
    // How to reach her, as she gave it with the alert (her phone keeps it for the next one).
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    // Made on her phone: the same alert sent twice (a retry, the offline queue) is one alert.
    clientKey: text("client_key"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    // Her doula was off call: the backup was told at once.
    backupFirst: boolean("backup_first").notNull().default(false),
    // Who was told, by name, in order (her doula; her backup when she was).
    told: text("told").array().notNull(),
    backupToldAt: timestamp("backup_told_at", { withTimezone: true }),
    // When escalation was decided for it (told the backup, or found none): once, on one server.
    escalatedAt: timestamp("escalated_at", { withTimezone: true }),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    seenBy: integer("seen_by").references(() => users.id, { onDelete: "set null" }),
    seenByName: text("seen_by_name"),
    createdAt: createdAt(),
  },
  (table) => [
    index("labour_alerts_record_idx").on(table.recordId, table.sentAt),
    uniqueIndex("labour_alerts_key_idx").on(table.recordId, table.clientKey),
    index("labour_alerts_unseen_idx")
      .on(table.sentAt)
      .where(sql`seen_at is null and escalated_at is null`),
  ],
);

/** A period the doula is off call (a holiday, a birth she is at): alerts go straight to the backup. */
export const offCallPeriods = pgTable(
  "off_call_periods",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("off_call_periods_user_idx").on(table.userId, table.endsAt),
    check("off_call_in_order", sql`${table.startsAt} < ${table.endsAt}`),
  ],
);
