import "./labour-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useSession } from "../../../lib/session.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { useAlertsLive } from "./alerts-live.ts";
import { kindLabel } from "./labour-labels.ts";
import { t } from "./messages.ts";

/** Studio → Labour line: the alerts of the last two days, newest first, live. */
export default function AlertsPage() {
  const { answer, failure, refresh } = useAnswer("studioLabourAlerts");
  const instructor = useSession().user?.role === "admin";
  useAlertsLive(refresh);
  return (
    <StudioPage
      title={t("Labour line")}
      intro={t("When a client presses Tell my doula, her alert appears here at once, and on your devices with notifications on.")}
    >
      <ul>
        <li>
          <Link to="/studio/on-call">{t("On call: your clients' windows and the periods off call")}</Link>
        </li>
        <li>
          {/* Her account page keeps each device's notifications; a labour alert on her phone is the point of them. */}
          <Link to="/account#notifications-heading">{t("Notifications on this device")}</Link>
        </li>
      </ul>
      {!answer ? (
        <Loading failure={failure} what={t("the alerts")} />
      ) : answer.alerts.length === 0 ? (
        <p>{t("No alerts in the last two days.")}</p>
      ) : (
        <ul style={{ paddingInlineStart: 20 }}>
          {answer.alerts.map((alert) => (
            <li key={alert.id} style={{ marginBottom: 12 }}>
              <Link to={`/studio/labour/${alert.id}`}>{t("{name}: {what}", { name: alert.name, what: kindLabel(alert.kind) })}</Link>{" "}
              {alert.status === "seen"
                ? t("Seen by {name} at {time}", { name: alert.seen_by ?? "", time: formatDateTime(alert.seen_at) })
                : t("Sent at {time}, not yet seen", { time: formatDateTime(alert.sent_at) })}
            </li>
          ))}
        </ul>
      )}
      {instructor ? <OffCall /> : null}
    </StudioPage>
  );
}

/** `datetime-local`'s value (her device's zone) as the instant it names. */
const instantOf = (local: string) => new Date(local).toISOString();

/** Her periods off call (a holiday, a birth she is at): alerts go straight to each client's backup meanwhile. */
function OffCall() {
  const { answer } = useAnswer("offCallPeriods");
  const send = useSend();
  const { outcome, busy, run } = useAction();
  const [period, setPeriod] = useState({ from: "", until: "" });
  return (
    <section aria-labelledby="off-call-heading" style={{ marginTop: 32 }}>
      <h2 id="off-call-heading">{t("Off call")}</h2>
      <p>
        {t("While you are off call, your clients' alerts go straight to their backup doula, and their page says who is on call for them.")}
      </p>
      {answer && answer.periods.length > 0 ? (
        <ul>
          {answer.periods.map((one) => (
            <li key={one.id}>
              {t("{from} to {until}", { from: formatDateTime(one.from), until: formatDateTime(one.until) })}{" "}
              <Button
                size="small"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => send("deleteOffCall", { params: { id: one.id } }),
                    (done) => done.message,
                  )
                }
              >
                {t("Remove")}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Box
        component="form"
        noValidate
        aria-label={t("Add a period off call")}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          if (!period.from || !period.until) return;
          void run(
            () => send("addOffCall", { body: { from: instantOf(period.from), until: instantOf(period.until) } }),
            (done) => done.message,
          );
        }}
        sx={{ display: "flex", gap: 1.5, alignItems: "end", flexWrap: "wrap" }}
      >
        <TextField
          label={t("From")}
          type="datetime-local"
          value={period.from}
          onChange={(event) => setPeriod({ ...period, from: event.target.value })}
        />
        <TextField
          label={t("Until")}
          type="datetime-local"
          value={period.until}
          onChange={(event) => setPeriod({ ...period, until: event.target.value })}
        />
        <Button type="submit" variant="outlined" disabled={busy}>
          {t("Add")}
        </Button>
      </Box>
      <OutcomeNotice outcome={outcome} style={{ marginTop: 12 }} />
    </section>
  );
}
