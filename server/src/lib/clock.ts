/**
 * The one source of "now" for code whose behaviour depends on it (holds that lapse, reminders that
 * fall due, cut-offs): the app is given one, and tests pass a clock they move instead of waiting.
 */
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
