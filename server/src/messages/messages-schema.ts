import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts-schema.ts";
import { createdAt } from "../db/columns.ts";
import { courses } from "../catalogue/catalogue-schema.ts";
import { formSubmissions } from "../forms/forms-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** The instructor's answers to a message, sent by mail and kept beside it in the inbox. */
export const messageReplies = pgTable(
  "message_replies",
  {
    id: serial("id").primaryKey(),
    submissionId: integer("submission_id")
      .notNull()
      .references(() => formSubmissions.id, { onDelete: "cascade" }),
    authorLabel: text("author_label").notNull(),
    toAddress: text("to_address").notNull(),
    body: text("body").notNull(),
    // Made by the page for this reply: pressing Send twice, or a retry after a lost answer, sends one mail.
    sendKey: text("send_key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("message_replies_send_key_idx").on(table.submissionId, table.sendKey)],
);

/**
 * A message from the instructor to all members, a course's members or the members due in one
 * month: mailed once through the outbox, and shown on their /home until she removes it.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    audience: text("audience", { enum: ["all", "course", "due_month"] }).notNull(),
    courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
    // YYYY-MM, for the members due that month.
    dueMonth: text("due_month"),
    recipients: integer("recipients").notNull(),
    authorLabel: text("author_label").notNull(),
    sendKey: text("send_key").notNull().unique(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("announcements_created_at_idx").on(table.createdAt)],
);

/** Her announcement mails: the unguessable part of her unsubscribe link, made with her first announcement, and whether she turned them off. */
export const announcementMail = pgTable("announcement_mail", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  // When she unsubscribed (one click in any of them, or her account page); null while she gets them.
  offAt: timestamp("off_at", { withTimezone: true }),
});
