import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// Stripe's API cannot be reached from here, so the tests run this local server in its place,
// reached through STRIPE_API_URL like any other Stripe host: the SDK and our code run unchanged.
// It answers the calls this site makes, keeps what was sent, and serves a checkout page whose
// Pay link returns to the success URL as Stripe's hosted page does.

export const STAND_IN_SECRET_KEY = "sk_test_standInSecretKey4242424242";
export const STAND_IN_WEBHOOK_SECRET = "whsec_standInWebhookSecret4242";

export type StandInRequest = { method: string; path: string; authorization: string | undefined; form: Record<string, string> };
export type StandInSession = {
  id: string;
  mode: string;
  amount_total: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  subscription: string | null;
  payment_intent: string | null;
  invoice: string | null;
  /** Open until paid (a completed event made with checkoutCompleted) or expired (Stripe's expire call). */
  status: "open" | "expired" | "complete";
};

export type StripeStandIn = {
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  /** The refunds asked for, once per idempotency key as Stripe keeps them. */
  refunds: { id: string; payment_intent: string; idempotencyKey: string | undefined; amount?: number }[];
  /** Answer the next calls with this Stripe error (status and message) instead, until cleared. */
  failWith: (failure: { status: number; message: string } | null) => void;
  close: () => Promise<void>;
};

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return Object.fromEntries(new URLSearchParams(text));
}

function metadataOf(form: Record<string, string>, prefix = "metadata"): Record<string, string> {
  const entries = Object.entries(form).flatMap(([key, value]) => {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[([^\\]]+)\\]$`));
    return match ? [[match[1]!, value] as const] : [];
  });
  return Object.fromEntries(entries);
}

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? STAND_IN_SECRET_KEY;
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds: StripeStandIn["refunds"] = [];
  let failure: { status: number; message: string } | null = null;
  let base = "";

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json", "request-id": newId("req") });
    response.end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", base);
      const form = request.method === "POST" ? await readForm(request) : {};
      if (url.pathname.startsWith("/v1/")) {
        requests.push({ method: request.method ?? "", path: url.pathname, authorization: request.headers.authorization, form });
        if (failure) return json(response, failure.status, { error: { type: "api_error", message: failure.message } });
        if (request.headers.authorization !== `Bearer ${secretKey}`) {
          return json(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
        }
      }
      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = newId("cs");
        const mode = form.mode!;
        const session: StandInSession = {
          id,
          mode,
          amount_total: Number(form["line_items[0][price_data][unit_amount]"]) * Number(form["line_items[0][quantity]"] ?? 1),
          currency: form["line_items[0][price_data][currency]"]!,
          customer: form.customer ?? newId("cus"),
          customer_email: form.customer_email ?? null,
          success_url: form.success_url!,
          cancel_url: form.cancel_url!,
          metadata: metadataOf(form),
          subscription: mode === "subscription" ? newId("sub") : null,
          payment_intent: mode === "payment" ? newId("pi") : null,
          invoice: mode === "subscription" ? newId("in") : null,
          status: "open",
        };
        sessions.set(id, session);
        return json(response, 200, {
          object: "checkout.session",
          ...session,
          payment_status: "unpaid",
          url: `${base}/pay/${id}`,
        });
      }
      const expire = url.pathname.match(/^\/v1\/checkout\/sessions\/(cs_test_[a-f0-9]+)\/expire$/);
      if (request.method === "POST" && expire && sessions.has(expire[1]!)) {
        const session = sessions.get(expire[1]!)!;
        // As Stripe does: only an open session can be expired; a paid one says so.
        if (session.status === "expired" || session.status === "complete")
          return json(response, 400, {
            error: { type: "invalid_request_error", message: `Only Checkout Sessions with a status in ["open"] can be expired.` },
          });
        session.status = "expired";
        return json(response, 200, { object: "checkout.session", ...session, payment_status: "unpaid" });
      }
      if (request.method === "POST" && url.pathname === "/v1/refunds") {
        const key = typeof request.headers["idempotency-key"] === "string" ? request.headers["idempotency-key"] : undefined;
        const earlier = key ? refunds.find((refund) => refund.idempotencyKey === key) : undefined;
        const refund = earlier ?? {
          id: newId("re"),
          payment_intent: form.payment_intent!,
          idempotencyKey: key,
          ...(form.amount ? { amount: Number(form.amount) } : {}),
        };
        if (!earlier) refunds.push(refund);
        return json(response, 200, { object: "refund", id: refund.id, payment_intent: refund.payment_intent, status: "succeeded" });
      }
      if (request.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
        return json(response, 200, {
          id: newId("bps"),
          object: "billing_portal.session",
          customer: form.customer,
          return_url: form.return_url,
          url: `${base}/portal/${form.customer}`,
        });
      }
      const pay = url.pathname.match(/^\/pay\/(cs_test_[a-f0-9]+)$/);
      if (request.method === "GET" && pay && sessions.has(pay[1]!)) {
        const session = sessions.get(pay[1]!)!;
        const success = session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id);
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return response.end(
          `<!doctype html><html lang="en"><title>Stand-in checkout</title><main><h1>Stand-in checkout</h1>` +
            `<p>${session.amount_total} ${session.currency}</p><a href="${success}">Pay</a> <a href="${session.cancel_url}">Cancel</a></main></html>`,
        );
      }
      const recorded = url.pathname.match(/^\/stand-in\/sessions\/(cs_test_[a-f0-9]+)$/);
      if (request.method === "GET" && recorded && sessions.has(recorded[1]!)) return json(response, 200, sessions.get(recorded[1]!));
      json(response, 404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${url.pathname}).` },
      });
    })().catch((error: unknown) => json(response, 500, { error: { type: "api_error", message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    sessions,
    refunds,
    failWith: (next) => (failure = next),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The environment that points the app at the stand-in. */
export function standInEnvironment(standIn: { url: string }): Record<string, string> {
  return { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_URL: standIn.url };
}

// Events, shaped as Stripe sends them, signed with the SDK's own test helper so that the app's
// real verification (stripe.webhooks.constructEvent) runs on them.

export type TestEvent = {
  id: string;
  object: "event";
  type: string;
  created: number;
  livemode: false;
  api_version: string;
  data: { object: Record<string, unknown> };
};

export function stripeEvent(type: string, object: Record<string, unknown>): TestEvent {
  return {
    id: newId("evt"),
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: { object },
  };
}

export function checkoutCompleted(session: StandInSession, overrides: Record<string, unknown> = {}): TestEvent {
  // Paid: from now on the stand-in, as Stripe, refuses to expire it.
  session.status = "complete";
  return stripeEvent("checkout.session.completed", {
    object: "checkout.session",
    ...session,
    status: "complete",
    payment_status: "paid",
    client_reference_id: session.metadata.member_id ?? null,
    ...overrides,
  });
}

export function subscriptionDeleted(subscriptionId: string, periodEnd: Date): TestEvent {
  const seconds = Math.floor(periodEnd.getTime() / 1000);
  return stripeEvent("customer.subscription.deleted", {
    id: subscriptionId,
    object: "subscription",
    status: "canceled",
    ended_at: Math.floor(Date.now() / 1000),
    items: { object: "list", data: [{ id: newId("si"), object: "subscription_item", current_period_end: seconds }] },
  });
}

export function invoicePaid(subscriptionId: string, amount: number, currency: string, invoiceId = newId("in")): TestEvent {
  return stripeEvent("invoice.paid", {
    id: invoiceId,
    object: "invoice",
    amount_paid: amount,
    currency,
    created: Math.floor(Date.now() / 1000),
    status: "paid",
    parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} } },
  });
}

export function chargeRefunded(paymentIntentId: string, amountRefunded: number, currency: string, fully = true): TestEvent {
  return stripeEvent("charge.refunded", {
    id: newId("ch"),
    object: "charge",
    payment_intent: paymentIntentId,
    amount_refunded: amountRefunded,
    refunded: fully,
    currency,
  });
}

/** The body and headers of a webhook delivery, signed with the given secret. */
export function signedDelivery(event: TestEvent, secret = STAND_IN_WEBHOOK_SECRET): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature } };
}
