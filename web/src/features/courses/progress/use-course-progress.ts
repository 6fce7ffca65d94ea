import type { CourseProgress } from "../../../../../contract/progress.ts";
import { useAnswer } from "../../../lib/answers.ts";
import { courseProgressQuery, isCourseId } from "../../../lib/catalogue.ts";

/**
 * Her progress in a course: null until it loads, and when it cannot (offline), for the page works
 * without it. `settled` says whether an answer (or a failure) has come, so the page can wait for
 * it instead of growing a line when it arrives.
 */
export function useCourseProgress(courseId: number): { progress: CourseProgress | null; settled: boolean } {
  const { answer, loading } = useAnswer("courseProgress", courseProgressQuery(courseId), { skip: !isCourseId(courseId) });
  return { progress: answer ?? null, settled: answer !== undefined || !loading };
}
