import type { PlanTier } from "../../../contract/catalogue.ts";
import { HttpError } from "../http/errors.ts";
import { chosenTier } from "../lib/tiers.ts";

/** The price of a gift: the plan's (or the tier's), once for a one-time plan, times the periods given otherwise. */
export function giftPrice(
  plan: { billingInterval: string; priceMinor: number; tiers: PlanTier[] | null },
  input: { months?: number; tier?: string | number },
): { months: number | null; priceMinor: number; tierName: string | null } {
  const tier = chosenTier(plan.tiers, input.tier, "That is not one of this plan's prices.");
  const unit = tier?.price ?? plan.priceMinor;
  const tierName = tier?.name ?? null;
  if (plan.billingInterval === "once") return { months: null, priceMinor: unit, tierName };
  if (plan.billingInterval === "year") {
    const months = input.months ?? 12;
    if (months % 12 !== 0)
      throw new HttpError(400, "A yearly membership is given in whole years: 12, 24 or 36 months.", {
        months: "Choose 12, 24 or 36 months.",
      });
    return { months, priceMinor: unit * (months / 12), tierName };
  }
  const months = input.months ?? 1;
  return { months, priceMinor: unit * months, tierName };
}
