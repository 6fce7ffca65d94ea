import { useEffect } from "react";

/**
 * Asks again at a moment the answer is known to change (a class's join link appears 15 minutes
 * before its start), so a page left open shows it without a reload. Only moments within a day:
 * a page is rarely open longer, and timers cannot wait much beyond that.
 */
export function useRefreshAt(moments: readonly (string | undefined)[], refresh: () => void): void {
  const key = moments.join(" ");
  useEffect(() => {
    const now = Date.now();
    const next = moments
      .map((moment) => (moment ? new Date(moment).getTime() - now : Number.NaN))
      .filter((delay) => delay > 0 && delay < 24 * 60 * 60_000)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    const askAgain = setTimeout(refresh, next + 500);
    return () => clearTimeout(askAgain);
    // The key stands for the moments.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, refresh]);
}
