import "./labour-studio-endpoints.ts";
import Box from "@mui/material/Box";
import { Link } from "react-router";
import { useAnswer } from "../../../lib/answers.ts";
import { useSession } from "../../../lib/session.ts";
import { formatDateTime, Loading, StudioPage } from "../../../studio-kit/studio-parts.tsx";
import { BirthPreferencesLink } from "./birth-preferences-link.tsx";
import { dayLabel } from "./labour-labels.ts";
import { t } from "./messages.ts";

/**
 * Studio → On call: who is due and when each is on call, with what she shares with her doulas, and
 * the doula's periods off call (when alerts go straight to the backup). A team doula sees the
 * clients she backs up, and nothing of their payments or the doula's private notes.
 */
export default function OnCallPage() {
  const { answer, failure } = useAnswer("onCallCalendar");
  const team = useSession().user?.role === "team";
  return (
    <StudioPage
      title={t("On call")}
      intro={
        team
          ? t(
              "The clients you are the backup doula for: while their doula is off call, or does not answer, their labour alerts come to you.",
            )
          : t("Your clients' on-call windows, and your periods off call, when their alerts go straight to their backup doula.")
      }
    >
      <p>
        <Link to="/studio/labour">{t("Labour line")}</Link>
      </p>
      {!answer ? (
        <Loading failure={failure} what={t("the on-call calendar")} />
      ) : (
        <>
          <section aria-labelledby="away-heading">
            <h2 id="away-heading">{team ? t("When the doula is off call") : t("Off call")}</h2>
            {answer.off_call.length === 0 ? (
              <p>{t("No periods off call ahead.")}</p>
            ) : (
              <ul>
                {answer.off_call.map((period) => (
                  <li key={period.from}>
                    {t("{from} to {until}", { from: formatDateTime(period.from), until: formatDateTime(period.until) })}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="clients-heading">
            <h2 id="clients-heading">{t("Clients")}</h2>
            {answer.clients.length === 0 ? (
              <p>{team ? t("No client has you as her backup doula yet.") : t("No clients yet.")}</p>
            ) : (
              answer.clients.map((client) => (
                <Box
                  component="article"
                  key={client.record_id}
                  aria-labelledby={`client-${client.record_id}`}
                  sx={{ border: "1px solid var(--border)", borderRadius: 2, p: 2, mb: 2 }}
                >
                  <h3 id={`client-${client.record_id}`} style={{ marginTop: 0 }}>
                    {team ? client.name : <Link to={`/studio/clients/${client.record_id}`}>{client.name}</Link>}
                  </h3>
                  <Box component="dl" sx={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", m: 0 }}>
                    <dt>{t("Due")}</dt>
                    <dd style={{ margin: 0 }}>{dayLabel(client.due_date)}</dd>
                    <dt>{t("On call")}</dt>
                    <dd style={{ margin: 0 }}>
                      {t("{from} to {until}", { from: dayLabel(client.on_call_from), until: dayLabel(client.on_call_until) })}
                    </dd>
                    <dt>{t("Backup doula")}</dt>
                    <dd style={{ margin: 0 }}>{client.backup ?? t("None chosen")}</dd>
                    <dt>{t("Birth preferences")}</dt>
                    <dd style={{ margin: 0 }}>
                      <BirthPreferencesLink recordId={client.record_id} shared={client.birth_preferences_shared} />
                    </dd>
                  </Box>
                  {client.shared_notes.length > 0 ? (
                    <>
                      <h4>{team ? t("Notes shared with you") : t("Notes her backup doula reads")}</h4>
                      <ul>
                        {client.shared_notes.map((note) => (
                          <li key={note.written_at}>
                            <span style={{ whiteSpace: "pre-wrap" }}>{note.text}</span> ({formatDateTime(note.written_at)}
                            {note.with_her ? "" : `, ${t("not shown to her")}`})
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </Box>
              ))
            )}
          </section>
        </>
      )}
    </StudioPage>
  );
}
