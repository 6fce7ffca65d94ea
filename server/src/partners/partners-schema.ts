import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** A member's invitation to her partner: a link valid 7 days that stands for an access code, once. Only the token's hash is kept. */
export const partnerInvitations = pgTable(
  "partner_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("partner_invitations_member_idx").on(table.memberId)],
);

/** One partner per member, and one member per partner; what she shares with him is hers to switch. */
export const partnerLinks = pgTable("partner_links", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  partnerId: integer("partner_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  shareBirthPlan: boolean("share_birth_plan").notNull().default(false),
  shareTimer: boolean("share_timer").notNull().default(false),
  linkedAt: createdAt(),
});
