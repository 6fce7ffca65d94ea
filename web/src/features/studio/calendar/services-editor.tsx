import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import type { StudioService } from "../../../../../contract/studio/calendar.ts";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { priceLabel } from "../../../lib/time-labels.ts";
import { useAction } from "../../../lib/use-action.ts";
import { CurrencySelect, usePriceCurrency } from "../../../studio-kit/currency-select.tsx";
import { fieldsetStyle, LabelledSelect, Loading } from "../../../studio-kit/studio-parts.tsx";
import { t } from "../messages.ts";

type Draft = {
  name: string;
  description: string;
  duration_minutes: string;
  price: string;
  currency: string;
  who: "anyone" | "members";
  buffer_before_minutes: string;
  buffer_after_minutes: string;
  min_notice_hours: string;
  max_days_ahead: string;
  cap_per_day: string;
  cap_per_week: string;
  cancel_cutoff_hours: string;
  refund_before_cutoff: boolean;
  birth_support: boolean;
  location_kind: "video" | "phone" | "address";
  location_detail: string;
  hidden: boolean;
};

const draftOf = (service?: StudioService): Draft => ({
  name: service?.name ?? "",
  description: service?.description ?? "",
  duration_minutes: String(service?.duration_minutes ?? 60),
  price: service ? (service.price / 100).toFixed(2) : "0",
  // A new service starts in her practice's currency (Studio → Site), once it is read.
  currency: service?.currency ?? "",
  who: service?.who ?? "anyone",
  buffer_before_minutes: String(service?.buffer_before_minutes ?? 0),
  buffer_after_minutes: String(service?.buffer_after_minutes ?? 0),
  min_notice_hours: String(service?.min_notice_hours ?? 24),
  max_days_ahead: String(service?.max_days_ahead ?? 60),
  cap_per_day: service?.cap_per_day ? String(service.cap_per_day) : "",
  cap_per_week: service?.cap_per_week ? String(service.cap_per_week) : "",
  cancel_cutoff_hours: String(service?.cancel_cutoff_hours ?? 24),
  refund_before_cutoff: service?.refund_before_cutoff ?? true,
  birth_support: service?.birth_support ?? false,
  location_kind: service?.location.kind ?? "video",
  location_detail: service?.location.detail ?? "",
  hidden: service?.hidden ?? false,
});

// A field she left unreadable goes as it is: the server answers with that field's own sentence.
const whole = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
const optional = (text: string) => (text.trim() === "" ? null : Number(text));

function bodyOf(draft: Draft) {
  const price = Number(draft.price.trim().replace(",", "."));
  return {
    name: draft.name,
    description: draft.description,
    duration_minutes: whole(draft.duration_minutes),
    price: Number.isFinite(price) ? Math.round(price * 100) : Number.NaN,
    currency: draft.currency,
    who: draft.who,
    buffer_before_minutes: whole(draft.buffer_before_minutes),
    buffer_after_minutes: whole(draft.buffer_after_minutes),
    min_notice_hours: whole(draft.min_notice_hours),
    max_days_ahead: whole(draft.max_days_ahead),
    cap_per_day: optional(draft.cap_per_day),
    cap_per_week: optional(draft.cap_per_week),
    cancel_cutoff_hours: whole(draft.cancel_cutoff_hours),
    refund_before_cutoff: draft.refund_before_cutoff,
    birth_support: draft.birth_support,
    location: { kind: draft.location_kind, detail: draft.location_detail },
    hidden: draft.hidden,
  };
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Box component="label" sx={{ display: "flex", gap: 1, alignItems: "center", minHeight: 44 }}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} style={{ width: 20, height: 20 }} />
      {label}
    </Box>
  );
}

function ServiceForm({ service, onSaved }: { service?: StudioService; onSaved: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(service));
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const priced = { ...draft, currency: usePriceCurrency(draft.currency) };
  const details = outcome?.tone === "error" ? outcome.details : undefined;
  const set = <Field extends keyof Draft>(field: Field, value: Draft[Field]) => setDraft((current) => ({ ...current, [field]: value }));
  const text = (field: keyof Draft & keyof ReturnType<typeof bodyOf>, label: string, helper?: string, required = false) => (
    <TextField
      label={label}
      required={required}
      value={String(draft[field])}
      onChange={(event) => set(field, event.target.value as never)}
      error={Boolean(details?.[field])}
      helperText={details?.[field] ?? helper}
    />
  );
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await run(
      () =>
        service
          ? send("updateCalendarService", { params: { id: service.id }, body: bodyOf(priced) })
          : send("createCalendarService", { body: bodyOf(priced) }),
      (answer) => t("{name} is saved.", { name: answer.name }),
    );
    if (saved) {
      if (!service) setDraft(draftOf());
      onSaved();
    }
  };
  return (
    <Box
      component="form"
      onSubmit={save}
      noValidate
      aria-label={service ? t("Service {name}", { name: service.name }) : t("New service")}
      sx={{ display: "grid", gap: 2, p: 2, border: "1px solid var(--border)", borderRadius: 2 }}
    >
      {text("name", t("Name"), undefined, true)}
      <TextField
        label={t("Description (optional)")}
        multiline
        rows={2}
        value={draft.description}
        onChange={(event) => set("description", event.target.value)}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" }, alignItems: "start" }}>
        {text("duration_minutes", t("Duration (minutes)"), t("From 15 to 240"), true)}
        {text("price", t("Price"), t("0 for free; paid through Stripe"))}
        <CurrencySelect value={priced.currency} onChange={(chosen) => set("currency", chosen)} error={details?.currency} />
        {text("buffer_before_minutes", t("Buffer before (minutes)"))}
        {text("buffer_after_minutes", t("Buffer after (minutes)"))}
        {text("min_notice_hours", t("Minimum notice (hours)"))}
        {text("max_days_ahead", t("How far ahead (days)"))}
        {text("cap_per_day", t("Most per day (optional)"))}
        {text("cap_per_week", t("Most per week (optional)"))}
        {text("cancel_cutoff_hours", t("Cancellation cut-off (hours before)"))}
        <LabelledSelect
          label={t("Who may book")}
          value={draft.who}
          onChange={(value) => set("who", value as Draft["who"])}
          options={[
            { value: "anyone", label: t("Anyone") },
            { value: "members", label: t("Signed-in members only") },
          ]}
        />
        <LabelledSelect
          label={t("Where it happens")}
          value={draft.location_kind}
          onChange={(value) => set("location_kind", value as Draft["location_kind"])}
          options={[
            { value: "video", label: t("Video call") },
            { value: "phone", label: t("Phone call") },
            { value: "address", label: t("At an address") },
          ]}
        />
      </Box>
      {draft.location_kind !== "phone" ? (
        <TextField
          label={draft.location_kind === "video" ? t("Video-call link") : t("Address")}
          value={draft.location_detail}
          onChange={(event) => set("location_detail", event.target.value)}
          error={Boolean(details?.location)}
          helperText={details?.location ?? t("Sent to her once the booking is confirmed.")}
        />
      ) : null}
      <Box component="fieldset" sx={fieldsetStyle}>
        <legend>{t("Options")}</legend>
        <Check
          label={t("Refund a paid booking cancelled before the cut-off")}
          checked={draft.refund_before_cutoff}
          onChange={(value) => set("refund_before_cutoff", value)}
        />
        <Check
          label={t("Birth support (asks her due date; counts places by due month)")}
          checked={draft.birth_support}
          onChange={(value) => set("birth_support", value)}
        />
        <Check label={t("Hidden (not offered; its bookings stay)")} checked={draft.hidden} onChange={(value) => set("hidden", value)} />
      </Box>
      <OutcomeNotice outcome={outcome} />
      <Box>
        <Button type="submit" variant="contained" disabled={busy}>
          {service ? t("Save service") : t("Add service")}
        </Button>
      </Box>
    </Box>
  );
}

export function ServicesEditor() {
  const { answer, failure, refresh } = useAnswer("studioCalendarServices");
  if (!answer) return <Loading failure={failure} what={t("the services")} />;
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {answer.services.map((service) => (
        <details key={service.id}>
          <summary style={{ cursor: "pointer", padding: "8px 0", fontWeight: 600 }}>
            {t("{name}: {minutes} min, {price}", {
              name: service.name,
              minutes: service.duration_minutes,
              price: priceLabel(service.price, service.currency),
            })}
            {service.hidden ? ` ${t("(hidden)")}` : ""}
          </summary>
          <ServiceForm service={service} onSaved={refresh} />
        </details>
      ))}
      <Box component="h3" sx={{ m: 0, fontSize: "1.1rem" }}>
        {t("Add a service")}
      </Box>
      <ServiceForm onSaved={refresh} />
    </Box>
  );
}
