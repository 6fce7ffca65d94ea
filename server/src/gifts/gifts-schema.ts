import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): codes, and the uses they hold.

/**
 * A code the doula gives out (docs/gifts.md). `taken` counts the uses held by checkouts under way
 * and paid: the database refuses more than `max_uses`, so a last use is taken once, whichever app
 * server asks first.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    percentOff: integer("percent_off"),
    amountOffMinor: integer("amount_off_minor"),
    planIds: integer("plan_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    packageIds: integer("package_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    classIds: integer("class_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    startsOn: date("starts_on"),
    endsOn: date("ends_on"),
    maxUses: integer("max_uses"),
    taken: integer("taken").notNull().default(0),
    firstPurchaseOnly: boolean("first_purchase_only").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("discount_codes_code_idx").on(table.code),
    check("discount_codes_one_reduction", sql`(${table.percentOff} is null) <> (${table.amountOffMinor} is null)`),
    check("discount_codes_percent", sql`${table.percentOff} is null or ${table.percentOff} between 1 and 99`),
    check("discount_codes_uses", sql`${table.taken} >= 0 and (${table.maxUses} is null or ${table.taken} <= ${table.maxUses})`),
  ],
);

/**
 * One use of a code by one checkout: held when the checkout starts, `paid` when Stripe says so,
 * given back (the row deleted, `taken` lowered) when it expires unpaid or could not be started.
 */
export const codeUses = pgTable(
  "code_uses",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    /** Null for a visitor's checkout (a gift); her use is counted, not kept with her account. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The address paying, lowercased, while the use is held: one address holds at most two uses of a code at once. */
    heldByEmail: text("held_by_email"),
    checkoutSessionId: text("checkout_session_id"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("code_uses_checkout_idx").on(table.checkoutSessionId),
    index("code_uses_code_idx").on(table.codeId),
    index("code_uses_user_idx").on(table.userId),
  ],
);

/**
 * A course or membership someone gave (docs/gifts.md): bought through Checkout (`pending` until
 * paid), `paid` and waiting for its day, `delivered` (the recipient's mail claimed once by the timed
 * work, on its day in the practice's zone), `opened` (its link used, once), or `refunded`. The
 * plan's name, courses and the months given are kept as bought: a later change to the plan does not
 * change a gift.
 */
export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id"),
    planName: text("plan_name").notNull(),
    courseIds: integer("course_ids").array().notNull(),
    /** How long the courses stay open from the day she opens it; null: for good (a one-time plan). */
    months: integer("months"),
    amountMinor: integer("amount_minor").notNull(),
    // What the giver paid beyond the plan's own price (a Supporter tier): the community places' fund.
    beyondPriceMinor: integer("beyond_price_minor").notNull().default(0),
    currency: text("currency").notNull(),
    giverName: text("giver_name").notNull(),
    giverEmail: text("giver_email").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    deliverOn: date("deliver_on").notNull(),
    /** The language the giver wrote in: her receipt, and the recipient's mail, are in it. */
    language: text("language").notNull(),
    status: text("status", { enum: ["pending", "paid", "delivered", "opened", "refunded"] })
      .notNull()
      .default("pending"),
    checkoutSessionId: text("checkout_session_id"),
    paymentIntentId: text("payment_intent_id"),
    /** The giver's link to change it before it is delivered (in her receipt), hashed. */
    changeHash: text("change_hash"),
    /** The recipient's link, hashed; cleared when used. */
    openHash: text("open_hash"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    openedBy: integer("opened_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("gifts_checkout_idx").on(table.checkoutSessionId),
    uniqueIndex("gifts_change_idx").on(table.changeHash),
    uniqueIndex("gifts_open_idx").on(table.openHash),
    index("gifts_due_idx").on(table.status, table.deliverOn),
    index("gifts_opened_by_idx").on(table.openedBy),
    // A refund made in Stripe's dashboard names the payment (charge.refunded).
    index("gifts_payment_intent_idx").on(table.paymentIntentId),
    check("gifts_months", sql`${table.months} is null or ${table.months} between 1 and 36`),
  ],
);

/**
 * Her birth registry (docs/gifts.md): an unlisted page, named by a link she shares, offering
 * chosen plans as gifts to her and contributions to her doula care. Goes with her account.
 */
export const registries = pgTable(
  "registries",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The page's address (`/registry/NAME`): her first name's letters and a random part, so it cannot be guessed. */
    name: text("name").notNull(),
    line: text("line").notNull().default(""),
    showDueMonth: boolean("show_due_month").notNull().default(false),
    planIds: integer("plan_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    care: boolean("care").notNull().default(false),
    /** Live classes a friend may give her a place in (paid ones, not begun). */
    classIds: integer("class_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("registries_member_idx").on(table.memberId), uniqueIndex("registries_name_idx").on(table.name)],
);

/**
 * A friend's gift through her registry: an amount towards her doula care, a plan or a class place given to her;
 * `pending` until Checkout is paid. A payment is a business record: with her account (and so her
 * registry) deleted, it stays without her (`registry_id` set null).
 */
export const registryContributions = pgTable(
  "registry_contributions",
  {
    id: serial("id").primaryKey(),
    registryId: integer("registry_id").references(() => registries.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ["care", "plan", "class"] }).notNull(),
    planId: integer("plan_id"),
    planName: text("plan_name"),
    courseIds: integer("course_ids")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** A place in a live class given to her: the place held in her name (the classes' registration) and the class's title. */
    classId: integer("class_id"),
    classRegistrationId: integer("class_registration_id"),
    classTitle: text("class_title"),
    /** A membership given for months; null: for good, or not a plan. */
    months: integer("months"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    giverName: text("giver_name").notNull(),
    giverEmail: text("giver_email").notNull(),
    message: text("message").notNull().default(""),
    /** Whether her page shows the giver's first name and message. */
    public: boolean("public").notNull().default(true),
    language: text("language").notNull(),
    status: text("status", { enum: ["pending", "paid", "refunded"] })
      .notNull()
      .default("pending"),
    checkoutSessionId: text("checkout_session_id"),
    paymentIntentId: text("payment_intent_id"),
    /** What was beyond what she owed her doula: credit the doula may refund. */
    creditMinor: integer("credit_minor").notNull().default(0),
    /** What a Supporter tier paid beyond the plan's or class's own price: the community places' fund counts it once paid. */
    beyondPriceMinor: integer("beyond_price_minor").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("registry_contributions_checkout_idx").on(table.checkoutSessionId),
    index("registry_contributions_registry_idx").on(table.registryId),
    check("registry_contributions_amount", sql`${table.amountMinor} > 0 and ${table.creditMinor} between 0 and ${table.amountMinor}`),
  ],
);

/**
 * A community place (docs/gifts.md): a membership the doula gave a family who asked, paid from what
 * Supporter tiers brought beyond the standard prices. Its cost stays in the fund's account when her
 * account goes (the member's id is set null): it is the practice's record of what the fund paid.
 */
export const communityPlaces = pgTable(
  "community_places",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    planId: integer("plan_id"),
    planName: text("plan_name").notNull(),
    /** How long the plan's courses stay open from the day given; null: for good (a one-time plan). */
    months: integer("months"),
    costMinor: integer("cost_minor").notNull(),
    currency: text("currency").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    /**
     * The address a place waits for (lowercased), while no account has proven it hers: anyone can
     * register with anyone's address. Its courses open when an account proves it (personal data's
     * `proven`); then user_id is set and this is cleared.
     */
    waitingFor: text("waiting_for"),
    /** The plan's courses as given, opened when a waiting place is claimed. */
    courseIds: integer("course_ids").array(),
  },
  (table) => [
    index("community_places_user_idx").on(table.userId),
    index("community_places_waiting_idx").on(table.waitingFor),
    check("community_places_cost", sql`${table.costMinor} > 0`),
  ],
);
