import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import type { PlanTier } from "../../../contract/catalogue.ts";
import { TextField } from "../components/text-field.tsx";
import { t } from "./messages.ts";

/** A tier as typed: the price as she wrote it ("25", "25.50"). */
export type TierDraft = { name: string; price: string; line: string };

export const tierDraftsOf = (tiers: readonly PlanTier[]): TierDraft[] =>
  tiers.map((tier) => ({ name: tier.name, price: (tier.price / 100).toFixed(2), line: tier.line }));

/** The tiers as the API takes them; a price that is not one goes as NaN, which the server refuses with its sentence. */
export const tiersOf = (drafts: readonly TierDraft[]): PlanTier[] =>
  drafts.map((tier) => {
    const value = Number(tier.price.trim().replace(",", "."));
    return {
      name: tier.name,
      price: tier.price.trim() !== "" && Number.isFinite(value) ? Math.round(value * 100) : Number.NaN,
      line: tier.line,
    };
  });

/**
 * Pay what you can (docs/gifts.md): two to five prices members choose from ("Supported",
 * "Standard", "Supporter"), each with a line saying what it is for; none, and the plan has its one price.
 */
export function Tiers({
  tiers,
  onChange,
  error,
}: {
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  error?: string | undefined;
}) {
  const change = (index: number, field: keyof TierDraft, value: string) =>
    onChange(tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)));
  return (
    <Box component="fieldset" sx={{ border: "1px solid var(--border)", borderRadius: 2, p: 2, m: 0, display: "grid", gap: 1.5 }}>
      <legend>{t("Pay what you can (optional)")}</legend>
      <Box sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
        {t("Two to five prices a member chooses from, each with a line saying what it is for. Nobody is asked why.")}
      </Box>
      {tiers.map((tier, index) => (
        <Box
          key={index}
          role="group"
          aria-label={t("Tier {number}", { number: index + 1 })}
          sx={{ display: "grid", gap: 1, gridTemplateColumns: { xs: "1fr", sm: "1fr 8rem 2fr auto" }, alignItems: "end" }}
        >
          <TextField label={t("Tier name")} value={tier.name} onChange={(event) => change(index, "name", event.target.value)} />
          <TextField label={t("Tier price")} value={tier.price} onChange={(event) => change(index, "price", event.target.value)} />
          <TextField label={t("What it is for")} value={tier.line} onChange={(event) => change(index, "line", event.target.value)} />
          <Button onClick={() => onChange(tiers.filter((_tier, at) => at !== index))}>
            {t("Remove tier {number}", { number: index + 1 })}
          </Button>
        </Box>
      ))}
      {error ? (
        <Box role="alert" sx={{ color: "error.main" }}>
          {error}
        </Box>
      ) : null}
      {tiers.length < 5 ? (
        <Box>
          <Button variant="outlined" onClick={() => onChange([...tiers, { name: "", price: "", line: "" }])}>
            {t("Add a tier")}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
