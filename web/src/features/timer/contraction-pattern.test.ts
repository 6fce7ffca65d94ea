import { describe, expect, it } from "vitest";
import { asText, figures, patternReached, spoken } from "./contraction-pattern.ts";

const MINUTE = 60_000;
const series = (from: string, count: number, apartMinutes: number, lengthSeconds = 60) =>
  Array.from({ length: count }, (_, index) => {
    const start = Date.parse(from) + index * apartMinutes * MINUTE;
    return { start: new Date(start).toISOString(), end: new Date(start + lengthSeconds * 1000).toISOString() };
  });

describe("the contraction timer's figures and pattern (docs/product.md, Contraction timer)", () => {
  it("says 5-1-1 once contractions 5 minutes apart, a minute long, have lasted an hour, and not before", () => {
    const hour = series("2026-11-25T01:00:00Z", 13, 5);
    expect(patternReached(hour, "5-1-1")).toBe(true);
    expect(patternReached(hour.slice(0, 12), "5-1-1")).toBe(false);
    // Too far apart for 4-1-1, short ones break it, and 3 minutes apart meets every rule.
    expect(patternReached(hour, "4-1-1")).toBe(false);
    expect(patternReached(series("2026-11-25T01:00:00Z", 13, 5, 30), "5-1-1")).toBe(false);
    expect(patternReached(series("2026-11-25T01:00:00Z", 21, 3), "3-1-1")).toBe(true);
    // A long gap in the middle starts the hour again.
    const broken = [...series("2026-11-25T01:00:00Z", 6, 5), ...series("2026-11-25T01:45:00Z", 7, 5)];
    expect(patternReached(broken, "5-1-1")).toBe(false);
  });

  it("counts across the night the clocks go back, since it measures between instants", () => {
    // Europe/London leaves summer time at 02:00 BST on 25 October 2026 (01:00 UTC).
    const overTheChange = series("2026-10-25T00:30:00Z", 13, 5);
    expect(patternReached(overTheChange, "5-1-1")).toBe(true);
    const text = asText(overTheChange.slice(0, 8), "5-1-1", "Europe/London");
    expect(text.split("\n")).toHaveLength(9);
    // 01:55 BST is followed, five minutes later, by 01:00 GMT: the log says the time as her clock did.
    const lines = text.split("\n");
    expect(lines[6]).toMatch(/1:55:00/);
    expect(lines[7]).toMatch(/1:00:00.*5 min after the one before/);
  });

  it("gives the last length, the last interval and the hour's averages", () => {
    const now = Date.parse("2026-11-25T02:01:00Z");
    const result = figures(series("2026-11-25T01:00:00Z", 13, 5, 50), now);
    expect(result.lastLength).toBe(50_000);
    expect(result.lastInterval).toBe(5 * MINUTE);
    expect(result.hour.count).toBe(12);
    expect(result.hour.averageLength).toBe(50_000);
    expect(result.hour.averageInterval).toBe(5 * MINUTE);
    expect(spoken(65_000)).toBe("1 min 5 s");
    expect(spoken(45_000)).toBe("45 s");
  });
});
