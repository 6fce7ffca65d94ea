import type { CourseProgress } from "../../../../../contract/progress.ts";
import { useAnswer } from "../../../lib/answers.ts";
import { isCourseId } from "../../../lib/catalogue.ts";

/** Her progress in a course; null until it loads, and when it cannot (offline): the page works without it. */
export function useCourseProgress(courseId: number): CourseProgress | null {
  return useAnswer("courseProgress", { params: { courseId } }, { skip: !isCourseId(courseId) }).answer ?? null;
}
