import { failureOf } from "../../lib/api.ts";
import { leaveFor } from "./leave-for.ts";
import { pageLocale, t } from "./messages.ts";

/** A price as the page's language writes it: "$49.00". */
export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat(pageLocale(), { style: "currency", currency, currencyDisplay: "narrowSymbol" }).format(cents / 100);

export type Problem = { text: string; details?: Record<string, string> };

/**
 * Asks the server for Checkout and leaves for it; a refusal comes back as the server's sentence
 * (and its fields'), and the form is free again. While the browser leaves, the form stays busy,
 * so a second press cannot start a second checkout.
 */
export async function goToCheckout(start: () => Promise<{ url: string }>, refused: (problem: Problem) => void): Promise<void> {
  try {
    leaveFor((await start()).url);
  } catch (error) {
    const failure = failureOf(error);
    refused({
      text: failure.error ?? t("We could not open the payment page just now. Nothing was charged. Please try again."),
      details: failure.details,
    });
  }
}
