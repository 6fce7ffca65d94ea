import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import type { CapabilityState } from "../../../../../contract/capabilities.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useSend } from "../../../lib/answers.ts";
import { useAction } from "../../../lib/use-action.ts";
import { t } from "../messages.ts";

/**
 * Studio → Site → Features: the parts of her site she can turn off, each with what it needs. Off,
 * a feature's pages, cards and menu entries are gone for everyone, and its mails stop; what it
 * keeps stays, and comes back when she turns it on again.
 */
export function FeaturesSection({ capabilities }: { capabilities: readonly CapabilityState[] }) {
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const titleOf = (name: string) => capabilities.find((capability) => capability.name === name)?.title ?? name;
  const turn = (capability: CapabilityState, on: boolean) =>
    run(
      () => send("turnCapability", { params: { name: capability.name }, body: { on } }),
      () =>
        on
          ? t("{feature} is on.", { feature: capability.title })
          : t("{feature} is off. What it keeps stays.", { feature: capability.title }),
    );
  return (
    <div style={{ display: "grid", gap: 8, maxWidth: 560 }}>
      <p style={{ margin: 0 }}>
        {t(
          "A feature you turn off leaves your site for everyone, with its pages, cards and mails. What it keeps stays, and comes back when you turn it on.",
        )}
      </p>
      <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 4 }}>
        {capabilities.map((capability) => (
          <li key={capability.name}>
            <FormControlLabel
              control={<Switch checked={capability.on} disabled={busy} onChange={(event) => void turn(capability, event.target.checked)} />}
              label={capability.title}
            />
            {capability.needs.length > 0 ? (
              <p style={{ margin: "0 0 0 58px", fontSize: "0.9rem" }}>
                {t("Needs {features}.", { features: capability.needs.map(titleOf).join(", ") })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      <OutcomeNotice outcome={outcome} />
    </div>
  );
}
