import { t } from "./i18n.ts";
import { useEffect, useState } from "react";
import { call, failureOf } from "./api.ts";

/**
 * Asks the server at once whether a one-time link can still be used, so the page can say so
 * before she types anything. The problem is undefined while asking, null when the link is good,
 * or the server's sentence; a later 410 (the link used meanwhile) is set with the setter.
 */
export function useLinkCheck(check: "checkResetLink" | "checkSetupLink", token: string) {
  const [problem, setProblem] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    call(check, { body: { token } })
      .then(() => current && setProblem(null))
      .catch((error: unknown) => current && setProblem(failureOf(error).error ?? t("This link cannot be used.")));
    return () => {
      current = false;
    };
  }, [check, token]);
  return [problem, setProblem] as const;
}
