import type { OneOffPayments } from "../lib/one-off-payments.ts";
import Stripe from "stripe";
import type { StripeConfig } from "../config.ts";
import { HttpError } from "../http/errors.ts";
import type { PlanForSale } from "./purchases-repository.ts";

/** Stripe's SDK, pointed at STRIPE_API_URL when it is set (the tests' stand-in for Stripe's API). */
export function createStripeClient(config: StripeConfig): Stripe {
  const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
}

/**
 * A Checkout Session for one plan. Price, currency and mode come from the plan on this server;
 * the member's id and the plan's travel as metadata so that the webhook can rebuild the purchase.
 */
export async function createCheckoutSession(
  stripe: Stripe,
  input: {
    plan: PlanForSale;
    member: { id: number; email: string };
    customerId: string | undefined;
    publicUrl: string;
    courseId: number;
    /** With a tier or a code: the price to charge, and the line that names them. */
    reduced?: { priceMinor: number; line: string };
    /** When the Checkout lapses (a code's hold); Stripe's own day when not given. */
    expiresAt?: Date;
  },
): Promise<{ id: string; url: string }> {
  const { plan, member, reduced } = input;
  const recurring = plan.billingInterval === "once" ? undefined : { interval: plan.billingInterval };
  const metadata = { member_id: String(member.id), plan_id: String(plan.id) };
  const session = await stripe.checkout.sessions.create({
    mode: recurring ? "subscription" : "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: plan.currency.toLowerCase(),
          unit_amount: reduced?.priceMinor ?? plan.priceMinor,
          product_data: {
            name: reduced ? `${plan.name} (${reduced.line})` : plan.name,
            ...(plan.description ? { description: plan.description } : {}),
          },
          ...(recurring ? { recurring } : {}),
        },
      },
    ],
    client_reference_id: String(member.id),
    metadata,
    ...(input.customerId ? { customer: input.customerId } : { customer_email: member.email }),
    ...(recurring
      ? { subscription_data: { metadata } }
      : // A customer record lets her open the billing portal for receipts later.
        { payment_intent_data: { metadata }, ...(input.customerId ? {} : { customer_creation: "always" as const }) }),
    ...(input.expiresAt ? { expires_at: Math.floor(input.expiresAt.getTime() / 1000) } : {}),
    success_url: `${input.publicUrl}/purchase/success?course=${input.courseId}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${input.publicUrl}/purchase?course=${input.courseId}&checkout=cancelled`,
  });
  if (!session.url) throw new Error(`Stripe created checkout session ${session.id} without a URL`);
  return { id: session.id, url: session.url };
}

/**
 * One-off payments as bookings and classes use them: a Checkout that expires with the hold on her
 * time or place (its metadata says whose it is), and a full refund, made once whatever the retries.
 */
export function oneOffPayments(config: StripeConfig): OneOffPayments {
  const stripe = createStripeClient(config);
  return {
    checkout: async (input) => {
      const { metadata } = input;
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountMinor,
              product_data: { name: input.description },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        customer_email: input.email,
        expires_at: Math.floor(input.expiresAt.getTime() / 1000),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe created checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },
    expire: async (sessionId: string) => {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is not open: it was paid or had expired already.
        if ((error as { type?: string }).type === "StripeInvalidRequestError") return false;
        throw error;
      }
    },
    refund: async (paymentIntentId: string, idempotencyKey: string, amountMinor?: number) => {
      await stripe.refunds.create({ payment_intent: paymentIntentId, ...(amountMinor ? { amount: amountMinor } : {}) }, { idempotencyKey });
    },
  };
}

/** Stripe's billing portal, where she changes her card or cancels a subscription. */
export async function createPortalSession(stripe: Stripe, customerId: string, returnUrl: string): Promise<string> {
  const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
  return portal.url;
}

/** What may be logged of a failed call to Stripe: its kind and code, never a key. */
export function describeStripeFailure(error: unknown): Record<string, unknown> {
  if (error instanceof Stripe.errors.StripeError) {
    return {
      type: error.type,
      code: error.code,
      statusCode: error.statusCode,
      requestId: error.requestId,
      message: withoutSecrets(error.message),
    };
  }
  return { message: withoutSecrets(error instanceof Error ? error.message : String(error)) };
}

const withoutSecrets = (text: string) => text.replace(/\b(sk|rk|whsec)_[A-Za-z0-9_]+/g, "$1_[redacted]");

export const paymentServiceUnavailable = () =>
  new HttpError(
    503,
    "We could not reach the payment service just now. Nothing was charged. Please try again in a few minutes.",
    undefined,
    { "retry-after": "60" },
  );
