import type { Contraction, TimerRule } from "../../../../contract/timer.ts";
import { pageLocale, t } from "./messages.ts";

// What the timer works out from the contractions: plain arithmetic on instants (milliseconds
// between two moments), so no calendar or time zone is involved, and a change of the clocks
// in the night changes nothing.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** "About" a minute long, and "about" N minutes apart: the leeway a person timing with a phone needs. */
const LENGTH_LEEWAY = 15 * SECOND;
const INTERVAL_LEEWAY = 30 * SECOND;

export const ruleWords = (): Record<TimerRule, string> => ({
  "5-1-1": t("{rule}: about {minutes} minutes apart, lasting about a minute, for an hour", { rule: "5-1-1", minutes: 5 }),
  "4-1-1": t("{rule}: about {minutes} minutes apart, lasting about a minute, for an hour", { rule: "4-1-1", minutes: 4 }),
  "3-1-1": t("{rule}: about {minutes} minutes apart, lasting about a minute, for an hour", { rule: "3-1-1", minutes: 3 }),
});

const apartMinutes = (rule: TimerRule) => Number(rule.split("-")[0]);
const startOf = (contraction: Contraction) => Date.parse(contraction.start);
const lengthOf = (contraction: Contraction & { end: string }) => Date.parse(contraction.end) - startOf(contraction);
const finished = (contractions: Contraction[]) =>
  contractions.filter((contraction): contraction is Contraction & { end: string } => contraction.end !== null);

export type TimerFigures = {
  /** The last finished contraction's length, in milliseconds. */
  lastLength: number | null;
  /** Between the starts of the last two contractions. */
  lastInterval: number | null;
  /** Of the contractions that started in the last hour. */
  hour: { count: number; averageLength: number | null; averageInterval: number | null };
};

export function figures(contractions: Contraction[], now: number): TimerFigures {
  const done = finished(contractions);
  const last = done.at(-1);
  const starts = contractions.map(startOf);
  const recent = done.filter((contraction) => startOf(contraction) >= now - HOUR);
  const recentStarts = contractions.map(startOf).filter((start) => start >= now - HOUR);
  const gaps = recentStarts.slice(1).map((start, index) => start - recentStarts[index]!);
  const average = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length);
  return {
    lastLength: last ? lengthOf(last) : null,
    lastInterval: starts.length >= 2 ? starts.at(-1)! - starts.at(-2)! : null,
    hour: { count: recentStarts.length, averageLength: average(recent.map(lengthOf)), averageInterval: average(gaps) },
  };
}

/**
 * Whether the rule's pattern has held for an hour up to the last contraction: contractions about
 * N minutes apart (or closer), each lasting about a minute, from one that started an hour or more
 * before the last one ended. Only the calm sentence depends on it; it is never advice.
 */
export function patternReached(contractions: Contraction[], rule: TimerRule): boolean {
  const done = finished(contractions);
  if (done.length < 2) return false;
  const maxGap = apartMinutes(rule) * MINUTE + INTERVAL_LEEWAY;
  let first = done.length - 1;
  while (first > 0) {
    const earlier = done[first - 1]!;
    const later = done[first]!;
    if (startOf(later) - startOf(earlier) > maxGap || lengthOf(earlier) < MINUTE - LENGTH_LEEWAY) break;
    first -= 1;
  }
  const last = done.at(-1)!;
  if (lengthOf(last) < MINUTE - LENGTH_LEEWAY) return false;
  return Date.parse(last.end) - startOf(done[first]!) >= HOUR;
}

/** "1 min 5 s", "45 s", "12 min". */
export function spoken(milliseconds: number): string {
  const seconds = Math.round(milliseconds / SECOND);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** The session as text for her midwife: one line per contraction, times in her own time zone. */
export function asText(contractions: Contraction[], rule: TimerRule, timeZone?: string): string {
  const time = new Intl.DateTimeFormat(pageLocale(), { dateStyle: "medium", timeStyle: "medium", timeZone });
  const lines = contractions.map((contraction, index) => {
    const previous = contractions[index - 1];
    const start = time.format(new Date(contraction.start));
    if (!contraction.end) return t("{number}. {start}: still going", { number: index + 1, start });
    const length = spoken(Date.parse(contraction.end) - startOf(contraction));
    return previous
      ? t("{number}. {start}: lasted {length}, {gap} after the one before", {
          number: index + 1,
          start,
          length,
          gap: spoken(startOf(contraction) - startOf(previous)),
        })
      : t("{number}. {start}: lasted {length}", { number: index + 1, start, length });
  });
  return [t("Contractions timed ({rule} rule)", { rule }), ...lines].join("\n");
}
