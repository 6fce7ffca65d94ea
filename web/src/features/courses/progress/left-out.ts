import { useMemo } from "react";
import type { CourseModule } from "../../../../../contract/catalogue.ts";
import { useAnswer } from "../../../lib/answers.ts";

/**
 * The lessons of this course carrying a note she chose to leave out of her suggestions: they stay
 * in the course (with a small marker), and "Next lesson" passes them by. Her choices are asked for
 * only when a lesson of the course carries a note at all.
 */
export function useLeftOut(modules: CourseModule[] | null | undefined): ReadonlySet<number> {
  const lessons = useMemo(() => (modules ?? []).flatMap((module) => module.lessons), [modules]);
  const noted = lessons.some((lesson) => !lesson.locked && (lesson.content_notes ?? []).length > 0);
  const choices = useAnswer("myContentNotes", undefined, { skip: !noted }).answer;
  return useMemo(() => {
    const leaving = new Set(choices?.notes.filter((note) => note.choice === "leave_out").map((note) => note.name));
    if (leaving.size === 0) return new Set<number>();
    return new Set(
      lessons
        .filter((lesson) => !lesson.locked && (lesson.content_notes ?? []).some((note) => leaving.has(note)))
        .map((lesson) => lesson.id),
    );
  }, [choices, lessons]);
}
