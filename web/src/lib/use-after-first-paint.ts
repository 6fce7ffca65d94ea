import { useEffect, useState } from "react";

/**
 * False on a component's first render, true once the browser has painted it. Work a reader can
 * wait a frame for (a video player's frame, requests whose answers are not shown at once) then
 * starts after her words are on screen instead of holding them back: on a phone, creating a
 * player's frame and answering its requests took the main thread just as the lesson was to appear.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let afterPaint: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the next paint; a task it queues runs after that paint.
    const frame = requestAnimationFrame(() => {
      afterPaint = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(afterPaint);
    };
  }, []);
  return painted;
}
