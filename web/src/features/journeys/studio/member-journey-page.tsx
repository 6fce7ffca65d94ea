import "./journeys-studio-endpoints.ts";
import { Link, useParams } from "react-router";
import { OutcomeNotice } from "../../../components/outcome-notice.tsx";
import { useAnswer } from "../../../lib/answers.ts";
import { numericIdParams } from "../../../lib/first-answers.ts";
import { formatDate, formatDateTime, Loading, ScrollingTable, StudioPage, studioNoticeStyle } from "../../../studio-kit/studio-parts.tsx";
import { CalledOrButton, useMarkCalled } from "./mark-called.tsx";
import { reasonLabel } from "./journey-labels.ts";
import { t } from "./messages.ts";

/** One member's journeys as her doula reads them: the steps sent and when, her check-ins' answers, her requests. */
export default function MemberJourneyPage() {
  const id = useParams().id ?? "";
  const { answer, failure } = useAnswer("studioMemberJourney", numericIdParams(id));
  const { outcome, busy, mark } = useMarkCalled();
  return (
    <StudioPage title={answer ? t("{name}'s journey", { name: answer.name }) : t("Her journey")}>
      <p>
        <Link to="/studio/journeys">{t("All journeys")}</Link>
        {answer ? (
          <>
            {" · "}
            <Link to={`/studio/members/${answer.member_id}`}>{t("Her member page")}</Link>
          </>
        ) : null}
      </p>
      {!answer ? (
        <Loading failure={failure} what={t("her journey")} />
      ) : (
        <>
          <p>
            {answer.born_on
              ? t("Her baby was born on {day}.", { day: formatDate(`${answer.born_on}T12:00:00Z`) })
              : answer.due_date
                ? t("Due on {day}.", { day: formatDate(`${answer.due_date}T12:00:00Z`) })
                : t("No due date yet: no step reaches her until she gives one.")}
          </p>
          <section aria-labelledby="requests-heading">
            <h2 id="requests-heading">{t("Asked for contact")}</h2>
            <OutcomeNotice outcome={outcome} style={studioNoticeStyle} />
            {answer.contact_requests.length === 0 ? (
              <p>{t("No requests.")}</p>
            ) : (
              <ul className="spaced-list" style={{ paddingInlineStart: 20 }}>
                {answer.contact_requests.map((request) => (
                  <li key={request.id}>
                    {formatDateTime(request.at)}: {reasonLabel(request.reason)}.{" "}
                    <CalledOrButton request={request} busy={busy} mark={mark} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="check-ins-heading">
            <h2 id="check-ins-heading">{t("Her check-ins")}</h2>
            {answer.check_ins.length === 0 ? (
              <p>{t("No check-ins answered.")}</p>
            ) : (
              answer.check_ins.map((checkIn) => (
                <ScrollingTable
                  key={checkIn.step_id}
                  label={t("{title}, answered {when}", { title: checkIn.title, when: formatDateTime(checkIn.answered_at) })}
                >
                  <table>
                    <caption style={{ textAlign: "start", fontWeight: 600, padding: "8px 0" }}>
                      {t("{title}, answered {when}", { title: checkIn.title, when: formatDateTime(checkIn.answered_at) })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col">{t("Question")}</th>
                        <th scope="col">{t("Her answer")}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {checkIn.answers.map((each) => (
                        <tr key={each.question}>
                          <th scope="row">{each.question}</th>
                          <td>{each.answer}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollingTable>
              ))
            )}
          </section>
          <section aria-labelledby="sent-heading">
            <h2 id="sent-heading">{t("Steps sent to her")}</h2>
            {answer.steps_sent.length === 0 ? (
              <p>{t("None yet.")}</p>
            ) : (
              <ScrollingTable label={t("Steps sent to her")}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t("Step")}</th>
                      <th scope="col">{t("Due")}</th>
                      <th scope="col">{t("Sent")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {answer.steps_sent.map((step) => (
                      <tr key={step.step_id}>
                        <th scope="row">{step.title}</th>
                        <td>{formatDateTime(step.due_at)}</td>
                        <td>{formatDateTime(step.sent_at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollingTable>
            )}
          </section>
        </>
      )}
    </StudioPage>
  );
}
