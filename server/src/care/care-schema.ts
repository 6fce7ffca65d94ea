import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PlanTier } from "../../../contract/catalogue.ts";
import { bytea, createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows
// through its repository. Money is in the currency's minor unit (cents).

/** A package she offers: its fee and how it is paid, its visits, its on-call window and its agreement. */
export const carePackages = pgTable(
  "care_packages",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    feeMinor: integer("fee_minor").notNull(),
    currency: text("currency").notNull().default("USD"),
    depositMinor: integer("deposit_minor").notNull().default(0),
    instalments: integer("instalments").notNull().default(1),
    instalmentEveryWeeks: integer("instalment_every_weeks").notNull().default(4),
    lastDueWeek: integer("last_due_week").notNull().default(36),
    prenatalVisits: integer("prenatal_visits").notNull().default(2),
    postpartumVisits: integer("postpartum_visits").notNull().default(1),
    onCallFromWeek: integer("on_call_from_week").notNull().default(38),
    onCallUntilWeek: integer("on_call_until_week").notNull().default(42),
    agreement: text("agreement").notNull(),
    /** Pay what you can (docs/gifts.md): the fees she chooses from before she signs; none, the package has its one fee. */
    tiers: jsonb("tiers").$type<PlanTier[]>().notNull().default([]),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("care_packages_deposit_within_fee", sql`${table.depositMinor} >= 0 AND ${table.depositMinor} <= ${table.feeMinor}`),
    check("care_packages_window_in_order", sql`${table.onCallFromWeek} <= ${table.onCallUntilWeek}`),
  ],
);

/**
 * One pregnancy of one client (a mother back for her second baby has a second record). Her
 * contact details go when she deletes her account; the record stays, with its signed agreement and
 * its payments, as the doula's business record.
 */
export const careRecords = pgTable(
  "care_records",
  {
    id: serial("id").primaryKey(),
    packageId: integer("package_id")
      .notNull()
      .references(() => carePackages.id),
    memberId: integer("member_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    onCallFrom: date("on_call_from", { mode: "string" }).notNull(),
    onCallUntil: date("on_call_until", { mode: "string" }).notNull(),
    stage: text("stage").notNull().default("invited"),
    /** The tier of her package she chose (its name), when it offers tiers: her agreement and schedule were made from its fee. */
    tierName: text("tier_name"),
    /** What her chosen fee is above the package's own (a Supporter tier): the community places' fund counts it once she has paid in full. */
    beyondFeeMinor: integer("beyond_fee_minor").notNull().default(0),
    /** Her backup doula (a team doula, Studio → Team): told of her labour when the doula is off call or does not answer. */
    backupUserId: integer("backup_user_id").references(() => users.id, { onDelete: "set null" }),
    /** A late client's instalments, spread evenly to this day when they would all fall due at once (docs/care.md). */
    paymentsSpreadUntil: date("payments_spread_until", { mode: "string" }),
    /** Her link to her space, until she registers with it: only its hash is kept. */
    invitationHash: text("invitation_hash"),
    invitationExpiresAt: timestamp("invitation_expires_at", { withTimezone: true }),
    /** When each side was last mailed about new messages: at most one mail an hour, each way. */
    clientMailedAt: timestamp("client_mailed_at", { withTimezone: true }),
    doulaMailedAt: timestamp("doula_mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("care_records_member_idx").on(table.memberId),
    uniqueIndex("care_records_invitation_idx").on(table.invitationHash),
    check("care_records_window_in_order", sql`${table.onCallFrom} <= ${table.onCallUntil}`),
  ],
);

/**
 * The agreement made for one record from its package, frozen when made: a package edited later
 * changes only later agreements. Signing fills the signature record once (a conditional UPDATE).
 */
export const careAgreements = pgTable(
  "care_agreements",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    sha256: text("sha256").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    signedName: text("signed_name"),
    signedBy: integer("signed_by").references(() => users.id, { onDelete: "set null" }),
    /** The address and browser it was signed from: hers, so they go with her account. */
    signedFrom: text("signed_from"),
    signedWith: text("signed_with"),
    /** Her signature as she drew it (a PNG), when she drew one: part of what she signed, kept with it. */
    drawnSignature: bytea("drawn_signature"),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("care_agreements_record_idx").on(table.recordId)],
);

/** What she pays and when: the deposit, then each instalment. */
export const carePayments = pgTable(
  "care_payments",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    waived: boolean("waived").notNull().default(false),
    note: text("note").notNull().default(""),
    /**
     * Her latest Checkout for it, as kept before care_checkouts (migration 0060 read it to fill that
     * table, which keeps every one now); no longer written.
     */
    checkoutSessionId: text("checkout_session_id"),
    /** The payment that settled it (its Checkout's, in care_checkouts too). */
    paymentIntentId: text("payment_intent_id"),
    /** Refunded in full through Stripe (once: the UPDATE that sets it claims the refund). */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** When the reminder before its date, and the one after it, were claimed (once each, by one server). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    overdueMailedAt: timestamp("overdue_mailed_at", { withTimezone: true }),
    /** What friends' contributions through her birth registry paid of it (docs/gifts.md); paid in full, `paid_at` is set too. */
    fromRegistryMinor: integer("from_registry_minor").notNull().default(0),
  },
  (table) => [
    index("care_payments_record_idx").on(table.recordId),
    uniqueIndex("care_payments_checkout_idx").on(table.checkoutSessionId),
    check("care_payments_amount_positive", sql`${table.amountMinor} >= 0`),
    check("care_payments_registry_credit", sql`${table.fromRegistryMinor} between 0 and ${table.amountMinor}`),
  ],
);

/**
 * Every Stripe Checkout opened for one of her payments, keyed by its session (and, once paid, its
 * payment intent), so no paid session is lost: opening a new one expires the earlier open one, and
 * a session paid for a payment settled meanwhile is kept `unapplied` for the doula to refund
 * (docs/care.md, Paying online).
 */
export const careCheckoutSessions = pgTable(
  "care_checkouts",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => carePayments.id, { onDelete: "cascade" }),
    sessionId: text("session_id").notNull(),
    paymentIntentId: text("payment_intent_id"),
    /** What the session was opened to charge: its completion must say the same to settle anything. */
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** The discount code that lowered its amount (docs/gifts.md), named on her receipt. */
    code: text("code"),
    status: text("status", { enum: ["open", "expired", "paid", "unapplied", "refunded"] })
      .notNull()
      .default("open"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("care_checkouts_session_idx").on(table.sessionId),
    index("care_checkouts_payment_idx").on(table.paymentId, table.status),
    index("care_checkouts_intent_idx").on(table.paymentIntentId),
  ],
);

/**
 * Money that came in for one of her payments, one row per arrival, so every figure adds up to what
 * was received (docs/care.md, "Money"): what Stripe charged (the code named), what the doula marked
 * paid by hand, what her registry credited. "Received this month" sums these by `received_at`; a
 * refund stamps the Stripe row rather than removing it.
 */
export const careReceipts = pgTable(
  "care_receipts",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => carePayments.id, { onDelete: "cascade" }),
    source: text("source", { enum: ["stripe", "by_hand", "registry"] }).notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** The discount code that lowered what Stripe charged, as she typed it. */
    code: text("code"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (table) => [
    index("care_receipts_payment_idx").on(table.paymentId),
    index("care_receipts_received_idx").on(table.receivedAt),
    check("care_receipts_amount_positive", sql`${table.amountMinor} > 0`),
  ],
);

/** The doula's dated notes: private ones she alone reads, shared ones shown in the client's space. */
export const careNotes = pgTable(
  "care_notes",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    shared: boolean("shared").notNull().default(false),
    // Kept from her, but read by her backup doula (Studio → On call): what the team needs to cover.
    forTeam: boolean("for_team").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index("care_notes_record_idx").on(table.recordId)],
);

/**
 * Files the doula shares with one client (a handout, a resources list), shown in her space. Small
 * enough to keep whole in the row (CARE_FILE_MAX_BYTES, care-files.ts), in the database so that every
 * app server serves them; gone with her account, as the notes are.
 */
export const careFiles = pgTable(
  "care_files",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    // The file in the media storage (care-files.ts); null for one an earlier version kept in
    // `content`, which the sweep moves there.
    storageKey: text("storage_key"),
    content: bytea("content"),
    createdAt: createdAt(),
  },
  (table) => [index("care_files_record_idx").on(table.recordId)],
);

/** The private thread between a client and her doula: each message mailed to the other side, at most hourly. */
export const careMessages = pgTable(
  "care_messages",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    fromDoula: boolean("from_doula").notNull(),
    text: text("text").notNull(),
    /** Told to the other side by mail (or not worth a mail any more); null while it waits for the next hourly mail. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("care_messages_record_idx").on(table.recordId),
    index("care_messages_unmailed_idx")
      .on(table.recordId)
      .where(sql`${table.mailedAt} IS NULL`),
  ],
);

/** Her questionnaires (intake, postpartum): their questions, which a sent copy freezes. */
export const careQuestionnaires = pgTable("care_questionnaires", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  questions: jsonb("questions").$type<StoredQuestion[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * A questionnaire sent to one client: its questions as they were when sent, her answers as she
 * goes (each save names the revision it read: a conditional UPDATE refuses a stale one), her
 * consent before a sensitive answer, and when she said she was done. Health data: it goes with
 * her account.
 */
export const careQuestionnaireSends = pgTable(
  "care_questionnaire_sends",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => careRecords.id, { onDelete: "cascade" }),
    questionnaireId: integer("questionnaire_id")
      .notNull()
      .references(() => careQuestionnaires.id),
    title: text("title").notNull(),
    questions: jsonb("questions").$type<StoredQuestion[]>().notNull(),
    answers: jsonb("answers").$type<Record<string, string | string[] | boolean>>().notNull().default({}),
    revision: integer("revision").notNull().default(0),
    consentAt: timestamp("consent_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    sentAt: createdAt(),
  },
  (table) => [uniqueIndex("care_questionnaire_sends_once_idx").on(table.recordId, table.questionnaireId)],
);

export type StoredQuestion = {
  kind: "text" | "long_text" | "choice" | "choices" | "date" | "yes_no";
  label: string;
  options: string[];
  optional: boolean;
  sensitive: boolean;
};
