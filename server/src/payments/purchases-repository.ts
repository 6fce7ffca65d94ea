import { and, asc, desc, eq, inArray, isNotNull, lt, ne, sql } from "drizzle-orm";
import type { PersonalData } from "../db/personal-data.ts";
import type { Queryable } from "../db/client.ts";
import { earlyClosures, purchasePayments, purchases, stripeEvents } from "./payments-schema.ts";
import type { findPlan } from "../catalogue/catalogue-repository.ts";
import { withMemberEmails } from "../accounts/users-repository.ts";

export type PurchaseRow = typeof purchases.$inferSelect;

/** A plan as it is sold now (the catalogue's findPlan), with its courses. */
export type PlanForSale = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

/** Records a checkout as started, copying what the plan is and costs at this moment. */
export async function recordCheckoutStarted(
  db: Queryable,
  input: {
    userId: number;
    plan: PlanForSale;
    checkoutSessionId: string;
    /** With a code, the reduced price Checkout charges. */ amountMinor?: number;
  },
): Promise<PurchaseRow> {
  const [row] = await db
    .insert(purchases)
    .values({
      userId: input.userId,
      planId: input.plan.id,
      planName: input.plan.name,
      mode: input.plan.billingInterval === "once" ? "payment" : "subscription",
      amountMinor: input.amountMinor ?? input.plan.priceMinor,
      beyondPriceMinor: Math.max(0, (input.amountMinor ?? input.plan.priceMinor) - input.plan.priceMinor),
      currency: input.plan.currency,
      courseIds: input.plan.courseIds,
      checkoutSessionId: input.checkoutSessionId,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await findPurchase(db, { checkoutSessionId: input.checkoutSessionId }))!;
}

export async function findPurchase(
  db: Queryable,
  by: { checkoutSessionId: string } | { subscriptionId: string } | { paymentIntentId: string },
): Promise<PurchaseRow | undefined> {
  const condition =
    "checkoutSessionId" in by
      ? eq(purchases.checkoutSessionId, by.checkoutSessionId)
      : "subscriptionId" in by
        ? eq(purchases.subscriptionId, by.subscriptionId)
        : eq(purchases.paymentIntentId, by.paymentIntentId);
  const [row] = await db.select().from(purchases).where(condition);
  return row;
}

export async function updatePurchase(db: Queryable, id: number, changes: Partial<typeof purchases.$inferInsert>): Promise<void> {
  await db.update(purchases).set(changes).where(eq(purchases.id, id));
}

/** Money in or out, once per Stripe object; a refund's row is replaced as further refunds add up. */
export async function recordPayment(
  db: Queryable,
  entry: { stripeObjectId: string; purchaseId: number; amountMinor: number; currency: string; occurredAt: Date },
): Promise<void> {
  await db
    .insert(purchasePayments)
    .values({ ...entry, currency: entry.currency.toUpperCase() })
    .onConflictDoUpdate({ target: purchasePayments.stripeObjectId, set: { amountMinor: entry.amountMinor } });
}

/** The member's purchases (checkouts she never finished left out), newest first. */
export function purchasesOf(db: Queryable, userId: number): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(purchases)
    .where(and(eq(purchases.userId, userId), ne(purchases.status, "pending")))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
}

/** The Stripe customer of the member's latest purchase, for the billing portal. */
export async function billingCustomerOf(db: Queryable, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: purchases.customerId })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), isNotNull(purchases.customerId)))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(1);
  return row?.customerId ?? undefined;
}

/** Every finished purchase for the instructor, newest first, with the member's e-mail. */
export async function listPurchases(db: Queryable) {
  const rows = await db
    .select({
      id: purchases.id,
      createdAt: purchases.createdAt,
      userId: purchases.userId,
      planName: purchases.planName,
      mode: purchases.mode,
      amountMinor: purchases.amountMinor,
      currency: purchases.currency,
      status: purchases.status,
    })
    .from(purchases)
    .where(ne(purchases.status, "pending"))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));
  return withMemberEmails(db, rows);
}

/** The plan each of these purchases bought (null for a plan since deleted), by purchase. */
/** Every purchase, as a subquery another feature filters by. */
export const everyPurchaseId = (db: Queryable) => db.select({ id: purchases.id }).from(purchases);

export async function planIdsOfPurchases(db: Queryable, purchaseIds: readonly number[]): Promise<Map<number, number | null>> {
  if (purchaseIds.length === 0) return new Map();
  const rows = await db
    .select({ id: purchases.id, planId: purchases.planId })
    .from(purchases)
    .where(inArray(purchases.id, [...purchaseIds]));
  return new Map(rows.map((row) => [row.id, row.planId]));
}

/** The plan each of these purchases bought, by purchase, in id order. */
export async function planNamesOfPurchases(
  db: Queryable,
  purchaseIds: readonly number[],
): Promise<{ purchaseId: number; planName: string }[]> {
  if (purchaseIds.length === 0) return [];
  return db
    .select({ purchaseId: purchases.id, planName: purchases.planName })
    .from(purchases)
    .where(inArray(purchases.id, [...purchaseIds]))
    .orderBy(asc(purchases.id));
}

/**
 * What members paid beyond their plans' own prices (Supporter tiers, docs/gifts.md), by currency:
 * each payment of a purchase not refunded, a subscription's renewals included.
 */
export async function paidBeyondPlanPrices(db: Queryable): Promise<{ currency: string; minor: number }[]> {
  return db
    .select({
      currency: purchasePayments.currency,
      minor: sql<number>`coalesce(sum(${purchases.beyondPriceMinor}), 0)`.mapWith(Number),
    })
    .from(purchasePayments)
    .innerJoin(purchases, eq(purchases.id, purchasePayments.purchaseId))
    .where(and(sql`${purchasePayments.amountMinor} > 0`, ne(purchases.status, "refunded"), sql`${purchases.beyondPriceMinor} > 0`))
    .groupBy(purchasePayments.currency);
}

/** Payments and refunds summed by calendar month (UTC) and currency, newest month first. */
export async function revenueByMonth(db: Queryable) {
  const month = sql<string>`to_char(${purchasePayments.occurredAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      currency: purchasePayments.currency,
      payments: sql<number>`count(*) filter (where ${purchasePayments.amountMinor} > 0)`.mapWith(Number),
      refunds: sql<number>`count(*) filter (where ${purchasePayments.amountMinor} < 0)`.mapWith(Number),
      netMinor: sql<number>`sum(${purchasePayments.amountMinor})`.mapWith(Number),
    })
    .from(purchasePayments)
    .groupBy(month, purchasePayments.currency)
    .orderBy(desc(month), purchasePayments.currency);
  return rows;
}

/**
 * Stripe redelivers an event for three days at most, so handled event ids older than a month can
 * go; so can early closures that no checkout ever claimed (refunds of subscription invoices, say).
 */
export async function forgetOldStripeRecords(db: Queryable, now = new Date()): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  await db.delete(stripeEvents).where(lt(stripeEvents.createdAt, monthAgo));
  await db.delete(earlyClosures).where(lt(earlyClosures.createdAt, monthAgo));
}

/** Her purchases, in her data download; they stay after her account goes, as the instructor's record of a payment, without her. */
export const purchasesPersonalData = (db: Queryable): PersonalData => ({
  key: "purchases",
  export: async (member) =>
    (await purchasesOf(db, member.id)).map((purchase) => ({
      plan: purchase.planName,
      amount_minor: purchase.amountMinor,
      currency: purchase.currency,
      status: purchase.status,
      created_at: purchase.createdAt.toISOString(),
      paid_at: purchase.paidAt?.toISOString() ?? null,
    })),
});
