import type { CheckoutOutcome, CheckoutRequest, MyPurchases, RedirectAnswer } from "../../../../contract/payments.ts";
import { callApi } from "../../lib/api-client.ts";

export const startCheckout = (request: CheckoutRequest) => callApi<RedirectAnswer>("/reactapi/payments/checkout", { body: request });

export const checkoutOutcome = (sessionId: string) =>
  callApi<CheckoutOutcome>(`/reactapi/payments/checkout/${encodeURIComponent(sessionId)}`);

export const myPurchases = () => callApi<MyPurchases>("/reactapi/payments/mine");

export const openBillingPortal = () => callApi<RedirectAnswer>("/reactapi/payments/portal", { body: {} });

/** Leaves the app for a page of Stripe's (Checkout, the billing portal); kept apart so tests can watch it. */
export const leaveFor = (url: string) => window.location.assign(url);
