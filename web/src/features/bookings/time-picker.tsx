import { useId, useMemo, useState } from "react";
import { Notice } from "../../components/notice.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { zoneName } from "../../lib/time-labels.ts";
import { allTimeZones, dayKey, dayLabel, timeLabel } from "../../lib/calendar-days.ts";
import { t, tWith } from "./messages.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Two weeks at a time: a phone shows them in one short scroll, and the first times come in one request. */
const WINDOW_DAYS = 14;

/** The zone she reads times in, named, and her choice of another (a visitor abroad, a partner in another city). */
export function ZoneChoice({ zone, onChange }: { zone: string; onChange: (zone: string) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const zones = useMemo(() => (open ? allTimeZones(zone) : [zone]), [open, zone]);
  return (
    <div className="row small-text" style={{ margin: "0 0 12px" }}>
      <span>{tWith("Times are shown in {zone} time.", { zone: <strong>{zoneName(zone)}</strong> })}</span>
      {open ? (
        <>
          <label htmlFor={id} className="visually-hidden">
            {t("Show times in")}
          </label>
          <select
            id={id}
            className="text-field-input"
            style={{ width: "auto", maxWidth: "100%" }}
            value={zone}
            onChange={(event) => onChange(event.target.value)}
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {zoneName(name)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <button type="button" className="button button-small" onClick={() => setOpen(true)}>
          {t("Change time zone")}
        </button>
      )}
    </div>
  );
}

/**
 * A service's free times, two weeks at a time, grouped by day in her zone. `chosen` is the time she
 * picked (an ISO instant), shown pressed.
 */
export function TimePicker({
  serviceId,
  zone,
  chosen,
  onChoose,
  label,
}: {
  serviceId: number;
  zone: string;
  chosen: string | null;
  onChoose: (start: string) => void;
  label: string;
}) {
  // The window starts at the minute the picker opened, so its request stays the same while it shows.
  const [opened] = useState(() => Math.floor(Date.now() / 60_000) * 60_000);
  const [page, setPage] = useState(0);
  const from = new Date(opened + page * WINDOW_DAYS * DAY_MS).toISOString();
  const to = new Date(opened + (page + 1) * WINDOW_DAYS * DAY_MS).toISOString();
  const { answer, failure, loading } = useAnswer("bookingSlots", { params: { id: serviceId }, query: { from, to } });
  const days = useMemo(() => {
    const grouped = new Map<string, string[]>();
    for (const slot of answer?.slots ?? []) {
      const key = dayKey(slot, zone);
      grouped.set(key, [...(grouped.get(key) ?? []), slot]);
    }
    return [...grouped.values()];
  }, [answer, zone]);

  return (
    <section aria-label={label}>
      {failure ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("We could not load the free times. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && loading ? <ProgressRing size={32} label={t("Loading free times")} /> : null}
      {answer && days.length === 0 ? (
        <p className="quiet-text">{t("No free times in these two weeks. Try the next two weeks, or write to us from the Support page.")}</p>
      ) : null}
      {days.map((times) => (
        <div key={times[0]} className="booking-day">
          <h3 className="booking-day-title">{dayLabel(times[0]!, zone)}</h3>
          <ul className="booking-times">
            {times.map((slot) => (
              <li key={slot}>
                <button type="button" className="booking-time" aria-pressed={chosen === slot} onClick={() => onChoose(slot)}>
                  {timeLabel(slot, zone)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className="row" style={{ marginTop: 8 }}>
        {page > 0 ? (
          <button type="button" className="button button-outlined" onClick={() => setPage(page - 1)}>
            {t("Earlier times")}
          </button>
        ) : null}
        <button type="button" className="button button-outlined" onClick={() => setPage(page + 1)}>
          {t("Later times")}
        </button>
      </div>
    </section>
  );
}
