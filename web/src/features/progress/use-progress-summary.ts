import { useCallback, useState } from "react";
import type { ProgressSummary } from "../../../../contract/progress.ts";
import { useApiAnswer } from "../../lib/use-api-answer.ts";

/**
 * Her summary (done per course, where to continue, pacing), and a way to ask again; null until it
 * loads, or when it cannot. `settled` turns true once the first answer or failure has arrived.
 */
export function useProgressSummary(): [ProgressSummary | null, () => void, boolean] {
  const [version, setVersion] = useState(0);
  const { answer, failure } = useApiAnswer<ProgressSummary>("/reactapi/progress/summary", version);
  const reload = useCallback(() => setVersion((was) => was + 1), []);
  return [answer ?? null, reload, answer !== undefined || failure !== undefined];
}
