import { z } from "zod";

const WholeId = (what: string) =>
  z
    .number({ error: `The ${what} must be a whole number.` })
    .int({ error: `The ${what} must be a whole number.` })
    .positive({ error: `The ${what} must be a whole number.` });

/** Starts a Stripe Checkout for one plan. The price is the server's to know; the browser sends none. */
export const CheckoutRequest = z.object({
  plan_id: WholeId("plan id"),
  // The course the member came from, so that the success page can offer to open it.
  course_id: WholeId("course id").optional(),
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
