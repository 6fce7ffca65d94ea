import { useCallback, useEffect, useState } from "react";
import type { CourseProgress, LessonProgress } from "../../../../contract/progress.ts";
import { callApi } from "../../lib/api-client.ts";

const progressUrl = (lessonId: number) => `/reactapi/progress/lessons/${lessonId}`;

/**
 * Saves a position as the page is left: a keepalive request outlives the page, like
 * navigator.sendBeacon, but can be JSON, which the API asks of every write.
 */
export function savePositionOnLeaving(lessonId: number, seconds: number): void {
  void fetch(progressUrl(lessonId), {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ position_seconds: seconds }),
  }).catch(() => {});
}

/**
 * Her progress in one lesson: read from the course's progress, recorded as opened, and changed by
 * the video or the Mark as complete button. undefined while loading (or until `ask`); null when it
 * cannot load.
 */
export function useLessonProgress(courseId: number, lessonId: number, { ask = true } = {}) {
  const [progress, setProgress] = useState<LessonProgress | null | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setProgress(undefined);
    if (!ask) return;
    callApi<CourseProgress>(`/reactapi/progress/courses/${courseId}`)
      .then(async (course) => {
        const mine = course.lessons.find((lesson) => lesson.lesson_id === lessonId);
        // Opening a lesson counts as starting it (and makes it the one to continue from /home).
        const opened = await callApi<LessonProgress>(progressUrl(lessonId), { body: { position_seconds: mine?.position_seconds ?? 0 } });
        if (current) setProgress(opened);
      })
      .catch(() => current && setProgress(null));
    return () => {
      current = false;
    };
  }, [courseId, lessonId, ask]);

  const update = useCallback(
    async (body: { position_seconds?: number; completed?: boolean }) => {
      const saved = await callApi<LessonProgress>(progressUrl(lessonId), { body });
      setProgress(saved);
      return saved;
    },
    [lessonId],
  );
  return { progress, update };
}
