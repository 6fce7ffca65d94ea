import type { PlanTier } from "../../../contract/catalogue.ts";

/**
 * Pay what you can (docs/gifts.md): a plan's tiers as radios, each with its price and the line
 * the instructor wrote. Nobody asks why; the server takes only these prices.
 */
export function TierChoice({
  legend,
  name,
  tiers,
  chosen,
  onChoose,
  priceOf,
  disabled,
}: {
  legend: string;
  name: string;
  tiers: readonly PlanTier[];
  chosen: string | undefined;
  onChoose: (tierName: string) => void;
  priceOf: (price: number) => string;
  disabled?: boolean;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: "12px 0 0" }}>
      <legend style={{ fontWeight: 600, padding: 0 }}>{legend}</legend>
      {tiers.map((tier) => (
        <label key={tier.name} style={{ display: "flex", gap: 10, alignItems: "flex-start", padding: "8px 0", minHeight: 44 }}>
          <input
            type="radio"
            name={name}
            checked={tier.name === chosen}
            disabled={disabled}
            onChange={() => onChoose(tier.name)}
            style={{ width: 20, height: 20, marginTop: 2 }}
          />
          <span>
            <strong>{tier.name}</strong>: {priceOf(tier.price)}
            {tier.line ? (
              <span className="small-text quiet-text" style={{ display: "block" }}>
                {tier.line}
              </span>
            ) : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
