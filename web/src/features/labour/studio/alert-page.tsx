import "./labour-studio-endpoints.ts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Link, useParams } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useAnswer, useSend } from "../../../lib/answers.ts";
import { useSession } from "../../../lib/session.ts";
import { useAction } from "../../../lib/use-action.ts";
import { formatDateTime, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { useAlertsLive } from "./alerts-live.ts";
import { dayLabel, kindLabel } from "./labour-labels.ts";
import { BirthPreferencesLink } from "./birth-preferences-link.tsx";
import { t } from "./messages.ts";

/** One labour alert: who, what, her timer's last hour; I've seen it, and the hand-over to her backup. */
export default function AlertPage() {
  const alertId = Number(useParams().id);
  const { answer: alert, failure, refresh } = useAnswer("studioLabourAlert", { params: { alertId } });
  useAlertsLive(refresh);
  const send = useSend();
  const { outcome, busy, run } = useAction();
  // A team doula sees the alert; her client page is the instructor's.
  const instructor = useSession().user?.role === "admin";
  if (!alert)
    return (
      <StudioPage title={t("Labour alert")}>
        <Loading failure={failure} what={t("this alert")} />
      </StudioPage>
    );
  const timer = alert.timer_last_hour;
  return (
    <StudioPage title={t("{name}: {what}", { name: alert.name, what: kindLabel(alert.kind) })}>
      <p>
        <Link to="/studio/labour">{t("All alerts")}</Link>
      </p>
      <p role="status" style={{ fontSize: "1.15rem" }}>
        {alert.status === "seen"
          ? t("Seen by {name} at {time}. She sees this on her phone.", { name: alert.seen_by ?? "", time: formatDateTime(alert.seen_at) })
          : t("Sent at {time}, not yet seen. Told: {names}.", { time: formatDateTime(alert.sent_at), names: alert.told.join(", ") })}
      </p>
      {alert.note ? <blockquote style={{ margin: "0 0 16px", fontSize: "1.1rem" }}>{alert.note}</blockquote> : null}
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", m: "0 0 16px" }}>
        <dt>{t("Due")}</dt>
        <dd style={{ margin: 0 }}>{dayLabel(alert.due_date)}</dd>
        <dt>{t("Phone")}</dt>
        <dd style={{ margin: 0 }}>
          {alert.phone ? <a href={`tel:${alert.phone.replace(/[^+0-9]/g, "")}`}>{alert.phone}</a> : t("Not given")}
        </dd>
        {alert.address ? (
          <>
            <dt>{t("Where she is")}</dt>
            <dd style={{ margin: 0 }}>{alert.address}</dd>
          </>
        ) : null}
        <dt>{t("E-mail")}</dt>
        <dd style={{ margin: 0 }}>{alert.email ? <a href={`mailto:${alert.email}`}>{alert.email}</a> : t("Removed with her account")}</dd>
        <dt>{t("Her timer, last hour")}</dt>
        <dd style={{ margin: 0 }}>
          {timer.count === 0
            ? t("No contractions timed")
            : t("{count, plural, one {# contraction} other {# contractions}}, {seconds} seconds long, every {minutes} minutes on average", {
                count: timer.count,
                seconds: timer.average_seconds ?? "–",
                minutes: timer.average_interval_minutes ?? "–",
              })}
        </dd>
        <dt>{t("Birth preferences")}</dt>
        <dd style={{ margin: 0 }}>
          <BirthPreferencesLink recordId={alert.record_id} shared={alert.birth_preferences_shared} />
        </dd>
        <dt>{t("Backup doula")}</dt>
        <dd style={{ margin: 0 }}>{alert.backup ?? t("None chosen")}</dd>
      </Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
        {alert.status === "sent" ? (
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              void run(
                () => send("seeLabourAlert", { params: { alertId } }),
                (answer) => answer.message,
              )
            }
          >
            {t("I've seen it — I'll call you")}
          </Button>
        ) : null}
        {alert.can_hand_over ? (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void run(
                () => send("handLabourAlertToBackup", { params: { alertId } }),
                (answer) => answer.message,
              )
            }
          >
            {t("Hand to my backup")}
          </Button>
        ) : null}
        {alert.phone ? (
          <Button variant="outlined" href={`tel:${alert.phone.replace(/[^+0-9]/g, "")}`}>
            {t("Call her")}
          </Button>
        ) : null}
        {instructor ? (
          <Button variant="outlined" component={Link} to={`/studio/clients/${alert.record_id}`}>
            {t("Her client page")}
          </Button>
        ) : null}
      </Box>
      <OutcomeNotice outcome={outcome} style={{ marginTop: 12 }} />
    </StudioPage>
  );
}
