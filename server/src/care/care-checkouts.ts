import type { FastifyBaseLogger } from "fastify";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import type { Clock } from "../lib/clock.ts";
import { chargedAsAsked, type OneOffPayments } from "../lib/one-off-payments.ts";
import { type CheckoutPricing, checkoutExpiry } from "../lib/checkout-pricing.ts";
import { careAgreements, careCheckoutSessions, carePackages, carePayments, careRecords } from "./care-schema.ts";
import { notifyPaidOnline, recordReceipt } from "./care-repository.ts";

// Her deposit and instalments paid online (docs/care.md): a one-off Stripe Checkout per payment,
// whose completion the payments webhook hands back here (its manifest lists this as a CheckoutOwner).

export type CareCheckoutDeps = {
  db: Database;
  clock: Clock;
  payments: OneOffPayments | null;
  publicUrl: string;
  /** A code the doula gave out, for this package (docs/gifts.md): payments' pricing pipeline. */
  pricing?: CheckoutPricing;
};

const CHECKOUT_MINUTES = 60;

/** Opens Checkout for one of her payments: hers, signed for, and neither paid nor waived. */
export async function startPaymentCheckout(
  deps: CareCheckoutDeps,
  member: { id: number; email: string },
  recordId: number,
  paymentId: number,
  log: FastifyBaseLogger,
  chosen: { code?: string; tier?: string | number } = {},
): Promise<{ url: string }> {
  const [row] = await deps.db
    .select({ payment: carePayments, packageName: carePackages.name, packageId: carePackages.id, signedAt: careAgreements.signedAt })
    .from(carePayments)
    .innerJoin(careRecords, eq(careRecords.id, carePayments.recordId))
    .innerJoin(carePackages, eq(carePackages.id, careRecords.packageId))
    .innerJoin(careAgreements, eq(careAgreements.recordId, careRecords.id))
    .where(and(eq(carePayments.id, paymentId), eq(carePayments.recordId, recordId), eq(careRecords.memberId, member.id)));
  if (!row) throw new HttpError(404, "There is no such payment in your client space.");
  if (!deps.payments) throw new HttpError(404, "Online payment is not set up: please pay as agreed with your doula.");
  if (row.payment.paidAt || row.payment.waived) throw new HttpError(409, "This payment is settled already. Thank you.");
  if (!row.signedAt) throw new HttpError(409, "Please sign your agreement first: paying follows it.");
  // A package has one price: pay what you can is for plans (docs/gifts.md).
  if (chosen.tier !== undefined && chosen.tier !== "") throw new HttpError(400, "That is not one of this package's prices.");
  // What her registry paid of it already is not asked again.
  const rest = row.payment.amountMinor - row.payment.fromRegistryMinor;
  if (chosen.code && !deps.pricing) throw new HttpError(400, "Codes are not taken on this site.");
  const held = chosen.code
    ? await deps.pricing!.hold({
        code: chosen.code,
        item: { kind: "package", id: row.packageId },
        priceMinor: rest,
        userId: member.id,
        email: member.email,
        now: deps.clock.now(),
      })
    : null;
  // Her earlier Checkout for this payment, still open (another tab, a page left open): ended first,
  // so she can pay once. One Stripe says it no longer holds open was paid or lapsed: its webhook settles it.
  for (const earlier of await openCheckoutsOf(deps.db, paymentId)) {
    const expired = await deps.payments.expire(earlier.sessionId).catch((error: unknown) => {
      log.warn({ err: error, carePaymentId: paymentId }, "care: an earlier checkout could not be expired");
      return false;
    });
    if (expired)
      await deps.db
        .update(careCheckoutSessions)
        .set({ status: "expired", settledAt: deps.clock.now() })
        .where(and(eq(careCheckoutSessions.id, earlier.id), eq(careCheckoutSessions.status, "open")));
  }
  const amountMinor = held?.priceMinor ?? rest;
  try {
    const checkout = await deps.payments.checkout({
      metadata: { care_payment_id: String(paymentId) },
      description: held ? `${row.packageName} (${held.reduction.code})` : row.packageName,
      amountMinor,
      currency: row.payment.currency,
      email: member.email,
      expiresAt: checkoutExpiry(deps.clock.now(), held, CHECKOUT_MINUTES),
      successUrl: `${deps.publicUrl}/care?paid=${paymentId}`,
      cancelUrl: `${deps.publicUrl}/care`,
    });
    await deps.db.insert(careCheckoutSessions).values({
      paymentId,
      sessionId: checkout.id,
      amountMinor,
      currency: row.payment.currency.toUpperCase(),
      code: held?.reduction.code ?? null,
      openedAt: deps.clock.now(),
    });
    if (held) await deps.pricing!.attach(held.holdId, checkout.id);
    return { url: checkout.url };
  } catch (error) {
    if (held) await deps.pricing!.giveBack(deps.db, { holdId: held.holdId });
    log.warn({ err: error, carePaymentId: paymentId }, "care: the checkout could not be started");
    throw new HttpError(502, "The payment page could not be opened just now. Nothing was charged; please try again in a moment.");
  }
}

const openCheckoutsOf = (db: Queryable, paymentId: number) =>
  db
    .select({ id: careCheckoutSessions.id, sessionId: careCheckoutSessions.sessionId })
    .from(careCheckoutSessions)
    .where(and(eq(careCheckoutSessions.paymentId, paymentId), eq(careCheckoutSessions.status, "open")));

/**
 * The payments webhook's hook: a completed Checkout settles its payment, once. Every paid session
 * is recorded (care_checkouts): the one that settles its payment is `paid`; one paid for a payment
 * settled meanwhile (another tab's Checkout, her registry's credit, the doula's "paid by hand") is
 * kept `unapplied`, shown in Studio → Clients for the doula to refund, and logged at warn. A session
 * whose amount or currency is not what it was opened for settles nothing and is logged at error.
 */
export function careCheckouts(deps: Pick<CareCheckoutDeps, "clock">) {
  return {
    owns: (metadata: Record<string, string>) => "care_payment_id" in metadata,
    completed: async (
      tx: Queryable,
      session: { id: string; paymentIntent: string | null; amountTotal: number | null; currency: string | null },
      log: FastifyBaseLogger,
    ) => {
      const now = deps.clock.now();
      const [checkout] = await tx.select().from(careCheckoutSessions).where(eq(careCheckoutSessions.sessionId, session.id)).for("update");
      if (!checkout) return log.error({ checkoutSession: session.id }, "care: a completed checkout that no care payment opened");
      if (checkout.status === "paid" || checkout.status === "unapplied" || checkout.status === "refunded")
        return log.info({ checkoutSession: session.id }, "care: a completed checkout recorded already");
      if (!chargedAsAsked(session, checkout))
        return log.error(
          {
            checkoutSession: session.id,
            carePaymentId: checkout.paymentId,
            expected: { amount: checkout.amountMinor, currency: checkout.currency },
            charged: { amount: session.amountTotal, currency: session.currency },
          },
          "care: a completed checkout charged another amount than it was opened for; nothing is settled",
        );
      const [paid] = await tx
        .update(carePayments)
        .set({ paidAt: now, paymentIntentId: session.paymentIntent })
        .where(and(eq(carePayments.id, checkout.paymentId), isNull(carePayments.paidAt)))
        .returning();
      await tx
        .update(careCheckoutSessions)
        .set({ status: paid ? "paid" : "unapplied", paymentIntentId: session.paymentIntent, settledAt: now })
        .where(eq(careCheckoutSessions.id, checkout.id));
      if (!paid)
        return log.warn(
          { checkoutSession: session.id, carePaymentId: checkout.paymentId, amount: checkout.amountMinor, currency: checkout.currency },
          "care: a checkout was paid for a payment settled already; it is kept unapplied, for the doula to refund from Studio → Clients",
        );
      // What Stripe charged is what came in: after a code, less than the payment's amount.
      await recordReceipt(
        tx,
        { paymentId: paid.id, source: "stripe", amountMinor: checkout.amountMinor, currency: paid.currency, code: checkout.code },
        now,
      );
      await notifyPaidOnline(tx, paid, { minor: checkout.amountMinor, currency: paid.currency }, now);
      if (paid.waived) log.error({ carePaymentId: paid.id }, "care: a waived payment was paid online; refund it in Stripe");
      if (paid.kind === "deposit")
        await tx
          .update(careRecords)
          .set({ stage: "deposit_paid" })
          .where(and(eq(careRecords.id, paid.recordId), inArray(careRecords.stage, ["invited", "signed"])));
    },
    expired: async (tx: Queryable, session: { id: string }) => {
      await tx
        .update(careCheckoutSessions)
        .set({ status: "expired", settledAt: deps.clock.now() })
        .where(and(eq(careCheckoutSessions.sessionId, session.id), eq(careCheckoutSessions.status, "open")));
    },
  };
}
