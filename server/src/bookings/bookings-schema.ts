import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

/** Her hours, one row: her zone (IANA), her week and her dated exceptions, and her calendar feed's secret. */
export const bookingSettings = pgTable("booking_settings", {
  id: integer("id").primaryKey().default(1),
  timeZone: text("time_zone").notNull(),
  weekly: jsonb("weekly").notNull().$type<{ weekday: number; start: string; end: string }[]>(),
  exceptions: jsonb("exceptions").notNull().$type<{ date: string; ranges: { start: string; end: string }[] }[]>(),
  feedToken: text("feed_token"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const bookingServices = pgTable("booking_services", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  durationMinutes: integer("duration_minutes").notNull(),
  priceMinor: integer("price_minor").notNull().default(0),
  currency: text("currency").notNull().default("USD"),
  who: text("who", { enum: ["anyone", "members"] })
    .notNull()
    .default("anyone"),
  bufferBeforeMinutes: integer("buffer_before_minutes").notNull().default(0),
  bufferAfterMinutes: integer("buffer_after_minutes").notNull().default(0),
  minNoticeHours: integer("min_notice_hours").notNull().default(24),
  maxDaysAhead: integer("max_days_ahead").notNull().default(60),
  capPerDay: integer("cap_per_day"),
  capPerWeek: integer("cap_per_week"),
  cancelCutoffHours: integer("cancel_cutoff_hours").notNull().default(24),
  refundBeforeCutoff: boolean("refund_before_cutoff").notNull().default(true),
  birthSupport: boolean("birth_support").notNull().default(false),
  locationKind: text("location_kind", { enum: ["video", "phone", "address"] })
    .notNull()
    .default("video"),
  location: text("location").notNull().default(""),
  hidden: boolean("hidden").notNull().default(false),
  createdAt: createdAt(),
});

/**
 * A booking. `blocked_from`/`blocked_until` are its time with the service's buffers: an exclusion
 * constraint (migration 0010) refuses two live bookings whose blocked times overlap, on any number
 * of app servers. A held booking (awaiting_email, awaiting_payment) is live until `hold_until`,
 * when the scheduler (or Stripe's expiry) turns it into `expired`.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: serial("id").primaryKey(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => bookingServices.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    dueDate: date("due_date", { mode: "string" }),
    note: text("note").notNull().default(""),
    state: text("state", {
      enum: ["awaiting_email", "awaiting_payment", "confirmed", "cancelled", "expired", "attended", "no_show"],
    }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedFrom: timestamp("blocked_from", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    // The zone she reads in: her mails show her times in it.
    readerTimeZone: text("reader_time_zone").notNull(),
    // The language she booked in (docs/languages.md): her mails about it are written in it. Null
    // for bookings older than languages, which are English.
    readerLanguage: text("reader_language"),
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    confirmTokenHash: text("confirm_token_hash"),
    // Every mail carries her link to reschedule or cancel, reminders too, written long after the
    // booking: so the token is kept as it was sent. It manages this one booking and nothing else.
    manageToken: text("manage_token").notNull().unique(),
    // The calendar event's UID stays when she reschedules, so calendar apps move the event; the sequence counts the changes.
    uid: text("uid").notNull().unique(),
    sequence: integer("sequence").notNull().default(0),
    amountMinor: integer("amount_minor").notNull().default(0),
    currency: text("currency").notNull().default("USD"),
    checkoutSessionId: text("checkout_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    reminderDayBefore: text("reminder_day_before", { enum: ["pending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    reminderHourBefore: text("reminder_hour_before", { enum: ["pending", "sent", "skipped"] })
      .notNull()
      .default("pending"),
    privateNote: text("private_note").notNull().default(""),
    offerId: integer("offer_id"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("bookings_starts_at_idx").on(table.startsAt),
    index("bookings_user_idx").on(table.userId),
    index("bookings_email_idx").on(table.email),
    index("bookings_held_idx")
      .on(table.holdUntil)
      .where(sql`state in ('awaiting_email', 'awaiting_payment')`),
    index("bookings_due_date_idx").on(table.dueDate),
  ],
);

/** How many births she takes with a due date in a month ("YYYY-MM"); a month without a row has no limit. */
export const bookingDueMonths = pgTable("booking_due_months", {
  month: text("month").primaryKey(),
  places: integer("places").notNull(),
});

/** Who waits for a place in a full due month, in order; an offered place is theirs for 48 hours. */
export const bookingWaitlist = pgTable(
  "booking_waitlist",
  {
    id: serial("id").primaryKey(),
    month: text("month").notNull(),
    serviceId: integer("service_id")
      .notNull()
      .references(() => bookingServices.id),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    note: text("note").notNull().default(""),
    /** The language of the page she joined from: the offer of a place is written in it (docs/languages.md). */
    readerLanguage: text("reader_language"),
    offerTokenHash: text("offer_token_hash"),
    offeredUntil: timestamp("offered_until", { withTimezone: true }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("booking_waitlist_month_idx").on(table.month, table.createdAt)],
);
