import "./journeys-endpoints.ts";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import type { MyJourney } from "../../../../contract/journeys.ts";
import { OutcomeNotice } from "../../components/outcome-notice.tsx";
import { useAnswer, useSend } from "../../lib/answers.ts";
import { browserTimeZone, zoneName } from "../../lib/time-labels.ts";
import { useAction } from "../../lib/use-action.ts";
import { t } from "./messages.ts";

type Way = MyJourney["channels"][number];

/** On /account: whether her journey is paused, whether its steps also come by mail or notification, and her zone. */
export default function JourneySettings() {
  const { answer } = useAnswer("myJourney");
  return answer ? <SettingsForm journey={answer} /> : null;
}

function SettingsForm({ journey }: { journey: MyJourney }) {
  const [paused, setPaused] = useState(journey.paused);
  const [ways, setWays] = useState<Way[]>(journey.channels);
  const [zone, setZone] = useState(journey.time_zone);
  useEffect(() => {
    setPaused(journey.paused);
    setWays(journey.channels);
    setZone(journey.time_zone);
  }, [journey]);
  const zones = useMemo(() => {
    const known = Intl.supportedValuesOf("timeZone");
    return known.includes(zone) ? known : [zone, ...known];
  }, [zone]);
  const { outcome, busy, run } = useAction();
  const send = useSend();
  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => send("saveJourneySettings", { body: { paused, channels: ways, time_zone: zone } }),
      (answer) => answer.message,
    );
  };
  const toggle = (way: Way, on: boolean) =>
    setWays(on ? [...ways.filter((each) => each !== way), way] : ways.filter((each) => each !== way));
  return (
    <form onSubmit={save} noValidate aria-label={t("Your journey")} className="stack">
      <p style={{ margin: 0 }}>
        {t(
          "Your doula's messages for your weeks of pregnancy and the weeks after the birth. Each shows on your home and in your journey; you choose whether it also reaches you another way.",
        )}
      </p>
      <fieldset className="checkbox-group">
        <legend>{t("Also send each step")}</legend>
        <label className="checkbox-row">
          <input type="checkbox" checked={ways.includes("mail")} onChange={(event) => toggle("mail", event.target.checked)} />
          <span>{t("By e-mail")}</span>
        </label>
        <label className="checkbox-row">
          <input type="checkbox" checked={ways.includes("push")} onChange={(event) => toggle("push", event.target.checked)} />
          <span>{t("As a notification on my devices")}</span>
        </label>
      </fieldset>
      <label className="checkbox-row">
        <input type="checkbox" checked={paused} onChange={(event) => setPaused(event.target.checked)} />
        <span>{t("Pause my journey: no step reaches me until I turn this off")}</span>
      </label>
      <label className="text-field-label" style={{ display: "flex", flexDirection: "column", gap: 4 }}>
        {t("My time zone (steps come at their hour of my day)")}
        <select className="text-field-input" value={zone} onChange={(event) => setZone(event.target.value)}>
          {zones.map((each) => (
            <option key={each} value={each}>
              {zoneName(each)}
            </option>
          ))}
        </select>
      </label>
      {zone !== browserTimeZone() && zones.includes(browserTimeZone()) ? (
        <p className="small-text" style={{ margin: 0 }}>
          <button type="button" className="button button-small button-outlined" onClick={() => setZone(browserTimeZone())}>
            {t("Use this device's zone: {zone}", { zone: zoneName(browserTimeZone()) })}
          </button>
        </p>
      ) : null}
      <OutcomeNotice outcome={outcome} />
      <div className="row">
        <button type="submit" className="button button-contained" disabled={busy}>
          {t("Save my journey's settings")}
        </button>
      </div>
    </form>
  );
}
