import { useCallback, useEffect, useState } from "react";
import type { LessonProgress } from "../../../../../contract/progress.ts";
import { useSend } from "../../../lib/answers.ts";
import { addressOf, call } from "../../../lib/api.ts";

/**
 * Saves a position as the page is left: a keepalive request outlives the page, like
 * navigator.sendBeacon, but can be JSON, which the API asks of every write.
 */
export function savePositionOnLeaving(lessonId: number, seconds: number): void {
  void fetch(addressOf("saveLessonProgress", { params: { lessonId }, body: {} }), {
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
  const send = useSend();

  useEffect(() => {
    let current = true;
    setProgress(undefined);
    if (!ask) return;
    call("courseProgress", { params: { courseId } })
      .then(async (course) => {
        const mine = course.lessons.find((lesson) => lesson.lesson_id === lessonId);
        // Opening a lesson counts as starting it (and makes it the one to continue from /home).
        const opened = await send("saveLessonProgress", { params: { lessonId }, body: { position_seconds: mine?.position_seconds ?? 0 } });
        if (current) setProgress(opened);
      })
      .catch(() => current && setProgress(null));
    return () => {
      current = false;
    };
  }, [courseId, lessonId, ask, send]);

  const update = useCallback(
    async (body: { position_seconds?: number; completed?: boolean }) => {
      const saved = await send("saveLessonProgress", { params: { lessonId }, body });
      setProgress(saved);
      return saved;
    },
    [lessonId, send],
  );
  return { progress, update };
}
