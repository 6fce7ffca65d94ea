import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { NoticeDelivery, StudioNoticeKind } from "../../../contract/notifications.ts";
import { users } from "../accounts/accounts-schema.ts";
import { createdAt } from "../db/columns.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** A value of a notice's sentence: text as it is, or an amount written in the reader's language when it is read. */
export type NoticeValue = string | { money: number; currency: string };

/**
 * What happened in her practice, told once: `key` names the event ("care-signed:12"), and the
 * unique index makes a second telling (a retried webhook, two servers) a no-op. `message` is the
 * English sentence (the catalogue's id) written in the reader's language when the list is read.
 */
export const studioNotices = pgTable(
  "studio_notices",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    kind: text("kind").$type<StudioNoticeKind>().notNull(),
    message: text("message").notNull(),
    values: jsonb("values").$type<Record<string, NoticeValue>>().notNull().default({}),
    link: text("link").notNull(),
    /** The member it is about, when she has an account: the notice goes with her account (her name, her labour). */
    aboutUserId: integer("about_user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Set when its mail was queued (or it needed none): the mailer claims a notice by setting it. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (table) => [
    index("studio_notices_unmailed_idx")
      .on(table.id)
      .where(sql`${table.mailedAt} is null`),
    index("studio_notices_about_idx").on(table.aboutUserId),
  ],
);

/** How she hears of each kind (Studio → Notifications), in one row; a kind she has not chosen is the list only. */
export const studioNoticeChoices = pgTable(
  "studio_notice_choices",
  {
    id: integer("id").primaryKey().default(1),
    choices: jsonb("choices").$type<Partial<Record<StudioNoticeKind, NoticeDelivery>>>().notNull().default({}),
  },
  (table) => [check("studio_notice_choices_one_row", sql`${table.id} = 1`)],
);
