import { useState } from "react";
import type { Outcome } from "../components/outcome-notice.tsx";
import { failureOf } from "./api.ts";
import { t } from "./i18n.ts";

/**
 * Runs one call at a time and keeps the Outcome that reports it: `success` makes the sentence of
 * the answer; a failure keeps the server's sentence and per-field details. What she typed stays
 * in her form either way. `run` resolves to the answer, or undefined when the call failed.
 */
export function useAction() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const run = async <T>(call: () => Promise<T>, success: (answer: T) => string): Promise<T | undefined> => {
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await call();
      setOutcome({ tone: "success", text: success(answer) });
      return answer;
    } catch (error) {
      const failure = failureOf(error);
      setOutcome({
        tone: "error",
        text: failure.error ?? t("That did not work. Please try again."),
        details: failure.details,
        status: failure.status,
      });
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { outcome, busy, run };
}
