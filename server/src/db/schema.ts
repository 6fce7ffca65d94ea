import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: ["member", "admin"] })
      .notNull()
      .default("member"),
    accessCode: text("access_code"),
    // Pacing: only suggestions on /home and the course page, never a lock.
    dueDate: date("due_date", { mode: "string" }),
    babyArrived: boolean("baby_arrived").notNull().default(false),
    // Set by the instructor in the studio: she cannot sign in until it is cleared.
    deactivatedAt: timestamp("deactivated_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    // When she unsubscribed from announcements (one click in any of them); null while she gets them.
    announcementsOffAt: timestamp("announcements_off_at", { withTimezone: true }),
    // The unguessable part of her unsubscribe link, made with her first announcement.
    mailingToken: text("mailing_token").unique(),
    // "partner": joined through a member's invitation (partners/), with no access code: courses
    // open to him through her link only, and the community is hers, not his.
    joinedAs: text("joined_as", { enum: ["member", "partner"] })
      .notNull()
      .default("member"),
    // When a link mailed to her address was used (the registration's confirmation, a password
    // reset, an e-mail change, an invitation sent there). Until then nothing a visitor booked or
    // registered with that address joins her account: anyone can type anyone's address.
    emailProvenAt: timestamp("email_proven_at", { withTimezone: true }),
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

// Counted events of the rate limits (failed sign-ins, reset mails), kept for their window only. In
// the database, not in a process, so that several app servers share one limit; the key is a hash,
// so no address or e-mail is kept.
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: serial("id").primaryKey(),
    keyHash: text("key_hash").notNull(),
    hitAt: timestamp("hit_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_hits_key_idx").on(table.keyHash, table.hitAt)],
);

export const accessCodes = pgTable("access_codes", {
  code: text("code").primaryKey(),
  maxUses: integer("max_uses"),
  uses: integer("uses").notNull().default(0),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

// Catalogue ids are chosen by the instructor's content file, not generated, so that a re-import
// keeps every link (/lesson?course=3&lesson=17) and every member's grant pointing at the same thing.
export const courses = pgTable("courses", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  descriptionHtml: text("description_html").notNull().default(""),
  logo: integer("logo").notNull().default(0),
  freeForMembers: boolean("free_for_members").notNull().default(false),
  // Opens to a member's linked partner whenever she may open it (partners/partners-repository.ts).
  forPartners: boolean("for_partners").notNull().default(false),
  // A draft is seen only in the studio: members never see it, by any route (catalogue-repository.ts).
  // Imported courses are published, as every course was before drafts; one created in the studio starts as a draft.
  published: boolean("published").notNull().default(true),
  // Her own picture (pictures/pictures-repository.ts); null shows the built-in picture `logo`.
  coverPicture: text("cover_picture"),
  position: integer("position").notNull(),
  // Counts saves: a save from a studio page opened before the last one is refused (studio/course-operations.ts).
  revision: integer("revision").notNull().default(1),
});

export const subscriptionPlans = pgTable("subscription_plans", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceMinor: integer("price_minor").notNull(),
  currency: text("currency").notNull(),
  billingInterval: text("billing_interval", { enum: ["month", "year", "once"] }).notNull(),
  // Whether her linked partner shares the plan's courses marked for partners (a free membership always does).
  partnerSeat: boolean("partner_seat").notNull().default(false),
  position: integer("position").notNull(),
  // Counts saves: a save from a page opened before the last one is refused, not silently applied.
  revision: integer("revision").notNull().default(1),
});

export const planCourses = pgTable(
  "plan_courses",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.courseId] })],
);

export const modules = pgTable(
  "modules",
  {
    id: integer("id").primaryKey(),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    referenceCode: text("reference_code").notNull().unique(),
    parentReferenceCode: text("parent_reference_code").notNull(),
    title: text("title").notNull(),
    position: integer("position").notNull(),
    descriptionHtml: text("description_html"),
    visibleInPreview: boolean("visible_in_preview").notNull().default(false),
    // The week of pregnancy the instructor suggests it for (1 to 42), or 43 and above for after the birth.
    recommendedWeek: integer("recommended_week"),
    // Counts saves: a save from a studio page opened before the last one is refused (studio/course-operations.ts).
    revision: integer("revision").notNull().default(1),
  },
  (table) => [index("modules_course_id_idx").on(table.courseId)],
);

export const lessons = pgTable(
  "lessons",
  {
    id: integer("id").primaryKey(),
    moduleId: integer("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    contentSummaryHtml: text("content_summary_html"),
    noteHtml: text("note_html"),
    videoProvider: text("video_provider", { enum: ["vimeo", "youtube"] }),
    videoId: text("video_id"),
    // The privacy hash of an unlisted Vimeo video (vimeo.com/123/abc), without which it will not play.
    videoHash: text("video_hash"),
    // Where a YouTube video starts (seconds), from the link she pasted (t=42s).
    videoStart: integer("video_start"),
    // The video's length in seconds and a short line about it, both hers (the studio), shown under the player.
    videoSeconds: integer("video_seconds"),
    videoLine: text("video_line"),
    // Counts saves: a save from a studio page opened before the last one is refused (studio/course-operations.ts).
    // Content notes (content-notes/), by name: a member who asked to be told first meets a calm notice.
    contentNotes: jsonb("content_notes").$type<string[]>().notNull().default([]),
    revision: integer("revision").notNull().default(1),
  },
  (table) => [index("lessons_module_id_idx").on(table.moduleId)],
);

/**
 * What the instructor deleted in the studio, restorable for 30 days: the deleted rows (a course,
 * a module with its topics and lessons, or a lesson, with the plans' links, members' grants and
 * progress they carried) as they were. Files stay in lesson_files, marked with the item.
 */
export const trashItems = pgTable(
  "trash_items",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["course", "module", "lesson", "file"] }).notNull(),
    title: text("title").notNull(),
    // Where it was, in words ("in Birth preparation › Week 1"), so the Trash reads without the tree.
    place: text("place").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    deletedById: integer("deleted_by_id").references(() => users.id, { onDelete: "set null" }),
    deletedByLabel: text("deleted_by_label").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("trash_items_deleted_at_idx").on(table.deletedAt)],
);

export const lessonFiles = pgTable(
  "lesson_files",
  {
    id: integer("id").primaryKey(),
    // Null while its lesson is in the Trash (trashItemId says which item brings it back).
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "set null" }),
    trashItemId: integer("trash_item_id").references(() => trashItems.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    // In bytes; the content is in file_chunks.
    size: integer("size").notNull().default(0),
    // Counts renames and moves, like a lesson's revision (studio/file-operations.ts).
    revision: integer("revision").notNull().default(1),
    // A row with neither a lesson nor a Trash item is an upload still arriving; one left over a day is swept.
    createdAt: createdAt(),
  },
  (table) => [index("lesson_files_lesson_id_idx").on(table.lessonId), index("lesson_files_trash_item_id_idx").on(table.trashItemId)],
);

/**
 * A file's content in pieces of at most FILE_CHUNK_BYTES (catalogue/file-store.ts), in the database
 * so that several app servers on one PostgreSQL serve the same files, and streamed in and out one
 * piece at a time, so no server ever holds a whole file in memory.
 */
export const fileChunks = pgTable(
  "file_chunks",
  {
    fileId: integer("file_id")
      .notNull()
      .references(() => lessonFiles.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.sequence] })],
);

/**
 * Who may open a course beyond the free ones. A grant remembers where it came from: the
 * instructor's hand (CLI, later the studio) or a purchase, so that closing a purchase never removes
 * what the instructor gave, and revoking by hand never silently closes what a member paid for.
 */
export const courseGrants = pgTable(
  "course_grants",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["instructor", "purchase"] })
      .notNull()
      .default("instructor"),
    purchaseId: integer("purchase_id").references(() => purchases.id, { onDelete: "cascade" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    // When a cancelled subscription's paid period is over; null while the grant lasts.
    endsAt: timestamp("ends_at", { withTimezone: true }),
  },
  (table) => [
    index("course_grants_user_id_idx").on(table.userId),
    uniqueIndex("course_grants_instructor_idx")
      .on(table.userId, table.courseId)
      .where(sql`source = 'instructor'`),
    uniqueIndex("course_grants_purchase_idx")
      .on(table.purchaseId, table.courseId)
      .where(sql`source = 'purchase'`),
  ],
);

/**
 * A member's purchase of a plan through Stripe Checkout, recorded when the checkout starts and
 * completed by Stripe's signed events. The plan's name and price are copied: the instructor may
 * rename, reprice or delete the plan later, and the record must still say what was bought.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: serial("id").primaryKey(),
    // Kept when the member deletes her account: it is the instructor's record of a payment.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    planId: integer("plan_id").notNull(),
    planName: text("plan_name").notNull(),
    mode: text("mode", { enum: ["payment", "subscription"] }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    // The courses the plan included when she bought it; a later change to the plan changes nothing here.
    courseIds: integer("course_ids").array().notNull(),
    status: text("status", { enum: ["pending", "paid", "amount_mismatch", "refunded", "canceled"] })
      .notNull()
      .default("pending"),
    checkoutSessionId: text("checkout_session_id").notNull().unique(),
    paymentIntentId: text("payment_intent_id").unique(),
    subscriptionId: text("subscription_id").unique(),
    customerId: text("customer_id"),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (table) => [index("purchases_user_id_idx").on(table.userId), index("purchases_customer_id_idx").on(table.customerId)],
);

/** Money in (payments, renewals) and out (refunds, negative), one row per Stripe object: revenue by month. */
export const purchasePayments = pgTable(
  "purchase_payments",
  {
    // The invoice or payment intent paid, or "refund:" and the payment intent refunded: each counted once.
    stripeObjectId: text("stripe_object_id").primaryKey(),
    purchaseId: integer("purchase_id")
      .notNull()
      .references(() => purchases.id, { onDelete: "cascade" }),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("purchase_payments_occurred_at_idx").on(table.occurredAt)],
);

/** Every Stripe event already handled, stored in the transaction of its effects: a replay changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * A cancellation or refund that arrived before the checkout it ends (Stripe does not promise
 * order). The checkout, when it arrives, finds it here and opens nothing, or only until ends_at.
 */
export const earlyClosures = pgTable("early_closures", {
  // A subscription id (sub_...) or a payment intent id (pi_...).
  stripeObjectId: text("stripe_object_id").primaryKey(),
  kind: text("kind", { enum: ["subscription_ended", "refunded"] }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  // A refund's amount, counted in the revenue once its purchase is known.
  amountMinor: integer("amount_minor"),
  currency: text("currency"),
  createdAt: createdAt(),
});

/** Where a member is in each lesson she opened: the basis of "3 of 5 done", Continue and resuming a video. */
export const lessonProgress = pgTable(
  "lesson_progress",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    positionSeconds: integer("position_seconds").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Which save came last: a sequence, not the clock, so two saves in one millisecond (or on two
    // servers) still have an order, and "Continue where you left off" names the latest.
    recency: bigserial("recency", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] }), index("lesson_progress_recent_idx").on(table.userId, table.recency)],
);

/**
 * A certificate of completion, issued the first time she downloads it. The course's title and
 * lesson count are copied, so the certificate says the same after the course changes.
 */
export const certificates = pgTable(
  "certificates",
  {
    code: text("code").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id").notNull(),
    courseTitle: text("course_title").notNull(),
    lessonCount: integer("lesson_count").notNull(),
    memberName: text("member_name").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("certificates_user_course_idx").on(table.userId, table.courseId)],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ["feedback", "contact"] }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    payload: jsonb("payload").notNull(),
    // When the instructor read it in the studio's inbox; null while unread.
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("form_submissions_kind_idx").on(table.kind, table.createdAt)],
);

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

/**
 * What the instructor (in the studio) or an operator (with the CLI) changed, kept 90 days: who,
 * what, when. The actor's label is copied so the entry still reads after the account is gone.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorLabel: text("actor_label").notNull(),
    kind: text("kind").notNull(),
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("activity_log_created_at_idx").on(table.createdAt), index("activity_log_kind_idx").on(table.kind, table.createdAt)],
);

/** One-off facts about this installation, such as whether the demo content was seeded. */
export const installationFacts = pgTable("installation_facts", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

// 1:1 bookings (server/src/bookings/): the instructor's services, her hours, the bookings, her
// places per due month and their waiting lists.

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
    offerTokenHash: text("offer_token_hash"),
    offeredUntil: timestamp("offered_until", { withTimezone: true }),
    bookedAt: timestamp("booked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("booking_waitlist_month_idx").on(table.month, table.createdAt)],
);

/** Her public pages (server/src/site-pages/): About and Helpful links, as JSON, with a revision each. */
export const sitePages = pgTable("site_pages", {
  key: text("key", { enum: ["about", "links", "about_photo"] }).primaryKey(),
  content: jsonb("content").notNull(),
  revision: integer("revision").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A picture she uploaded (a course's cover, her photo on About), as WebP at a few widths. Named by
 * the hash of what she uploaded, so its address never changes meaning and browsers may keep it a year.
 */
export const pictureVariants = pgTable(
  "picture_variants",
  {
    picture: text("picture").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.picture, table.width] })],
);

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
    // Her own time zone as her browser named it, so her mails give the time as her clock shows it.
    timeZone: text("time_zone"),
    attended: boolean("attended").notNull().default(false),
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

/**
 * The content notes a lesson or a community post may carry (birth trauma, pregnancy loss…): one
 * list, shipped with a default set (migration 0022) that the instructor may extend.
 */
export const contentNotes = pgTable("content_notes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** The community's settings, one row (id 1): how many first posts wait for approval, how many reports hide a post. */
export const communitySettings = pgTable("community_settings", {
  id: integer("id").primaryKey(),
  approveFirstPosts: integer("approve_first_posts").notNull().default(1),
  reportThreshold: integer("report_threshold").notNull().default(3),
});

/** A topic the instructor made; one with a course is seen only by those who may open the course. */
export const communityTopics = pgTable("community_topics", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  description: text("description").notNull().default(""),
  courseId: integer("course_id").references(() => courses.id, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** A thread: a first post and its replies, in a topic or under a lesson ("Questions about this lesson"). */
export const communityThreads = pgTable(
  "community_threads",
  {
    id: serial("id").primaryKey(),
    topicId: integer("topic_id").references(() => communityTopics.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id").references(() => lessons.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    pinned: boolean("pinned").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    // The instructor's reply marked as the answer to a question.
    answerPostId: integer("answer_post_id"),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [
    index("community_threads_topic_idx").on(table.topicId, table.lastActivityAt),
    index("community_threads_lesson_idx").on(table.lessonId),
  ],
);

/** A post: a thread's first, or a reply. Kept as she wrote it (a small Markdown) and as the cleaned HTML shown. */
export const communityPosts = pgTable(
  "community_posts",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => communityThreads.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    bodyHtml: text("body_html").notNull(),
    contentNote: text("content_note"),
    // removed: by its author, by the instructor, or with the author's account; its words are gone.
    status: text("status", { enum: ["published", "pending", "hidden", "removed"] }).notNull(),
    byInstructor: boolean("by_instructor").notNull().default(false),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("community_posts_thread_idx").on(table.threadId, table.id),
    index("community_posts_author_idx").on(table.authorId, table.createdAt),
  ],
);

/** A member's report of a post; one per member and post, until the instructor reviews the post. */
export const communityReports = pgTable(
  "community_reports",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.reporterId] })],
);

/** A member as the community knows her: her pseudonym, whether she is muted, and her mail switch. */
export const communityMembers = pgTable("community_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  pseudonym: text("pseudonym"),
  // Until when she may read but not post; far in the future for "until lifted".
  mutedUntil: timestamp("muted_until", { withTimezone: true }),
  mailsOff: boolean("mails_off").notNull().default(false),
  // Content notes whose posts she wants collapsed, by name; null (the default) is every note.
  collapsedNotes: jsonb("collapsed_notes").$type<string[]>(),
});

/**
 * Her mail about one thread: replies arrive as pending, and at most one digest an hour goes out
 * (claimed by one UPDATE, so two servers never both send it); the token is the thread's one-click unsubscribe.
 */
export const communityNotices = pgTable(
  "community_notices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    threadId: integer("thread_id")
      .notNull()
      .references(() => communityThreads.id, { onDelete: "cascade" }),
    pendingSince: timestamp("pending_since", { withTimezone: true }),
    lastMailedAt: timestamp("last_mailed_at", { withTimezone: true }),
    // When she last opened the thread: replies after it count as unread.
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
    unsubscribed: boolean("unsubscribed").notNull().default(false),
    token: text("token").notNull().unique(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.threadId] })],
);

/** A member's "thank you" on a post, once per member and post. */
export const communityHearts = pgTable(
  "community_hearts",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => communityPosts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

/** How she meets each content note: shown normally, told first (the default), or left out of her suggestions. */
export const contentNoteChoices = pgTable("content_note_choices", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  choices: jsonb("choices").$type<Record<string, "show" | "tell" | "leave_out">>().notNull().default({}),
});

/** Lessons she put aside from a content note's notice ("Save for later"), listed on /home. */
export const savedForLater = pgTable(
  "saved_for_later",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lessonId: integer("lesson_id")
      .notNull()
      .references(() => lessons.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);

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

/**
 * The sections and options of the birth-preferences builder as the instructor edited them (one
 * row; none means the default set of birth-plan/default-template.ts).
 */
export const birthPlanTemplate = pgTable("birth_plan_template", {
  id: integer("id").primaryKey().default(1),
  sections: jsonb("sections")
    .$type<{ id: string; title: string; options: { id: string; label: string; lesson_id: number | null }[] }[]>()
    .notNull(),
  revision: integer("revision").notNull().default(1),
});

/** Her birth preferences: the options she chose with a short note each, and who supports her. */
export const birthPlans = pgTable("birth_plans", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  choices: jsonb("choices").$type<{ optionId: string; note: string }[]>().notNull().default([]),
  supportPeople: text("support_people").notNull().default(""),
  // Whether the instructor sees it on her 1:1 bookings (the studio's calendar).
  shareWithInstructor: boolean("share_with_instructor").notNull().default(false),
  // Counts saves: a save made from an older copy (another device) is refused with 409, never silently applied.
  revision: integer("revision").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A contraction-timer session, as her phone keeps it (IndexedDB) and syncs it: the id is made on
 * the phone, so a session timed offline arrives once however often it is sent.
 */
export const timerSessions = pgTable(
  "timer_sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rule: text("rule", { enum: ["5-1-1", "4-1-1", "3-1-1"] })
      .notNull()
      .default("5-1-1"),
    contractions: jsonb("contractions").$type<{ start: string; end: string | null }[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("timer_sessions_user_idx").on(table.userId, table.updatedAt)],
);
