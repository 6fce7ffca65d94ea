import type { FastifyInstance } from "fastify";
import { codeHoldEnds } from "../lib/checkout-pricing.ts";
import { route } from "../http/endpoint-route.ts";
import type Stripe from "stripe";
import { type CatalogueReader, findPlan } from "../catalogue/catalogue-repository.ts";
import type { StripeConfig } from "../config.ts";
import { dataChanges } from "../db/data-changes.ts";
import type { Database } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { billingCustomerOf, findPurchase, purchasesOf, recordCheckoutStarted } from "./purchases-repository.ts";
import {
  createCheckoutSession,
  createPortalSession,
  createStripeClient,
  describeStripeFailure,
  paymentServiceUnavailable,
} from "./stripe-client.ts";
import type { MailSender } from "../mail/mail-sender.ts";
import type { MailContext } from "../mail/mail-templates.ts";
import type { SiteLanguage } from "../language/request-language.ts";
import { applyStripeEvent, type CodeReduction, type PaymentHooks, type PricedItem, type StripeEvent } from "./stripe-events.ts";
import type { Clock } from "../lib/clock.ts";
import { chosenTier } from "../lib/tiers.ts";
import { formattingLocales, type Language } from "../../../contract/languages.ts";
import { translatorFor } from "../language/catalogues.ts";
import { requireMember } from "../http/signed-in-member.ts";

type PaymentsOptions = {
  db: Database;
  catalogue: CatalogueReader;
  stripe: StripeConfig | null;
  publicUrl: string;
  mail: { sender: MailSender; context: MailContext };
  /** A receipt is in the buyer's language, else the site's (docs/languages.md). */
  siteLanguage: SiteLanguage;
  /** The checkouts other capabilities start (a booking's), the grants a purchase opens, and the pricing pipeline (payments/capability.ts). */
  hooks: PaymentHooks;
  clock: Clock;
};

/** Checkout's line for a code, in her language: "SPRING-25: 20% off". */
function reductionLine(reduction: CodeReduction, currency: string, language: Language): string {
  const off =
    reduction.percentOff !== null
      ? new Intl.NumberFormat(formattingLocales[language], { style: "percent" }).format(reduction.percentOff / 100)
      : new Intl.NumberFormat(formattingLocales[language], { style: "currency", currency }).format((reduction.amountOffMinor ?? 0) / 100);
  const i18n = translatorFor(language);
  return i18n._("{code}: {off} off", { code: reduction.code, off });
}

export async function paymentsRoutes(
  app: FastifyInstance,
  { db, catalogue, stripe: stripeConfig, publicUrl, mail, siteLanguage, hooks, clock }: PaymentsOptions,
) {
  const stripe = stripeConfig ? createStripeClient(stripeConfig) : null;
  const requireStripe = (): Stripe => {
    if (!stripe) throw new HttpError(404, "Online payment is not set up on this site. Please write to the instructor to join a plan.");
    return stripe;
  };
  const callStripe = async <T>(request: { log: FastifyInstance["log"] }, what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      request.log.error({ stripe: describeStripeFailure(error) }, `Stripe refused or did not answer: ${what}`);
      throw paymentServiceUnavailable();
    }
  };

  const holdCode = async (code: string | undefined, item: PricedItem, priceMinor: number, member: { id: number; email: string }) => {
    if (!code) return null;
    if (!hooks.pricing) throw new HttpError(400, "Codes are not taken on this site.");
    return hooks.pricing.hold({ code, item, priceMinor, userId: member.id, email: member.email, now: clock.now() });
  };

  route(app, "startCheckout", async ({ body }, request) => {
    const member = requireMember(request);
    const client = requireStripe();
    const { plan_id: planId, course_id: courseId } = body;
    const found = await findPlan(db, planId);
    if (!found) throw new HttpError(404, "That plan is no longer offered. Please go back to the Library and choose again.");
    // A course still in draft is not sold: the plan's checkout offers, and its purchase opens, what members can see.
    const published = await catalogue.publishedCourseIds();
    const plan = { ...found, courseIds: found.courseIds.filter((id) => published.has(id)) };
    if (plan.courseIds.length === 0) throw new HttpError(409, "This plan does not include any course yet, so there is nothing to buy.");
    const open = await catalogue.accessibleCourseIds(member);
    if (plan.courseIds.every((id) => open.has(id))) {
      throw new HttpError(409, "You already have every course of this plan, so there is nothing to pay for.");
    }
    // Read before calling Stripe: a database failure here is not the payment service's.
    const customerId = await billingCustomerOf(db, member.id);
    // Pay what you can: only the plan's own tiers are taken (docs/gifts.md).
    const tier = chosenTier(plan.tiers, body.tier, "That is not one of this plan's prices.");
    const price = tier?.price ?? plan.priceMinor;
    // A code: checked, priced and one use held here, before Stripe is asked.
    const held = await holdCode(body.code, { kind: "plan", id: plan.id }, price, member);
    const lines = [...(tier ? [tier.name] : []), ...(held ? [reductionLine(held.reduction, plan.currency, request.language)] : [])];
    let session: { id: string; url: string };
    try {
      session = await callStripe(request, "create a checkout session", () =>
        createCheckoutSession(client, {
          plan,
          member,
          customerId,
          publicUrl,
          courseId: courseId !== undefined && plan.courseIds.includes(courseId) ? courseId : plan.courseIds[0]!,
          ...(tier || held ? { reduced: { priceMinor: held?.priceMinor ?? price, line: lines.join(", ") } } : {}),
          // A code's use is held only while its Checkout is open (CODE_HOLD_MINUTES); without one Stripe's day applies.
          ...(held ? { expiresAt: codeHoldEnds(clock.now()) } : {}),
        }),
      );
    } catch (error) {
      if (held) await hooks.pricing!.giveBack(db, { holdId: held.holdId });
      throw error;
    }
    if (held) await hooks.pricing!.attach(held.holdId, session.id);
    await recordCheckoutStarted(db, { userId: member.id, plan, checkoutSessionId: session.id, amountMinor: held?.priceMinor ?? price });
    return { url: session.url };
  });

  route(app, "checkoutOutcome", async ({ params }, request) => {
    const member = requireMember(request);
    const { sessionId } = params;
    const purchase = await findPurchase(db, { checkoutSessionId: sessionId });
    // Someone else's checkout is answered as no checkout at all.
    if (!purchase || purchase.userId !== member.id) throw new HttpError(404, "That checkout does not exist.");
    const open = await catalogue.accessibleCourseIds(member);
    return {
      status: purchase.status,
      plan_name: purchase.planName,
      course_ids: purchase.courseIds,
      courses_open: purchase.status === "paid" && purchase.courseIds.every((id) => open.has(id)),
    };
  });

  route(app, "myPurchases", async (_input, request) => {
    const member = requireMember(request);
    const [rows, customerId] = await Promise.all([purchasesOf(db, member.id), billingCustomerOf(db, member.id)]);
    return {
      purchases: rows.map((row) => ({
        id: row.id,
        plan_name: row.planName,
        mode: row.mode,
        amount: row.amountMinor,
        currency: row.currency,
        status: row.status,
        created_at: row.createdAt.toISOString(),
      })),
      can_manage_billing: Boolean(stripe && customerId),
    };
  });

  route(app, "billingPortal", async (_input, request) => {
    const member = requireMember(request);
    const client = requireStripe();
    const customerId = await billingCustomerOf(db, member.id);
    if (!customerId) throw new HttpError(404, "There is no payment on your account yet, so there is no billing to manage.");
    const url = await callStripe(request, "open the billing portal", () => createPortalSession(client, customerId, `${publicUrl}/library`));
    return { url };
  });

  await app.register(stripeWebhookRoute, { db, stripe, webhookSecret: stripeConfig?.webhookSecret, mail, siteLanguage, hooks });
}

/**
 * Stripe's signed events. Registered in its own scope, where bodies stay raw bytes: the signature
 * covers the exact bytes Stripe sent, and parsing them first would lose what it signed.
 */
async function stripeWebhookRoute(
  app: FastifyInstance,
  options: {
    db: Database;
    stripe: Stripe | null;
    webhookSecret: string | undefined;
    mail: { sender: MailSender; context: MailContext };
    siteLanguage: SiteLanguage;
    hooks: PaymentHooks;
  },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  route(
    app,
    "stripeWebhook",
    async (_input, request) => {
      const { stripe, webhookSecret } = options;
      if (!stripe || !webhookSecret) throw new HttpError(404, "Online payment is not set up on this site.");
      const signature = request.headers["stripe-signature"];
      if (typeof signature !== "string" || !Buffer.isBuffer(request.body)) {
        throw new HttpError(400, "The Stripe-Signature header or the event body is missing.");
      }
      let event: StripeEvent;
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret) as unknown as StripeEvent;
      } catch {
        request.log.warn("a Stripe webhook call with a bad signature was refused");
        throw new HttpError(400, "The webhook signature does not match; the event was not applied.");
      }
      // The webhook comes without the buyer: a mail it causes is in her language, else the site's.
      const mailContext = { ...options.mail.context, language: await options.siteLanguage.current() };
      const outcome = await applyStripeEvent(options.db, event, request.log, mailContext, options.hooks);
      // The embedded database's in-memory grants must hear of it; PostgreSQL's are read every time.
      if (outcome === "handled") {
        dataChanges.emit("access");
        options.mail.sender.wake();
      }
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, "Stripe event received");
      return { received: true as const };
    },
    { sameOriginExemption: "signed-by-caller" },
  );
}
