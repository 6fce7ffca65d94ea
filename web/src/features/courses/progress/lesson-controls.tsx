import { useState } from "react";
import { Link as RouterLink } from "react-router";
import type { CourseModule } from "../../../../../contract/catalogue.ts";
import type { LessonProgress } from "../../../../../contract/progress.ts";
import { CheckCircleIcon, UncheckedIcon } from "../../../components/icons.tsx";
import { Notice } from "../../../components/notice.tsx";
import { failureOf } from "../../../lib/api.ts";

/** The lesson before and after this one in the course's reading order (modules depth first, as the server sends them). */
export function neighbours(modules: CourseModule[] | null | undefined, lessonId: number) {
  const order = (modules ?? []).flatMap((module) => module.lessons.map((lesson) => ({ id: lesson.id, title: lesson.lesson_title })));
  const index = order.findIndex((lesson) => lesson.id === lessonId);
  if (index < 0) return { previous: undefined, next: undefined };
  return { previous: order[index - 1], next: order[index + 1] };
}

type Props = {
  progress: LessonProgress | null | undefined;
  update: (body: { completed: boolean }) => Promise<unknown>;
};

/** Mark as complete: a toggle that says what it is (pressed or not), saved at once. */
export function MarkComplete({ progress, update }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const completed = progress?.completed ?? false;
  return (
    <div style={{ margin: "16px 0" }}>
      <button
        type="button"
        className={completed ? "button button-contained" : "button button-outlined"}
        aria-pressed={completed}
        disabled={progress === undefined || busy}
        onClick={async () => {
          setBusy(true);
          setProblem(null);
          try {
            await update({ completed: !completed });
          } catch (error) {
            setProblem(failureOf(error).error ?? "We could not save this. Please try again.");
          } finally {
            setBusy(false);
          }
        }}
      >
        {completed ? <CheckCircleIcon /> : <UncheckedIcon />}
        Mark as complete
      </button>
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
  const { previous, next } = neighbours(modules, lessonId);
  if (!previous && !next) return null;
  return (
    <nav
      aria-label="Lessons of this course"
      style={{ display: "flex", justifyContent: "space-between", gap: 8, flexWrap: "wrap", margin: "16px 0" }}
    >
      {previous ? (
        <RouterLink
          to={`/lesson?course=${courseId}&lesson=${previous.id}`}
          className="button button-outlined"
          aria-label={`Previous lesson: ${previous.title}`}
        >
          Previous lesson
        </RouterLink>
      ) : (
        <span />
      )}
      {next ? (
        <RouterLink
          to={`/lesson?course=${courseId}&lesson=${next.id}`}
          className="button button-contained"
          aria-label={`Next lesson: ${next.title}`}
        >
          Next lesson
        </RouterLink>
      ) : null}
    </nav>
  );
}
