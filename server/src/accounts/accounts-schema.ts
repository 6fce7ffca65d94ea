import { boolean, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ["member", "admin", "team"] })
      .notNull()
      .default("member"),
    accessCode: text("access_code"),
    // Pacing: only suggestions on /home and the course page, never a lock.
    dueDate: date("due_date", { mode: "string" }),
    babyArrived: boolean("baby_arrived").notNull().default(false),
    // Set by the instructor in the studio: she cannot sign in until it is cleared.
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    // "partner": joined through a member's invitation (partners/), with no access code: courses
    // open to him through her link only, and the community is hers, not his.
    joinedAs: text("joined_as", { enum: ["member", "partner"] })
      .notNull()
      .default("member"),
    // When a link mailed to her address was used (the registration's confirmation, a password
    // reset, an e-mail change, an invitation sent there). Until then nothing a visitor booked or
    // registered with that address joins her account: anyone can type anyone's address.
    emailProvenAt: timestamp("email_proven_at", { withTimezone: true }),
    // The language she reads the product, its mails and documents in (contract/languages.ts): the
    // one she asked for as she registered, until she chooses another on /account. Null when she
    // asked for none we have (or registered before languages): she reads her browser's, else the site's.
    language: text("language"),
    createdAt: createdAt(),
  },
  (table) => [index("users_created_at_idx").on(table.createdAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // What she sees on /account to recognise a device: the browser's own description, and when it was last used.
    userAgent: text("user_agent"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

/**
 * A link that acts once: a password reset (mailed, or made by the instructor in the studio), the
 * confirmation of a new e-mail address, or the setup of the first instructor (no user yet). Only
 * the token's hash is kept, so the database alone cannot be used to act.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["password_reset", "email_change", "email_proof", "instructor_setup"] }).notNull(),
    // The address an e-mail change will set once confirmed.
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("account_tokens_user_id_idx").on(table.userId)],
);
