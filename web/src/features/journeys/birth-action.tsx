import "./journeys-endpoints.ts";
import { type FormEvent, useState } from "react";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useSend } from "../../lib/answers.ts";
import { useAction } from "../../lib/use-action.ts";
import { dayKey } from "../../lib/calendar-days.ts";
import { browserTimeZone } from "../../lib/time-labels.ts";
import { t } from "./messages.ts";

/** Today's date in her browser's zone, as a date field writes it (YYYY-MM-DD). */
const todayHere = () => dayKey(new Date().toISOString(), browserTimeZone());

/**
 * The home's pacing card's "My baby has arrived", as the journeys answer it: the day of the birth
 * (today unless she changes it), recorded as Baby is here, so her doula is told and her journey turns
 * to the weeks after the birth; her account keeps the rest (the name, the weight, the community).
 */
export default function BirthAction() {
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState(todayHere);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const record = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => send("recordBirth", { body: { born_on: day } }),
      (answer) => answer.message,
    );
  };
  if (!open)
    return (
      <button type="button" className="button button-outlined" onClick={() => setOpen(true)}>
        {t("My baby has arrived")}
      </button>
    );
  return (
    <form onSubmit={record} noValidate aria-label={t("Baby is here")} className="stack">
      <TextField
        label={t("Born on")}
        type="date"
        value={day}
        onChange={(event) => setDay(event.target.value)}
        error={Boolean(outcome?.details?.born_on)}
        helperText={outcome?.details?.born_on}
      />
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Tell my doula the baby is here")}
        </button>
        <button type="button" className="button button-outlined" onClick={() => setOpen(false)}>
          {t("Not yet")}
        </button>
      </div>
    </form>
  );
}
