import { Link as RouterLink } from "react-router";
import type { HomeCardProps } from "../../lib/slots.tsx";
import { PlayCircleIcon } from "../../components/icons.tsx";
import { clockTime } from "../../lib/clock-time.ts";
import { t } from "./messages.ts";

const lessonLink = (pointer: { course_id: number; lesson_id: number }) => `/lesson?course=${pointer.course_id}&lesson=${pointer.lesson_id}`;

/** /home's answer to "where was I?": the lesson she was last in, where in its video, and the next one. */
export default function ContinueCard({ answer: summary }: HomeCardProps<"progressSummary">) {
  const { continue: last, next } = summary;
  if (!last) return null;
  return (
    <section aria-labelledby="continue-heading" className="home-card">
      <h2 id="continue-heading" className="home-card-title">
        {t("Continue where you left off")}
      </h2>
      <p style={{ marginBottom: 4 }}>
        <strong>{last.lesson_title}</strong>
      </p>
      <p className="small-text quiet-text">
        {last.course_title}
        {last.completed ? t(", completed") : last.position_seconds > 0 ? t(", at {time}", { time: clockTime(last.position_seconds) }) : ""}
      </p>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <RouterLink
          to={lessonLink(last)}
          className="button button-contained"
          aria-label={t("Continue: {lesson}", { lesson: last.lesson_title })}
        >
          <PlayCircleIcon />
          {t("Continue")}
        </RouterLink>
        {next ? (
          <RouterLink
            to={lessonLink(next)}
            className="button button-outlined"
            aria-label={t("Next lesson: {lesson}", { lesson: next.lesson_title })}
          >
            {t("Next: {lesson}", { lesson: next.lesson_title })}
          </RouterLink>
        ) : null}
      </div>
    </section>
  );
}
