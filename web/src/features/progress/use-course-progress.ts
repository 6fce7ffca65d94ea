import { useEffect, useState } from "react";
import type { CourseProgress } from "../../../../contract/progress.ts";
import { callApi } from "../../lib/api-client.ts";

/** Her progress in a course; null until it loads, and when it cannot (offline): the page works without it. */
export function useCourseProgress(courseId: number): CourseProgress | null {
  const [progress, setProgress] = useState<CourseProgress | null>(null);
  useEffect(() => {
    if (!Number.isInteger(courseId) || courseId <= 0) return;
    let current = true;
    callApi<CourseProgress>(`/reactapi/progress/courses/${courseId}`)
      .then((answer) => current && setProgress(answer))
      .catch(() => current && setProgress(null));
    return () => {
      current = false;
    };
  }, [courseId]);
  return progress;
}
