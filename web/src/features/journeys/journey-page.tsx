import { Link } from "react-router";
import { Notice } from "../../components/notice.tsx";
import { PageColumn } from "../../components/page-column.tsx";
import { ProgressRing } from "../../components/spinner.tsx";
import { useAnswer } from "../../lib/answers.ts";
import { zonedFormat } from "../../lib/time-labels.ts";
import { useSession } from "../../lib/session.ts";
import { t, tWith } from "./messages.ts";

/** /journey: her timeline, the steps sent her and those to come, each on its day in her zone. */
export default function JourneyPage() {
  const { answer, failure } = useAnswer("myJourney");
  // Her pacing says the baby is here, but no day was recorded: after-birth steps wait for it.
  const arrivedWithoutDay = useSession().user?.baby_arrived === true && answer?.born_on === null;
  const dayOf = (at: string) =>
    zonedFormat(answer?.time_zone ?? "UTC", { weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(new Date(at));
  return (
    <PageColumn title={t("Your journey")}>
      {failure && !answer ? (
        <Notice tone="error" role="alert">
          {failure.error ?? t("Your journey could not be loaded. Please try again in a moment.")}
        </Notice>
      ) : null}
      {!answer && !failure ? <ProgressRing size={32} label={t("Loading")} /> : null}
      {answer ? (
        <>
          {arrivedWithoutDay ? (
            <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
              {tWith("Your baby has arrived. {link}, and your doula's messages for the weeks after the birth will come here.", {
                link: <Link to="/account#baby-is-here-heading">{t("Tell us the day in your account")}</Link>,
              })}
            </Notice>
          ) : null}
          {answer.paused ? (
            <Notice tone="info" role="status" style={{ marginBottom: 16 }}>
              {t("Your journey is paused: no step reaches you until you turn it on again in your account.")}
            </Notice>
          ) : null}
          {answer.steps.length === 0 ? (
            <p>
              {answer.due_date
                ? t("Nothing here yet. Your doula's messages for your weeks will show here as they come.")
                : t("Add your due date in your account, and your doula's messages for your weeks will come here, each in its week.")}
            </p>
          ) : (
            <ol className="spaced-list" style={{ paddingInlineStart: 20 }}>
              {answer.steps.map((step) => (
                <li key={step.id}>
                  <h2 style={{ fontSize: "1.05rem", margin: "0 0 2px" }}>
                    {step.status === "upcoming" ? step.title : <Link to={`/journey/steps/${step.id}`}>{step.title}</Link>}
                  </h2>
                  <p className="quiet-text" style={{ margin: 0 }}>
                    {step.status === "upcoming"
                      ? t("Comes on {day}", { day: dayOf(step.at) })
                      : step.status === "answered"
                        ? t("{day} · answered", { day: dayOf(step.at) })
                        : step.check_in_id
                          ? t("{day} · a check-in for you", { day: dayOf(step.at) })
                          : dayOf(step.at)}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <p>
            <Link to="/account#journey-heading">{t("Pause your journey, or choose how it reaches you")}</Link>
          </p>
        </>
      ) : null}
    </PageColumn>
  );
}
