import type { PlanTier } from "../../../contract/catalogue.ts";
import { HttpError } from "../http/errors.ts";

/**
 * Pay what you can (docs/gifts.md): the tier she chose, by its name (any case) or its price in
 * cents, among what the instructor offers; none chosen is null, and a choice not offered is refused,
 * so the server only ever takes the instructor's own prices.
 */
export function chosenTier(tiers: readonly PlanTier[] | null, chosen: string | number | undefined, refusal: string): PlanTier | null {
  if (chosen === undefined || chosen === "") return null;
  const tier = (tiers ?? []).find((candidate) =>
    typeof chosen === "number" ? candidate.price === chosen : candidate.name.toLowerCase() === chosen.toLowerCase(),
  );
  if (!tier) throw new HttpError(400, refusal);
  return tier;
}
