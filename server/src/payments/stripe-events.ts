import { findUserById } from "../accounts/users-repository.ts";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Database, Queryable } from "../db/client.ts";
import { earlyClosures, purchases, stripeEvents } from "./payments-schema.ts";
import { HttpError } from "../http/errors.ts";
import { type MailContext, recipientLanguage } from "../mail/mail-templates.ts";
import { findPlan } from "../catalogue/catalogue-repository.ts";
import { purchaseReceiptMail } from "./payment-mails.ts";
import { queueMail } from "../mail/outbox.ts";
import type { CheckoutPricing } from "../lib/checkout-pricing.ts";
import { findPurchase, type PurchaseRow, recordCheckoutStarted, recordPayment, updatePurchase } from "./purchases-repository.ts";

// The parts of Stripe's objects this server reads. Stripe's webhook endpoints may be pinned to an
// older API version than the SDK's, so where a field moved between versions both places are read.

/** An expandable field: an id, or the object itself when expanded. */
const StripeReference = z
  .union([z.string(), z.object({ id: z.string() }).loose()])
  .nullish()
  .transform((value) => (value == null ? null : typeof value === "string" ? value : value.id));

const CheckoutSession = z
  .object({
    id: z.string(),
    mode: z.string(),
    payment_status: z.string(),
    amount_total: z.number().int().nullish(),
    currency: z.string().nullish(),
    customer: StripeReference,
    subscription: StripeReference,
    payment_intent: StripeReference,
    invoice: StripeReference,
    metadata: z.record(z.string(), z.string()).nullish(),
  })
  .loose();

const Invoice = z
  .object({
    id: z.string(),
    amount_paid: z.number().int(),
    currency: z.string(),
    created: z.number().int(),
    subscription: StripeReference,
    parent: z
      .object({ subscription_details: z.object({ subscription: StripeReference }).loose().nullish() })
      .loose()
      .nullish(),
  })
  .loose();

const Subscription = z
  .object({
    id: z.string(),
    current_period_end: z.number().int().nullish(),
    ended_at: z.number().int().nullish(),
    items: z
      .object({ data: z.array(z.object({ current_period_end: z.number().int().nullish() }).loose()) })
      .loose()
      .nullish(),
  })
  .loose();

const Charge = z
  .object({
    id: z.string(),
    payment_intent: StripeReference,
    amount_refunded: z.number().int(),
    refunded: z.boolean(),
    currency: z.string(),
  })
  .loose();

export type StripeEvent = { id: string; type: string; created: number; data: { object: unknown } };
export type EventOutcome = "handled" | "duplicate" | "ignored";

/**
 * A feature that starts checkouts of its own (a booking's) and says which by their metadata; the
 * webhook hands it their completion and expiry instead of treating them as purchases of a plan.
 */
export type CheckoutOwner = {
  owns: (metadata: Record<string, string>) => boolean;
  /**
   * A paid Checkout of this owner's. `amountTotal` and `currency` are what Stripe charged: an owner
   * that recorded what it asked for compares them before it settles anything.
   */
  completed: (
    tx: Queryable,
    session: { id: string; paymentIntent: string | null; amountTotal: number | null; currency: string | null },
    log: FastifyBaseLogger,
  ) => Promise<void>;
  expired: (tx: Queryable, session: { id: string }) => Promise<void>;
  /**
   * A charge refunded in Stripe's dashboard (`charge.refunded`): whether the payment is this
   * owner's (so it marks what the refund undoes); a purchase's refunds payments handles itself.
   */
  refunded?: (tx: Queryable, charge: { paymentIntent: string; whole: boolean }, log: FastifyBaseLogger) => Promise<boolean>;
};

/**
 * What a paid purchase opens and an ended one closes: a service the grants capability offers, so
 * payments sits below grants (whose rows name a purchase) instead of beside it.
 */
export type PurchaseGrants = {
  open: (tx: Queryable, purchase: { id: number; userId: number }, courseIds: number[], endsAt?: Date | null) => Promise<void>;
  close: (tx: Queryable, purchaseId: number, endsAt: Date) => Promise<void>;
};

export type { CheckoutPricing, CodeReduction, PricedItem } from "../lib/checkout-pricing.ts";

/** What other features hand the webhook: the checkouts they own, the grants a purchase opens, and the codes' pricing. */
export type PaymentHooks = { owners: readonly CheckoutOwner[]; grants: PurchaseGrants; pricing?: CheckoutPricing };

type Handler = (
  tx: Queryable,
  object: unknown,
  event: StripeEvent,
  log: FastifyBaseLogger,
  mail: MailContext,
  hooks: PaymentHooks,
) => Promise<void>;

const handlers: Record<string, Handler> = {
  "checkout.session.completed": completeCheckout,
  // Bank debits and vouchers complete the checkout first and pay later.
  "checkout.session.async_payment_succeeded": completeCheckout,
  "checkout.session.expired": forgetUnfinishedCheckout,
  // A bank debit that completed the checkout and then failed: nothing was bought, as if it had expired.
  "checkout.session.async_payment_failed": forgetUnfinishedCheckout,
  "invoice.paid": keepSubscriptionOpen,
  "customer.subscription.deleted": endSubscription,
  "charge.refunded": refundPurchase,
};

/**
 * Applies one verified Stripe event, once: its id is stored in the same transaction as its
 * effects, so a replayed or duplicated delivery (to this or another app server) changes nothing.
 */
export async function applyStripeEvent(
  db: Database,
  event: StripeEvent,
  log: FastifyBaseLogger,
  mail: MailContext,
  hooks: PaymentHooks,
): Promise<EventOutcome> {
  const handler = handlers[event.type];
  if (!handler) return "ignored";
  return db.transaction(async (tx) => {
    // A second delivery of the same event waits here for the first transaction, then finds its row.
    const fresh = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (fresh.length === 0) return "duplicate";
    try {
      await handler(tx, event.data.object, event, log, mail, hooks);
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error;
      log.error(
        { stripeEvent: event.id, type: event.type, problems: error.issues.slice(0, 5) },
        "a Stripe event of a known type had an unexpected shape",
      );
      throw new HttpError(400, "The event's object does not have the fields this site reads; it was not applied.");
    }
    return "handled";
  });
}

/**
 * Serialises the events about one Stripe object across app servers, so that a checkout and the
 * cancellation racing it cannot both miss each other.
 */
async function lockStripeObjects(tx: Queryable, ids: (string | null)[]): Promise<void> {
  for (const id of ids.filter((value): value is string => Boolean(value)).sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stripe:${id}`}))`);
  }
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);

async function completeCheckout(
  tx: Queryable,
  object: unknown,
  event: StripeEvent,
  log: FastifyBaseLogger,
  mail: MailContext,
  { owners, grants, pricing }: PaymentHooks,
): Promise<void> {
  const session = CheckoutSession.parse(object);
  // A code's use held by this checkout is spent with its payment (docs/gifts.md).
  if (session.payment_status === "paid") await pricing?.paid(tx, session.id, fromUnix(event.created));
  const owner = owners.find((candidate) => candidate.owns(session.metadata ?? {}));
  if (owner) {
    await lockStripeObjects(tx, [session.id]);
    if (session.payment_status === "paid")
      await owner.completed(
        tx,
        {
          id: session.id,
          paymentIntent: session.payment_intent,
          amountTotal: session.amount_total ?? null,
          currency: session.currency ?? null,
        },
        log,
      );
    return;
  }
  if (session.payment_status !== "paid") {
    log.info({ checkoutSession: session.id, paymentStatus: session.payment_status }, "checkout completed, payment still on its way");
    return;
  }
  await lockStripeObjects(tx, [session.id, session.subscription, session.payment_intent]);
  const purchase = (await findPurchase(tx, { checkoutSessionId: session.id })) ?? (await purchaseFromMetadata(tx, session, log));
  if (!purchase) return;
  if (purchase.status !== "pending") return;

  const paidAmount = session.amount_total ?? null;
  const paidCurrency = session.currency?.toUpperCase() ?? null;
  if (paidAmount !== purchase.amountMinor || paidCurrency !== purchase.currency.toUpperCase()) {
    await updatePurchase(tx, purchase.id, {
      status: "amount_mismatch",
      customerId: session.customer,
      subscriptionId: session.subscription,
      paymentIntentId: session.payment_intent,
    });
    log.error(
      {
        purchaseId: purchase.id,
        checkoutSession: session.id,
        expected: `${purchase.amountMinor} ${purchase.currency}`,
        received: `${paidAmount} ${paidCurrency}`,
      },
      "a checkout was paid with an amount or currency other than the plan's: no course was opened; check it in Stripe",
    );
    return;
  }

  const paidAt = fromUnix(event.created);
  await updatePurchase(tx, purchase.id, {
    status: "paid",
    paidAt,
    customerId: session.customer,
    subscriptionId: session.subscription,
    paymentIntentId: session.payment_intent,
  });
  // A subscription's first invoice is also announced by invoice.paid: both name the invoice, so it counts once.
  await recordPayment(tx, {
    stripeObjectId: session.invoice ?? session.payment_intent ?? session.id,
    purchaseId: purchase.id,
    amountMinor: paidAmount,
    currency: paidCurrency,
    occurredAt: paidAt,
  });

  const member = purchase.userId;
  if (member === null) {
    log.warn({ purchaseId: purchase.id }, "a checkout was paid by a member who has since deleted her account: nothing to open");
    return;
  }
  const closure = await takeEarlyClosure(tx, [session.subscription, session.payment_intent]);
  if (!closure) {
    await grants.open(tx, { id: purchase.id, userId: member }, purchase.courseIds);
    // The receipt is written with the grants it announces: both happen, or neither.
    const buyer = await findUserById(tx, member);
    if (buyer)
      await queueMail(
        tx,
        purchaseReceiptMail(
          buyer.email,
          buyer.firstName,
          { plan: purchase.planName, amountMinor: paidAmount, currency: paidCurrency, paidAt },
          // Her account's language: the webhook that pays comes without her.
          { ...mail, language: recipientLanguage(buyer.language, mail) },
        ),
      );
    return;
  }
  if (closure.kind === "refunded") {
    await updatePurchase(tx, purchase.id, { status: "refunded", closedAt: closure.createdAt });
    if (closure.amountMinor) {
      await recordPayment(tx, {
        stripeObjectId: `refund:${session.payment_intent}`,
        purchaseId: purchase.id,
        amountMinor: -closure.amountMinor,
        currency: closure.currency ?? paidCurrency,
        occurredAt: closure.createdAt,
      });
    }
    return;
  }
  await updatePurchase(tx, purchase.id, { status: "canceled", closedAt: closure.createdAt });
  if (closure.endsAt.getTime() > Date.now()) await grants.open(tx, { id: purchase.id, userId: member }, purchase.courseIds, closure.endsAt);
}

/** A checkout this server has no record of (its row was lost, say): rebuilt from the metadata it attached. */
async function purchaseFromMetadata(
  tx: Queryable,
  session: z.infer<typeof CheckoutSession>,
  log: FastifyBaseLogger,
): Promise<PurchaseRow | undefined> {
  const memberId = Number(session.metadata?.member_id);
  const planId = Number(session.metadata?.plan_id);
  if (!Number.isInteger(memberId) || !Number.isInteger(planId)) {
    log.info({ checkoutSession: session.id }, "a checkout without this site's metadata was ignored");
    return undefined;
  }
  const member = await findUserById(tx, memberId);
  const plan = await findPlan(tx, planId);
  if (!member || !plan) {
    log.error(
      { checkoutSession: session.id, memberId, planId },
      "a paid checkout names a member or plan that no longer exists: no course was opened; check it in Stripe",
    );
    return undefined;
  }
  return recordCheckoutStarted(tx, { userId: member.id, plan, checkoutSessionId: session.id });
}

async function takeEarlyClosure(tx: Queryable, ids: (string | null)[]) {
  for (const id of ids) {
    if (!id) continue;
    const [closure] = await tx.delete(earlyClosures).where(eq(earlyClosures.stripeObjectId, id)).returning();
    if (closure) return closure;
  }
  return undefined;
}

/** A checkout left unpaid until Stripe closed it: nothing was bought, so nothing is kept. */
async function forgetUnfinishedCheckout(
  tx: Queryable,
  object: unknown,
  _event: StripeEvent,
  _log: FastifyBaseLogger,
  _mail: MailContext,
  { owners, pricing }: PaymentHooks,
): Promise<void> {
  const session = CheckoutSession.parse(object);
  await lockStripeObjects(tx, [session.id]);
  // Unpaid: a code's use it held is free for someone else.
  await pricing?.giveBack(tx, { checkoutSessionId: session.id });
  const owner = owners.find((candidate) => candidate.owns(session.metadata ?? {}));
  if (owner) return owner.expired(tx, { id: session.id });
  await tx.delete(purchases).where(and(eq(purchases.checkoutSessionId, session.id), eq(purchases.status, "pending")));
}

async function keepSubscriptionOpen(
  tx: Queryable,
  object: unknown,
  _event: StripeEvent,
  log: FastifyBaseLogger,
  _mail: MailContext,
  { grants }: PaymentHooks,
): Promise<void> {
  const invoice = Invoice.parse(object);
  const subscriptionId = invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
  if (!subscriptionId) return;
  await lockStripeObjects(tx, [subscriptionId]);
  const purchase = await findPurchase(tx, { subscriptionId });
  if (!purchase) {
    // The first invoice usually comes before its checkout; the checkout counts it and opens the courses.
    log.info({ invoice: invoice.id }, "an invoice for a subscription not yet known was left to its checkout");
    return;
  }
  if (invoice.amount_paid > 0) {
    await recordPayment(tx, {
      stripeObjectId: invoice.id,
      purchaseId: purchase.id,
      amountMinor: invoice.amount_paid,
      currency: invoice.currency,
      occurredAt: fromUnix(invoice.created),
    });
  }
  if (purchase.status === "paid" && purchase.userId !== null)
    await grants.open(tx, { id: purchase.id, userId: purchase.userId }, purchase.courseIds);
}

async function endSubscription(
  tx: Queryable,
  object: unknown,
  _event: StripeEvent,
  _log: FastifyBaseLogger,
  _mail: MailContext,
  { grants }: PaymentHooks,
): Promise<void> {
  const subscription = Subscription.parse(object);
  await lockStripeObjects(tx, [subscription.id]);
  const periodEnds = [subscription.current_period_end, ...(subscription.items?.data.map((item) => item.current_period_end) ?? [])].filter(
    (value): value is number => typeof value === "number",
  );
  // She keeps what she paid for: the courses close when the paid period ends, not before.
  const endsAt = new Date(Math.max(Date.now(), ...periodEnds.map((seconds) => seconds * 1000)));
  const purchase = await findPurchase(tx, { subscriptionId: subscription.id });
  if (!purchase) {
    await tx
      .insert(earlyClosures)
      .values({ stripeObjectId: subscription.id, kind: "subscription_ended", endsAt })
      .onConflictDoUpdate({ target: earlyClosures.stripeObjectId, set: { endsAt } });
    return;
  }
  if (purchase.status !== "paid") return;
  await updatePurchase(tx, purchase.id, { status: "canceled", closedAt: new Date() });
  await grants.close(tx, purchase.id, endsAt);
}

async function refundPurchase(
  tx: Queryable,
  object: unknown,
  _event: StripeEvent,
  log: FastifyBaseLogger,
  _mail: MailContext,
  { grants, owners }: PaymentHooks,
): Promise<void> {
  const charge = Charge.parse(object);
  if (!charge.payment_intent) return;
  await lockStripeObjects(tx, [charge.payment_intent]);
  const purchase = await findPurchase(tx, { paymentIntentId: charge.payment_intent });
  if (!purchase) {
    for (const owner of owners) {
      if (await owner.refunded?.(tx, { paymentIntent: charge.payment_intent, whole: charge.refunded }, log)) return;
    }
    if (charge.refunded) {
      await tx
        .insert(earlyClosures)
        .values({
          stripeObjectId: charge.payment_intent,
          kind: "refunded",
          endsAt: new Date(),
          amountMinor: charge.amount_refunded,
          currency: charge.currency.toUpperCase(),
        })
        .onConflictDoNothing();
    }
    return;
  }
  await recordPayment(tx, {
    stripeObjectId: `refund:${charge.payment_intent}`,
    purchaseId: purchase.id,
    amountMinor: -charge.amount_refunded,
    currency: charge.currency,
    occurredAt: new Date(),
  });
  // A partial refund is a goodwill gesture, not a return: the course stays open.
  if (!charge.refunded) {
    log.info({ purchaseId: purchase.id, refunded: charge.amount_refunded }, "a purchase was partly refunded; its courses stay open");
    return;
  }
  if (purchase.mode !== "payment" || purchase.status !== "paid") return;
  await updatePurchase(tx, purchase.id, { status: "refunded", closedAt: new Date() });
  await grants.close(tx, purchase.id, new Date());
}
