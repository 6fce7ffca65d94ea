import "./checks-endpoints.ts";
import { Link } from "react-router";
import type { CheckForMember } from "../../../../contract/checks.ts";
import { useAnswer } from "../../lib/answers.ts";
import { CheckForm } from "./check-form.tsx";
import { t } from "./messages.ts";

// A course's knowledge checks at the end of its page (the courseExtras slot, docs/checks.md): how
// many she has answered with full marks, each lesson's check with where she stands, and the checks
// at the end of its modules, answered here.

const fullMarks = (check: CheckForMember) => check.best !== null && check.best.score === check.best.out_of;

function standing(check: CheckForMember): string {
  if (!check.best) return t("Not answered yet");
  return fullMarks(check) ? t("Full marks") : t("Best so far: {score} of {outOf}", { score: check.best.score, outOf: check.best.out_of });
}

export default function CourseChecks({ courseId }: { courseId: number }) {
  const { answer } = useAnswer("courseChecks", { params: { courseId } });
  if (!answer || answer.checks.length === 0) return null;
  const inLessons = answer.checks.filter((check) => check.lesson_id !== null);
  const atModuleEnds = answer.checks.filter((check) => check.module_id !== null);
  return (
    <section aria-labelledby="course-checks-heading" style={{ marginTop: 24 }}>
      <h2 id="course-checks-heading" className="section-title">
        {t("Knowledge checks")}
      </h2>
      <p>
        {t("{total, plural, one {{done} of # check answered with full marks.} other {{done} of # checks answered with full marks.}}", {
          done: answer.checks.filter(fullMarks).length,
          total: answer.checks.length,
        })}
      </p>
      {inLessons.length > 0 ? (
        <ul className="check-list">
          {inLessons.map((check) => (
            <li key={check.id}>
              <Link to={`/lesson?course=${courseId}&lesson=${check.lesson_id}`}>
                {check.title || check.lesson_title || t("Check what you learned")}
              </Link>
              <span className="small-text quiet-text"> · {standing(check)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {atModuleEnds.map((check) => (
        <CheckForm key={check.id} check={check} />
      ))}
    </section>
  );
}
