/**
 * The one source of "now" for code whose behaviour depends on it (holds that lapse, reminders that
 * fall due, cut-offs): the app is given one, and tests pass a clock they move instead of waiting.
 */
import { readFileSync } from "node:fs";

export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test sets and moves. */
export function movableClock(start: Date): Clock & { set: (instant: Date) => void; advance: (milliseconds: number) => void } {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (instant) => (current = instant.getTime()),
    advance: (milliseconds) => (current += milliseconds),
  };
}

/**
 * The clock of the server the browser tests start (TEST_CLOCK_FILE, never in production): the
 * system's time moved by the milliseconds written in the file, read afresh each time, so a test
 * moves the server's "now" as it moves the browser's with page.clock. No file, or no number, is no offset.
 */
export function fileClock(file: string): Clock {
  return {
    now: () => {
      let offset: number;
      try {
        offset = Number(readFileSync(file, "utf8").trim()) || 0;
      } catch {
        offset = 0;
      }
      return new Date(Date.now() + offset);
    },
  };
}
