import { defineCapability, mount } from "../capabilities/capability.ts";
import { HttpError } from "../http/errors.ts";
import type { CheckoutPricing } from "../lib/checkout-pricing.ts";
import type { OneOffPayments } from "../lib/one-off-payments.ts";
import { paymentsRoutes } from "./payments-routes.ts";
import { forgetOldStripeRecords, purchasesPersonalData } from "./purchases-repository.ts";
import type { CheckoutOwner } from "./stripe-events.ts";
import { oneOffPayments } from "./stripe-client.ts";

declare module "../capabilities/capability.ts" {
  interface Offered {
    /** Stripe's Checkout for one-off payments, or null on a site without online payment. */
    oneOffPayments: OneOffPayments | null;
    /** Every seller's price with a code: the adjustments other capabilities plug in, applied in one place. */
    checkoutPricing: CheckoutPricing;
  }
  interface Points {
    /** What a capability sells through Checkout (a class place, a booking, a care payment, a gift…). */
    checkouts: CheckoutOwner;
    /** A way a price is adjusted at checkout (a code), held before Stripe is asked. */
    priceAdjustments: CheckoutPricing;
  }
}

/** Payments: plans bought through Stripe, the webhook, receipts, and the Checkout every seller plugs into. */
export default defineCapability({
  name: "payments",
  needs: ["catalogue", "purchaseGrants"],
  offers: {
    oneOffPayments: ({ config }) => (config.stripe ? oneOffPayments(config.stripe) : null),
    checkoutPricing: (ctx) => ({
      // A code is taken while a capability that adjusts prices is on; a hold made before she
      // turned it off is still attached, paid or given back.
      hold: async (input) => {
        const [adjustment] = await ctx.allOn("priceAdjustments");
        if (!adjustment) throw new HttpError(400, "Codes are not taken on this site.");
        return adjustment.hold(input);
      },
      attach: async (holdId, checkoutSessionId) => {
        for (const adjustment of ctx.all("priceAdjustments")) await adjustment.attach(holdId, checkoutSessionId);
      },
      giveBack: async (tx, by) => {
        for (const adjustment of ctx.all("priceAdjustments")) await adjustment.giveBack(tx, by);
      },
      paid: async (tx, checkoutSessionId, now) => {
        for (const adjustment of ctx.all("priceAdjustments")) await adjustment.paid(tx, checkoutSessionId, now);
      },
    }),
  },
  start: (ctx) => ({
    routes: [
      mount("/reactapi", paymentsRoutes, {
        db: ctx.db,
        catalogue: ctx.use("catalogue"),
        stripe: ctx.config.stripe,
        publicUrl: ctx.config.publicUrl,
        mail: ctx.mail,
        siteLanguage: ctx.siteLanguage,
        hooks: { owners: ctx.all("checkouts"), grants: ctx.use("purchaseGrants"), pricing: ctx.use("checkoutPricing") },
        clock: ctx.clock,
      }),
    ],
    points: { personalData: [purchasesPersonalData(ctx.db)] },
    sweeps: [() => forgetOldStripeRecords(ctx.db)],
  }),
});
