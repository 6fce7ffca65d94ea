import type { CourseProgress } from "../../../../contract/progress.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";

/** Her progress in a course; null until it loads, and when it cannot (offline): the page works without it. */
export function useCourseProgress(courseId: number): CourseProgress | null {
  const valid = Number.isInteger(courseId) && courseId > 0;
  return useApiAnswer<CourseProgress>(valid ? `/reactapi/progress/courses/${courseId}` : null).answer ?? null;
}
