import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { users } from "../accounts/accounts-schema.ts";

// The tables this feature owns (docs/architecture.md, "Tables"): other features reach their rows through its repository.

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
    // What each payment of it brings beyond the plan's own price (a Supporter tier, docs/gifts.md):
    // the community places' fund.
    beyondPriceMinor: integer("beyond_price_minor").notNull().default(0),
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
