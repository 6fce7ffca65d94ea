import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PlanTier } from "../../../contract/catalogue.ts";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";
import { courses } from "../catalogue/catalogue-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/**
 * A live class she runs (a free webinar, a paid group class): a time, a number of places, and the
 * video-call link that registered people see from 15 minutes before the start (classes/).
 */
export const liveClasses = pgTable(
  "live_classes",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    places: integer("places").notNull(),
    priceMinor: integer("price_minor").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    // Pay what you can (docs/gifts.md): none, or the prices she may choose from, lowest first.
    tiers: jsonb("tiers").$type<PlanTier[]>().notNull().default([]),
    who: text("who", { enum: ["anyone", "members"] }).notNull(),
    joinUrl: text("join_url").notNull(),
    // The calendar event's UID, the same in every mail about this class.
    uid: text("uid").notNull().unique(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    revision: integer("revision").notNull().default(1),
    // The recording, a YouTube or Vimeo address parsed like a lesson's video; mailed once, at replaySentAt.
    replayUrl: text("replay_url"),
    replaySentAt: timestamp("replay_sent_at", { withTimezone: true }),
    // A class for a course's members: those who may open the course register with one press.
    courseId: integer("course_id").references(() => courses.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [index("live_classes_starts_at_idx").on(table.startsAt)],
);

/** A place in a class, held, taken or waited for; the waiting list is served in the order of ids. */
export const classRegistrations = pgTable(
  "class_registrations",
  {
    id: serial("id").primaryKey(),
    classId: integer("class_id")
      .notNull()
      .references(() => liveClasses.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    state: text("state", { enum: ["registered", "awaiting_email", "awaiting_payment", "waiting_list", "cancelled", "expired"] }).notNull(),
    // Until when a place waiting for her e-mail or her payment is kept; past it, the place goes back.
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    // Her link to confirm, or later to cancel, this one registration: kept as sent, like a booking's.
    manageToken: text("manage_token").notNull().unique(),
    // Her one-click unsubscribe from class mails: its own token, because mail programs may call the
    // List-Unsubscribe address by themselves, and the manage token cancels and pays.
    unsubscribeToken: text("unsubscribe_token")
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    fromWaitingList: boolean("from_waiting_list").notNull().default(false),
    // Each reminder is claimed once by whichever server gets to it first (classes-repository.ts, runClassWork).
    reminderDay: text("reminder_day", { enum: ["pending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    reminderHour: text("reminder_hour", { enum: ["pending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    // When her devices were told the class is starting (push kind class_starting), claimed like a reminder.
    startingPushedAt: timestamp("starting_pushed_at", { withTimezone: true }),
    // Her own time zone as her browser named it, so her mails give the time as her clock shows it.
    timeZone: text("time_zone"),
    // The language she registered in (docs/languages.md): her mails about the class are written
    // in it. Null for places older than languages, which are English.
    language: text("language"),
    attended: boolean("attended").notNull().default(false),
    // The pay-what-you-can tier she chose when she registered: its price is what her Checkout asks.
    tierName: text("tier_name"),
    // What her Checkout asked beyond the class's own price (a Supporter tier): the community places' fund.
    beyondPriceMinor: integer("beyond_price_minor").notNull().default(0),
    // A paid place: its Checkout, the payment it became, and when it was refunded.
    checkoutSessionId: text("checkout_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("class_registrations_class_idx").on(table.classId, table.id),
    uniqueIndex("class_registrations_one_live_idx")
      .on(table.classId, sql`lower(${table.email})`)
      .where(sql`state not in ('cancelled', 'expired')`),
  ],
);

/**
 * Addresses that asked for no more class reminders or replays (RFC 8058 one-click, or the link in
 * the mail); kept by address because a visitor registers without an account.
 */
export const classMailOptOuts = pgTable("class_mail_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: createdAt(),
});
