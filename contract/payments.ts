import { z } from "zod";
import { ApiError } from "./errors.ts";
import { type Endpoint, ok } from "./endpoint.ts";
import { sentence } from "./languages.ts";

const WholeId = (wrong: string) => z.number({ error: wrong }).int({ error: wrong }).positive({ error: wrong });

/** Starts a Stripe Checkout for one plan. The price is the server's to know; the browser sends none. */
export const CheckoutRequest = z.object({
  plan_id: WholeId(sentence("The plan id must be a whole number.")),
  // The course the member came from, so that the success page can offer to open it.
  course_id: WholeId(sentence("The course id must be a whole number.")).optional(),
  // A code the doula gave out (docs/gifts.md): the server checks it and computes the price.
  code: z
    .string({ error: sentence("Type the code.") })
    .trim()
    .max(40, { error: sentence("That code does not exist.") })
    .optional(),
  // Pay what you can: the tier she chose, by its name or its price in cents; only the plan's tiers are taken.
  tier: z.union([z.string().trim().max(40), z.number().int()], { error: sentence("That is not one of this plan's prices.") }).optional(),
});
export type CheckoutRequest = z.input<typeof CheckoutRequest>;

export const RedirectAnswer = z.object({ url: z.string() });
export type RedirectAnswer = z.infer<typeof RedirectAnswer>;

export const PurchaseStatus = z.enum(["pending", "paid", "amount_mismatch", "refunded", "canceled"]);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

export const CheckoutSessionParams = z.object({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: "That checkout does not exist." }),
});

/** What the success page polls: the purchase behind a checkout, and whether its courses are open yet. */
export const CheckoutOutcome = z.object({
  status: PurchaseStatus,
  plan_name: z.string(),
  course_ids: z.array(z.number()),
  courses_open: z.boolean(),
});
export type CheckoutOutcome = z.infer<typeof CheckoutOutcome>;

export const MyPurchases = z.object({
  purchases: z.array(
    z.object({
      id: z.number(),
      plan_name: z.string(),
      mode: z.enum(["payment", "subscription"]),
      amount: z.number().int().describe("minor units, e.g. cents"),
      currency: z.string(),
      status: PurchaseStatus,
      created_at: z.string(),
    }),
  ),
  /** True when Stripe's billing portal can be opened for this member (she has paid before). */
  can_manage_billing: z.boolean(),
});
export type MyPurchases = z.infer<typeof MyPurchases>;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const paymentsEndpoints = {
  startCheckout: {
    method: "POST",
    path: "/reactapi/payments/checkout",
    summary: "Starts Stripe Checkout for a plan; the price is the server's",
    access: "member",
    travels: "payments",
    body: CheckoutRequest,
    answers: {
      ...ok(RedirectAnswer, "Go to this Stripe page."),
      404: { description: "No such plan, or online payment is off.", schema: ApiError },
      400: {
        description:
          "The code is unknown, not yet or no longer valid, used up, or not for this plan; or the tier is not one of the plan's.",
        schema: ApiError,
      },
      409: { description: "She already has every course of the plan.", schema: ApiError },
    },
  },
  checkoutOutcome: {
    method: "GET",
    path: "/reactapi/payments/checkout/:sessionId",
    summary: "The purchase behind a finished checkout",
    access: "member",
    travels: "payments",
    params: CheckoutSessionParams,
    answers: { ...ok(CheckoutOutcome), 404: { description: "No such checkout of hers.", schema: ApiError } },
  },
  myPurchases: {
    method: "GET",
    path: "/reactapi/payments/mine",
    summary: "Her purchases, and whether she can manage billing",
    access: "member",
    answers: ok(MyPurchases),
  },
  billingPortal: {
    method: "POST",
    path: "/reactapi/payments/portal",
    summary: "Opens Stripe's billing portal",
    access: "member",
    travels: "payments",
    body: z.object({}),
    answers: {
      ...ok(RedirectAnswer, "Go to this Stripe page."),
      404: { description: "No payment yet, or online payment is off.", schema: ApiError },
    },
  },
  stripeWebhook: {
    method: "POST",
    path: "/reactapi/stripe/webhook",
    summary: "Stripe's signed events (raw body, Stripe-Signature header)",
    access: "stripe-signature",
    travels: "none",
    answers: {
      ...ok(z.object({ received: z.literal(true) }), "Applied once, or ignored."),
      404: { description: "Online payment is off.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
