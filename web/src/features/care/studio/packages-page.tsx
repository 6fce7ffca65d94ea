import "./care-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { CarePackage } from "../../../../../contract/care.ts";
import { agreementAsHtml, agreementFields } from "../../../../../contract/care-fields.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { priceLabel } from "../../../lib/time-labels.ts";
import { useAction } from "../../../lib/use-action.ts";
import { RichTextField } from "../../../studio-kit/rich-text-field.tsx";
import { CurrencySelect, usePriceCurrency } from "../../../studio-kit/currency-select.tsx";
import { fieldsetStyle, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { type TierDraft, tierDraftsOf, Tiers, tiersOf } from "../../../studio-kit/tiers-editor.tsx";
import { t } from "./messages.ts";
import { centsOf } from "./care-labels.ts";

type Draft = {
  name: string;
  description: string;
  fee: string;
  currency: string;
  deposit: string;
  instalments: string;
  instalment_every_weeks: string;
  last_due_week: string;
  prenatal_visits: string;
  postpartum_visits: string;
  on_call_from_week: string;
  on_call_until_week: string;
  agreement: string;
  retired: boolean;
};

const draftOf = (saved?: CarePackage): Draft => ({
  name: saved?.name ?? "",
  description: saved?.description ?? "",
  fee: saved ? (saved.fee / 100).toFixed(2) : "",
  // A new package starts in her practice's currency (Studio → Site), once it is read.
  currency: saved?.currency ?? "",
  deposit: saved ? (saved.deposit / 100).toFixed(2) : "0",
  instalments: String(saved?.instalments ?? 1),
  instalment_every_weeks: String(saved?.instalment_every_weeks ?? 4),
  last_due_week: String(saved?.last_due_week ?? 36),
  prenatal_visits: String(saved?.prenatal_visits ?? 2),
  postpartum_visits: String(saved?.postpartum_visits ?? 1),
  on_call_from_week: String(saved?.on_call_from_week ?? 38),
  on_call_until_week: String(saved?.on_call_until_week ?? 42),
  // Agreements first kept as plain text open in the editor as its paragraphs and headings.
  agreement: agreementAsHtml(saved?.agreement ?? ""),
  retired: saved?.retired ?? false,
});

const whole = (typed: string) => (typed.trim() === "" ? Number.NaN : Number(typed));

/** Studio → Clients → Packages: what she offers her birth clients, each with its fee, schedule, on-call window and agreement. */
export default function PackagesPage() {
  const { answer, failure } = useAnswer("carePackages");
  const [editing, setEditing] = useState<number | "new" | null>(null);
  // A new package's form closes once it is made; the sentence saying so stays on the page.
  const [created, setCreated] = useState<string | null>(null);
  return (
    <StudioPage
      title={t("Packages")}
      intro={t("What you offer your birth clients. A client's agreement is made from her package when you add her.")}
    >
      <p>
        <Link to="/studio/clients">{t("All clients")}</Link>
      </p>
      {!answer ? (
        <Loading failure={failure} what={t("your packages")} />
      ) : (
        <>
          {answer.packages.length === 0 ? <p>{t("No packages yet.")}</p> : null}
          <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 2 }}>
            {answer.packages.map((saved) => (
              <li key={saved.id}>
                <strong>{saved.name}</strong>
                {saved.retired ? ` (${t("retired")})` : ""}
                {" · "}
                {saved.tiers.length > 0
                  ? t("pay what you can: {prices}", {
                      prices: saved.tiers.map((tier) => priceLabel(tier.price, saved.currency)).join(", "),
                    })
                  : priceLabel(saved.fee, saved.currency)}
                {" · "}
                {t("{count, plural, one {# client} other {# clients}}", { count: saved.clients })}{" "}
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setEditing(saved.id)}
                  aria-label={t("Edit {name}", { name: saved.name })}
                >
                  {t("Edit")}
                </Button>
                {editing === saved.id ? <PackageForm key={saved.id} saved={saved} onDone={() => setEditing(null)} /> : null}
              </li>
            ))}
          </Box>
          {created ? <OutcomeNotice outcome={{ tone: "success", text: created }} style={{ marginTop: 16 }} /> : null}
          {editing === "new" ? (
            <PackageForm
              onDone={(message) => {
                setEditing(null);
                if (message) setCreated(message);
              }}
            />
          ) : (
            <Button
              variant="contained"
              sx={{ mt: 3 }}
              onClick={() => {
                setCreated(null);
                setEditing("new");
              }}
            >
              {t("New package")}
            </Button>
          )}
        </>
      )}
    </StudioPage>
  );
}

function PackageForm({ saved, onDone }: { saved?: CarePackage; onDone: (created?: string) => void }) {
  const send = useSend();
  const saving = useAction();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [tiers, setTiers] = useState<TierDraft[]>(() => tierDraftsOf(saved?.tiers ?? []));
  const currency = usePriceCurrency(draft.currency);
  const details = saving.outcome?.details;
  const text = (name: Exclude<keyof Draft, "retired">, label: string, helper?: string, type = "text") => (
    <TextField
      label={label}
      name={name}
      type={type}
      value={draft[name]}
      onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(details?.[name])}
      helperText={details?.[name] ?? helper}
    />
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: draft.name,
      description: draft.description,
      fee: centsOf(draft.fee),
      currency,
      deposit: centsOf(draft.deposit),
      instalments: whole(draft.instalments),
      instalment_every_weeks: whole(draft.instalment_every_weeks),
      last_due_week: whole(draft.last_due_week),
      prenatal_visits: whole(draft.prenatal_visits),
      postpartum_visits: whole(draft.postpartum_visits),
      on_call_from_week: whole(draft.on_call_from_week),
      on_call_until_week: whole(draft.on_call_until_week),
      agreement: draft.agreement,
      retired: draft.retired,
      tiers: tiersOf(tiers),
    };
    const done = await saving.run(
      () => (saved ? send("saveCarePackage", { params: { id: saved.id }, body }) : send("createCarePackage", { body })),
      (answer) => answer.message,
    );
    if (done && !saved) onDone(done.message);
  };
  return (
    <Box
      component="form"
      noValidate
      aria-label={saved ? t("Edit {name}", { name: saved.name }) : t("New package")}
      onSubmit={(event: FormEvent) => void submit(event)}
      sx={{ display: "grid", gap: 2, mt: 2, maxWidth: 720 }}
    >
      {text("name", t("Name"), t("Birth support, Postpartum support…"))}
      <TextField
        label={t("Description")}
        multiline
        rows={3}
        value={draft.description}
        onChange={(event) => setDraft((current) => ({ ...current, description: event.target.value }))}
      />
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>{t("Fee and how it is paid")}</legend>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          {text("fee", t("Fee"), t("The whole fee, e.g. 1200.00"))}
          <CurrencySelect
            value={currency}
            onChange={(chosen) => setDraft((current) => ({ ...current, currency: chosen }))}
            error={details?.currency}
          />
          {text("deposit", t("Deposit"), t("Paid when she signs; 0 for none"))}
          {text("instalments", t("Instalments after the deposit"), t("1 is the rest in one go"), "number")}
          {text("instalment_every_weeks", t("Weeks between instalments"), undefined, "number")}
          {text("last_due_week", t("The last is due by week"), t("Of her pregnancy; 36 by default"), "number")}
        </Box>
      </Box>
      {/* Pay what you can: she chooses one of these fees in her client space before she signs. */}
      <Tiers tiers={tiers} onChange={setTiers} error={details?.tiers} />
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>{t("Visits and on call")}</legend>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          {text("prenatal_visits", t("Prenatal visits"), undefined, "number")}
          {text("postpartum_visits", t("Postpartum visits"), undefined, "number")}
          {text("on_call_from_week", t("On call from week"), undefined, "number")}
          {text("on_call_until_week", t("On call until week"), undefined, "number")}
        </Box>
      </Box>
      <RichTextField
        label={t("Agreement")}
        name="agreement"
        minRows={14}
        value={draft.agreement}
        onChange={(agreement) => setDraft((current) => ({ ...current, agreement }))}
        error={details?.agreement}
        help={t(
          "Left empty, a new package starts from a sensible default agreement for you to edit. The fields below are filled for each client.",
        )}
        insertions={agreementFields.map((field) => ({ name: `{{${field}}}`, text: `{{${field}}}`, label: t("Insert {field}", { field }) }))}
      />
      {saved ? (
        <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 36 }}>
          <input
            type="checkbox"
            checked={draft.retired}
            onChange={(event) => setDraft((current) => ({ ...current, retired: event.target.checked }))}
            style={{ width: 20, height: 20 }}
          />
          {t("Retired: clients who have it keep it; new clients cannot have it")}
        </Box>
      ) : null}
      <OutcomeNotice outcome={saving.outcome} />
      <Box sx={{ display: "flex", gap: 1 }}>
        <Button type="submit" variant="contained" disabled={saving.busy}>
          {saved ? t("Save") : t("Create the package")}
        </Button>
        <Button variant="text" onClick={() => onDone()}>
          {t("Close")}
        </Button>
      </Box>
    </Box>
  );
}
