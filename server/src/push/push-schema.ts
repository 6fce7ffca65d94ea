import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sessions, users } from "../accounts/accounts-schema.ts";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** The site's VAPID key pair (RFC 8292), made at first start unless configuration gives one; one row. */
export const pushKeys = pgTable(
  "push_keys",
  {
    id: integer("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("push_keys_one_pair", sql`${table.id} = 1`)],
);

/** A device she turned notifications on for: the browser's subscription, and what it is told about. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // A capability URL at her browser's push service: unique, and never written to a log.
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    kinds: text("kinds").array().notNull(),
    previews: boolean("previews").notNull().default(false),
    /**
     * The session that turned it on: the device is told while she is signed in there. Ending that
     * session (logging out, a pause, "sign out everywhere", a password change elsewhere, expiry)
     * deletes it with the session, on every server, in the same statement.
     */
    sessionHash: text("session_hash").references(() => sessions.tokenHash, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("push_subscriptions_user_idx").on(table.userId), index("push_subscriptions_session_idx").on(table.sessionHash)],
);

/**
 * Every push to one device, written in the transaction of the action it is about and delivered
 * afterwards (push-sender.ts): claimed by one server, retried, never sent twice.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    // What the service worker shows: { title, body, url, tag }, chosen for a locked screen.
    payload: jsonb("payload").$type<{ title: string; body: string; url: string; tag: string }>().notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Past this, the message is stale (a class that has started): given up instead of sent late.
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("push_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("push_outbox_subscription_idx").on(table.subscriptionId),
  ],
);
