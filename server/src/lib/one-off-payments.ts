/**
 * Stripe as bookings and classes use it (made by payments/stripe-client.ts, offered by the payments
 * capability): a one-off Checkout that holds a time or a place (its metadata says whose it is),
 * and a full refund, made once whatever the retries.
 */
export type OneOffPayments = {
  checkout: (input: {
    metadata: Record<string, string>;
    description: string;
    amountMinor: number;
    currency: string;
    email: string;
    expiresAt: Date;
    successUrl: string;
    cancelUrl: string;
  }) => Promise<{ id: string; url: string }>;
  /**
   * Ends an open Checkout, so it can no longer be paid (a newer one for the same thing replaces it).
   * Answers false when Stripe no longer holds it open (paid or expired already): its webhook says which.
   */
  expire: (sessionId: string) => Promise<boolean>;
  /** In full, or `amountMinor` of it (a registry contribution's credit). */
  refund: (paymentIntentId: string, idempotencyKey: string, amountMinor?: number) => Promise<void>;
};

/** What Stripe says a completed Checkout charged (the payments webhook's CheckoutOwner hands it on). */
export type ChargedSession = { amountTotal: number | null; currency: string | null };

/**
 * Whether a completed Checkout charged what its seller recorded when opening it: a seller settles
 * nothing on a mismatch, and logs it at error for the doula to look at in Stripe's dashboard.
 */
export const chargedAsAsked = (session: ChargedSession, asked: { amountMinor: number; currency: string }) =>
  session.amountTotal === asked.amountMinor && session.currency?.toUpperCase() === asked.currency.toUpperCase();
