import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startTimedWork } from "./timed-work.ts";

describe("the timed-work runner", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("runs each piece once per its interval, keeps going after a failure and says so in the log", async () => {
    const warnings: { details: object; message: string }[] = [];
    let digests = 0;
    let remindersTried = 0;
    const stop = startTimedWork(
      [
        { name: "community: reply digests", everyMs: 60_000, run: async () => void (digests += 1) },
        {
          name: "bookings: due work",
          everyMs: 30_000,
          run: async () => {
            remindersTried += 1;
            if (remindersTried === 1) throw new Error("the database went away");
          },
        },
      ],
      { warn: (details, message) => warnings.push({ details, message }) },
    );
    await vi.advanceTimersByTimeAsync(59_999);
    expect([digests, remindersTried]).toEqual([0, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect([digests, remindersTried]).toEqual([1, 2]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toBe("bookings: due work failed; trying again at the next interval");
    expect(warnings[0]!.details).toMatchObject({ work: "bookings: due work", err: new Error("the database went away") });
    stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect([digests, remindersTried]).toEqual([1, 2]);
  });

  it("never starts a piece again while its last run is still going", async () => {
    let started = 0;
    let finish: () => void = () => {};
    const stop = startTimedWork(
      [{ name: "slow", everyMs: 1_000, run: () => ((started += 1), new Promise<void>((resolve) => (finish = resolve))) }],
      { warn: () => {} },
    );
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toBe(2);
    stop();
  });

  it("runs a piece that asks for it sooner first after firstAfterMs, then every interval", async () => {
    let runs = 0;
    const stop = startTimedWork([{ name: "backup", everyMs: 3_600_000, firstAfterMs: 60_000, run: async () => void (runs += 1) }], {
      warn: () => {},
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(3_540_000);
    expect(runs).toBe(2);
    stop();
  });
});
