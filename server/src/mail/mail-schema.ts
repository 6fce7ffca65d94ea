import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * Every mail, written in the transaction of the action that causes it and delivered afterwards by
 * the sender (server/src/mail/mail-sender.ts): an SMTP outage or a restart loses none.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    // Files sent with it, such as a calendar invitation (.ics).
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; content: string }[]>(),
    // Reply-To, and an announcement's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058).
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status", { enum: ["pending", "sent", "logged", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    // When a sender may next try it; a sender that claims a mail moves this forward while it sends.
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index("mail_outbox_to_idx").on(table.toAddress),
  ],
);
