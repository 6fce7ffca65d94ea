import { describe, expect, it } from "vitest";
import { clockTime } from "../../../lib/clock-time.ts";
import { resumeAt, VideoProgressTracker } from "./video-progress.ts";

function simulated(options = { savedPosition: 0, completed: false }) {
  let clock = 0;
  const saved: number[] = [];
  let completions = 0;
  const tracker = new VideoProgressTracker(
    { savePosition: (seconds) => saved.push(seconds), complete: () => (completions += 1) },
    options,
    () => clock,
  );
  /** Plays from one second to another, with a time update every quarter second, as players send them. */
  const play = (from: number, to: number, duration: number) => {
    for (let second = from; second <= to; second += 0.25) {
      tracker.timeUpdate(second, duration);
      clock += 250;
    }
  };
  return { tracker, saved, completions: () => completions, play };
}

describe("the lesson video's progress", () => {
  it("saves the position at most every 10 seconds while it plays", () => {
    const { saved, play } = simulated();
    play(0, 35, 600);
    expect(saved).toEqual([10, 20, 30]);
  });

  it("completes the lesson once 90 % has played, and only once", () => {
    const { completions, play, tracker } = simulated();
    play(0, 539, 600);
    expect(completions()).toBe(0);
    play(540, 560, 600);
    expect(completions()).toBe(1);
    tracker.ended();
    play(0, 600, 600);
    expect(completions()).toBe(1);
  });

  it("never completes again a lesson already completed, however it is replayed", () => {
    const { completions, play, tracker } = simulated({ savedPosition: 0, completed: true });
    play(0, 600, 600);
    tracker.ended();
    expect(completions()).toBe(0);
  });

  it("counts a jump to the end (seeking) as reaching it", () => {
    const { completions, tracker } = simulated();
    tracker.timeUpdate(595, 600);
    expect(completions()).toBe(1);
  });

  it("saves at once when the page is hidden, and not twice the same second", () => {
    const { saved, play, tracker } = simulated();
    play(0, 13, 600);
    expect(saved).toEqual([10]);
    tracker.flush();
    expect(saved).toEqual([10, 13]);
    tracker.flush();
    expect(saved).toEqual([10, 13]);
  });

  it("ignores nonsense from a player", () => {
    const { saved, completions, tracker } = simulated();
    tracker.timeUpdate(Number.NaN, 600);
    tracker.timeUpdate(-3, 600);
    tracker.timeUpdate(100, 0);
    tracker.flush();
    expect(saved).toEqual([100]);
    expect(completions()).toBe(0);
  });

  it("resumes 5 seconds before where she left, from the start when barely begun or finished", () => {
    expect(resumeAt(754, false)).toBe(749);
    expect(resumeAt(7, false)).toBe(0);
    expect(resumeAt(754, true)).toBe(0);
    expect(clockTime(749)).toBe("12:29");
    expect(clockTime(3754)).toBe("1:02:34");
  });
});
