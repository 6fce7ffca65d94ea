import "./journeys-endpoints.ts";
import { type FormEvent, useId, useState } from "react";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { TextField } from "../../components/text-field.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { useSession } from "../../lib/session.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";

/** On /account: "Baby is here", for her or her partner to record the birth; her doula is told. */
export default function BabyIsHere() {
  const partner = useSession().user?.joined_as === "partner";
  const bornOn = useAnswer("myJourney").answer?.born_on ?? null;
  const [day, setDay] = useState("");
  const [name, setName] = useState("");
  const [grams, setGrams] = useState("");
  const [tellCommunity, setTellCommunity] = useState(false);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const hintId = useId();
  const record = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () =>
        send("recordBirth", {
          body: {
            born_on: day,
            baby_name: name,
            weight_grams: grams.trim() === "" ? null : Number(grams),
            tell_community: tellCommunity,
          },
        }),
      (answer) => answer.message,
    );
  };
  return (
    <form onSubmit={record} noValidate aria-label={t("Baby is here")} className="stack">
      <p id={hintId} style={{ margin: 0 }}>
        {bornOn
          ? t("Your baby's birth is recorded. You can correct its details here.")
          : partner
            ? t("When the baby is born, tell her doula here: her journey turns to the weeks after the birth and her labour line closes.")
            : t(
                "When your baby is born, tell your doula here: your journey turns to the weeks after the birth and your labour line closes.",
              )}
      </p>
      <TextField
        label={t("Born on")}
        type="date"
        value={day}
        required
        onChange={(event) => setDay(event.target.value)}
        error={Boolean(outcome?.details?.born_on)}
        helperText={outcome?.details?.born_on}
      />
      <TextField label={t("The baby's name (optional)")} value={name} onChange={(event) => setName(event.target.value)} />
      <TextField
        label={t("Weight in grams (optional)")}
        type="number"
        value={grams}
        onChange={(event) => setGrams(event.target.value)}
        error={Boolean(outcome?.details?.weight_grams)}
        helperText={outcome?.details?.weight_grams}
      />
      <label className="checkbox-row">
        <input type="checkbox" checked={tellCommunity} onChange={(event) => setTellCommunity(event.target.checked)} />
        <span>{t("Share the news in the community")}</span>
      </label>
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Baby is here")}
        </button>
      </div>
    </form>
  );
}
