import { describe, expect, it } from "vitest";
import { moduleTiming, pacingStage } from "./pacing.ts";

describe("pacing to her due date", () => {
  const today = new Date("2026-11-23T10:00:00Z");

  it("counts completed weeks of pregnancy back from the due date", () => {
    // 63 days before the due date: 217 days pregnant, 31 completed weeks.
    expect(pacingStage({ due_date: "2027-01-25", baby_arrived: false }, today)).toEqual({ kind: "pregnant", week: 31 });
    expect(pacingStage({ due_date: "2026-11-23", baby_arrived: false }, today)).toEqual({ kind: "pregnant", week: 40 });
    expect(pacingStage({ due_date: "2026-10-01", baby_arrived: false }, today)).toEqual({ kind: "pregnant", week: 42 });
    expect(pacingStage({ due_date: "2027-11-01", baby_arrived: false }, today)).toEqual({ kind: "pregnant", week: 1 });
    expect(pacingStage({ due_date: null, baby_arrived: false }, today)).toEqual({ kind: "unknown" });
    expect(pacingStage({ due_date: "2027-01-25", baby_arrived: true }, today)).toEqual({ kind: "postpartum" });
  });

  it("recommends a module from its week for three weeks, announces it four weeks ahead, and the fourth trimester after the birth", () => {
    const week31 = { kind: "pregnant", week: 31 } as const;
    expect(moduleTiming(30, week31)).toBe("now");
    expect(moduleTiming(31, week31)).toBe("now");
    expect(moduleTiming(28, week31)).toBe(null);
    expect(moduleTiming(34, week31)).toBe("soon");
    expect(moduleTiming(36, week31)).toBe(null);
    expect(moduleTiming(null, week31)).toBe(null);
    expect(moduleTiming(43, { kind: "postpartum" })).toBe("now");
    expect(moduleTiming(30, { kind: "postpartum" })).toBe(null);
    expect(moduleTiming(30, { kind: "unknown" })).toBe(null);
  });
});
