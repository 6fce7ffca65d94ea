import "./plans-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useStudioSlots } from "../../../lib/studio-slots.tsx";
import type { StudioPlan, StudioPlans } from "../../../../../contract/studio/plans.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { PageSection } from "../../../components/page-section.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAction } from "../../../lib/use-action.ts";
import { useAnswer, useSend } from "../../../lib/answers.ts";

import { CurrencySelect, usePriceCurrency } from "../../../studio-kit/currency-select.tsx";
import { Checklist, LabelledSelect, Loading, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";
import { type TierDraft, tierDraftsOf, Tiers, tiersOf } from "../../../studio-kit/tiers-editor.tsx";

type Course = StudioPlans["courses"][number];
type Draft = {
  name: string;
  description: string;
  price: string;
  currency: string;
  billing_interval: StudioPlan["billing_interval"];
  partner_seat: boolean;
  course_ids: number[];
  tiers: TierDraft[];
};

const draftOf = (plan?: StudioPlan): Draft => ({
  name: plan?.name ?? "",
  description: plan?.description ?? "",
  price: plan ? (plan.price_minor / 100).toFixed(2) : "",
  // A new plan starts in her practice's currency (Studio → Site), once it is read.
  currency: plan?.currency ?? "",
  billing_interval: plan?.billing_interval ?? "month",
  partner_seat: plan?.partner_seat ?? false,
  course_ids: plan?.course_ids ?? [],
  tiers: tierDraftsOf(plan?.tiers ?? []),
});

/** The price she typed ("29", "29.00", "29,5") in cents, or null when it is not a price. */
function priceInCents(text: string): number | null {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** One plan's form (or the new plan's); onSaved hears the server's sentence, since a saved plan's form starts afresh. */
function PlanForm({ plan, courses, onSaved }: { plan?: StudioPlan; courses: Course[]; onSaved: (message?: string) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const currency = usePriceCurrency(draft.currency);
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const key = plan ? `plan-${plan.id}` : "new-plan";
  const set = <Field extends keyof Draft>(field: Field, value: Draft[Field]) => setDraft((current) => ({ ...current, [field]: value }));
  const body = () => {
    const { price, tiers, ...fields } = draft;
    // An empty or unreadable price goes as null: the server answers with the price field's own sentence.
    return {
      ...fields,
      currency,
      price_minor: priceInCents(price) as number,
      tiers: tiersOf(tiers),
    };
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () =>
        plan
          ? send("updatePlan", { params: { id: plan.id }, body: { ...body(), revision: plan.revision } })
          : send("createPlan", { body: body() }),
      (answer) => answer.message,
    );
    if (saved) {
      if (!plan) setDraft(draftOf());
      onSaved(plan ? saved.message : undefined);
    }
  };
  const remove = async () => {
    if (!plan) return;
    setConfirmingDelete(false);
    const deleted = await run(
      () => send("deletePlan", { params: { id: plan.id }, body: { revision: plan.revision } }),
      (answer) => answer.message,
    );
    if (deleted) onSaved(deleted.message);
  };

  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={plan ? t("Plan {name}", { name: plan.name }) : t("New plan")}
      sx={{ display: "grid", gap: 2, p: 2, border: "1px solid var(--border)", borderRadius: 2 }}
    >
      <TextField
        label={t("Name")}
        name="name"
        required
        value={draft.name}
        onChange={(event) => set("name", event.target.value)}
        error={Boolean(details?.name)}
        helperText={details?.name}
      />
      <TextField
        label={t("Description (optional)")}
        name="description"
        multiline
        minRows={2}
        value={draft.description}
        onChange={(event) => set("description", event.target.value)}
        error={Boolean(details?.description)}
        helperText={details?.description}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" }, alignItems: "start" }}>
        <TextField
          label={t("Price")}
          name="price"
          required
          value={draft.price}
          onChange={(event) => set("price", event.target.value)}
          error={Boolean(details?.price_minor)}
          helperText={details?.price_minor ?? t("For example 29.00")}
        />
        <CurrencySelect value={currency} onChange={(chosen) => set("currency", chosen)} error={details?.currency} />
        <LabelledSelect
          label={t("Billing")}
          value={draft.billing_interval}
          onChange={(value) => set("billing_interval", value as Draft["billing_interval"])}
          options={[
            { value: "month", label: t("Every month") },
            { value: "year", label: t("Every year") },
            { value: "once", label: t("Once") },
          ]}
        />
      </Box>
      <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center" }}>
        <input
          type="checkbox"
          name="partner_seat"
          checked={draft.partner_seat}
          onChange={(event) => set("partner_seat", event.target.checked)}
          style={{ width: 20, height: 20 }}
        />
        {t("Includes a partner seat (her linked partner opens its courses marked for partners)")}
      </Box>
      <Tiers tiers={draft.tiers} onChange={(tiers) => set("tiers", tiers)} error={details?.tiers} />
      <Checklist
        legend={t("Courses it opens")}
        options={courses.map((course) => ({ id: course.id, label: course.title }))}
        chosen={draft.course_ids}
        onChange={(chosen) => set("course_ids", chosen)}
        error={details?.course_ids}
      />
      <OutcomeNotice outcome={outcome} />
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {plan ? t("Save plan") : t("Create plan")}
        </Button>
        {plan && outcome?.tone === "error" && outcome.status === 409 ? <Button onClick={() => onSaved()}>{t("Reload")}</Button> : null}
        {plan ? (
          confirmingDelete ? (
            <>
              <Button color="error" variant="contained" disabled={busy} onClick={() => void remove()}>
                {t("Yes, delete “{name}”", { name: plan.name })}
              </Button>
              <Button onClick={() => setConfirmingDelete(false)}>{t("Keep it")}</Button>
            </>
          ) : (
            <Button color="error" onClick={() => setConfirmingDelete(true)} aria-describedby={`${key}-delete-note`}>
              {t("Delete plan")}
            </Button>
          )
        ) : null}
      </Box>
      {plan ? (
        <Box id={`${key}-delete-note`} sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
          {t("Members who bought this plan keep their courses whatever you change or delete here.")}
        </Box>
      ) : null}
    </Box>
  );
}

export default function PlansPage() {
  const { answer, failure, refresh } = useAnswer("studioPlans");
  const { plansLinks } = useStudioSlots();
  const [notice, setNotice] = useState<string | null>(null);
  const reload = (message?: string) => {
    setNotice(message ?? null);
    refresh();
  };
  return (
    <StudioPage
      title={t("Plans")}
      intro={t("What members can buy on the Purchase page: a price, how often it is paid, and the courses it opens.")}
    >
      {plansLinks.length > 0 ? (
        <Box component="nav" aria-label={t("About selling your plans")} sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 3 }}>
          {plansLinks.map((link) => (
            <Button key={link.page} variant="outlined" component={Link} to={link.page}>
              {t(link.label)}
            </Button>
          ))}
        </Box>
      ) : null}
      {!answer ? (
        <Loading failure={failure} what={t("the plans")} />
      ) : (
        <>
          <PageSection title={t("New plan")} id="new-plan-heading">
            <PlanForm courses={answer.courses} onSaved={reload} />
          </PageSection>
          <PageSection title={t("Your plans")} id="plans-heading">
            <OutcomeNotice outcome={notice ? { tone: "success", text: notice } : null} style={studioNoticeStyle} />
            {answer.plans.length === 0 ? <p>{t("No plans yet.")}</p> : null}
            <Box sx={{ display: "grid", gap: 2 }}>
              {answer.plans.map((plan) => (
                // A new revision starts a fresh form: what she sees is what is saved.
                <PlanForm key={`${plan.id}-${plan.revision}`} plan={plan} courses={answer.courses} onSaved={reload} />
              ))}
            </Box>
          </PageSection>
        </>
      )}
    </StudioPage>
  );
}
