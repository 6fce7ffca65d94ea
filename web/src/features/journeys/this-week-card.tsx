import { Link } from "react-router";
import type { MyJourney } from "../../../../contract/journeys.ts";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { zonedFormat } from "../../lib/time-labels.ts";
import { t } from "./messages.ts";

/** The step she is in now: the last one sent her, or, before any, the first to come. */
export function currentStep(steps: MyJourney["steps"]): MyJourney["steps"][number] | undefined {
  return steps.findLast((step) => step.status !== "upcoming") ?? steps.find((step) => step.status === "upcoming");
}

/** /home's "This week": her journey's current step, and the way to its check-in when it has one. */
export default function ThisWeekCard({ answer }: HomeCardProps<"myJourney">) {
  const step = currentStep(answer.steps);
  if (!step || answer.paused) return null;
  const day = zonedFormat(answer.time_zone, { weekday: "long", day: "numeric", month: "long" }).format(new Date(step.at));
  return (
    <section aria-labelledby="this-week-heading" className="home-card">
      <h2 id="this-week-heading" className="home-card-title">
        {t("This week")}
      </h2>
      <h3 style={{ margin: "0 0 4px", fontSize: "1.05rem" }}>{step.title}</h3>
      {step.status === "upcoming" ? (
        <p className="quiet-text" style={{ margin: 0 }}>
          {t("Comes on {day}.", { day })}
        </p>
      ) : (
        <>
          <p style={{ margin: "0 0 12px", whiteSpace: "pre-wrap" }}>{excerpt(step.text)}</p>
          <div className="row">
            <Link className="button button-contained" to={`/journey/steps/${step.id}`}>
              {step.check_in_id && step.status === "sent" ? t("Answer the check-in") : t("Read this step")}
            </Link>
            <Link to="/journey">{t("Your whole journey")}</Link>
          </div>
        </>
      )}
    </section>
  );
}

/** The first paragraph, cut at a word near 240 characters: the card invites, the step's page says it all. */
function excerpt(text: string): string {
  const first = text.split(/\n{2,}/)[0] ?? "";
  if (first.length <= 240) return first;
  const cut = first.slice(0, 240);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 160 ? cut.lastIndexOf(" ") : 240)}…`;
}
