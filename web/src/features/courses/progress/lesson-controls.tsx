import { useLeftOut } from "./left-out.ts";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import type { CourseModule } from "../../../../../contract/catalogue.ts";
import type { LessonProgress } from "../../../../../contract/progress.ts";
import { CheckCircleIcon, UncheckedIcon } from "../../../components/icons.tsx";
import { Notice } from "../../../components/notice.tsx";
import { failureOf } from "../../../lib/api.ts";
import { t } from "../messages.ts";

/** The lesson before and after this one in the course's reading order (modules depth first, as the server sends them). */
export function neighbours(modules: CourseModule[] | null | undefined, lessonId: number, leftOut: ReadonlySet<number> = new Set()) {
  const order = (modules ?? []).flatMap((module) => module.lessons.map((lesson) => ({ id: lesson.id, title: lesson.lesson_title })));
  const index = order.findIndex((lesson) => lesson.id === lessonId);
  if (index < 0) return { previous: undefined, next: undefined };
  // The next one she has not left out of her suggestions; going back finds every lesson.
  return { previous: order[index - 1], next: order.slice(index + 1).find((lesson) => !leftOut.has(lesson.id)) };
}

type Props = {
  progress: LessonProgress | null | undefined;
  update: (body: { completed: boolean }) => Promise<unknown>;
};

/** Mark as complete, saved at once; once done, the lesson says "Completed" and offers to undo it. */
export function MarkComplete({ progress, update }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const completed = progress?.completed ?? false;
  const save = async (value: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      await update({ completed: value });
    } catch (error) {
      setProblem(failureOf(error).error ?? t("We could not save this. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ margin: "16px 0" }}>
      {completed ? (
        <div className="row">
          <span role="status" className="chip chip-done" style={{ gap: 6, padding: "6px 12px", fontWeight: 600 }}>
            <CheckCircleIcon />
            {t("Completed")}
          </span>
          <button type="button" className="button button-small" disabled={busy} onClick={() => void save(false)}>
            {t("Mark as not complete")}
          </button>
        </div>
      ) : (
        <button type="button" className="button button-outlined" disabled={progress === undefined || busy} onClick={() => void save(true)}>
          <UncheckedIcon />
          {t("Mark as complete")}
        </button>
      )}
      {problem ? (
        <Notice tone="error" role="alert" style={{ marginTop: 8 }}>
          {problem}
        </Notice>
      ) : null}
    </div>
  );
}

export function PreviousNext({
  courseId,
  modules,
  lessonId,
}: {
  courseId: number;
  modules: CourseModule[] | null | undefined;
  lessonId: number;
}) {
  const { previous, next } = neighbours(modules, lessonId, useLeftOut(modules));
  if (!previous && !next) return null;
  return (
    <nav
      aria-label={t("Lessons of this course")}
      style={{ display: "flex", justifyContent: "space-between", gap: 8, flexWrap: "wrap", margin: "16px 0" }}
    >
      {previous ? (
        <RouterLink
          to={`/lesson?course=${courseId}&lesson=${previous.id}`}
          className="button button-outlined"
          aria-label={t("Previous lesson: {lesson}", { lesson: previous.title })}
        >
          {t("Previous lesson")}
        </RouterLink>
      ) : (
        <span />
      )}
      {next ? (
        <RouterLink
          to={`/lesson?course=${courseId}&lesson=${next.id}`}
          className="button button-contained"
          aria-label={t("Next lesson: {lesson}", { lesson: next.title })}
        >
          {t("Next lesson")}
        </RouterLink>
      ) : null}
    </nav>
  );
}
