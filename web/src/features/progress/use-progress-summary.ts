import { useCallback, useState } from "react";
import type { ProgressSummary } from "../../../../contract/progress.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";

/** Her summary (done per course, where to continue, pacing), and a way to ask again; null until it loads, or when it cannot. */
export function useProgressSummary(): [ProgressSummary | null, () => void] {
  const [version, setVersion] = useState(0);
  const { answer } = useApiAnswer<ProgressSummary>("/reactapi/progress/summary", version);
  const reload = useCallback(() => setVersion((was) => was + 1), []);
  return [answer ?? null, reload];
}
