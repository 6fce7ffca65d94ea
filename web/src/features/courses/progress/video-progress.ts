/**
 * What to do with a lesson video's time updates, whichever player sends them: save the position at
 * most every 10 seconds (and when the page is hidden), and complete the lesson once 90 % has
 * played. Kept apart from the players so it can be tested with simulated events.
 */
export const SAVE_EVERY_SECONDS = 10;
export const COMPLETE_AT_FRACTION = 0.9;
/** Coming back, the video starts this much before where she left, so she finds her place. */
export const RESUME_LEAD_SECONDS = 5;

export type ProgressSink = {
  savePosition: (seconds: number) => void;
  complete: () => void;
};

export class VideoProgressTracker {
  private lastSavedAt = -Infinity;
  private lastSavedPosition: number;
  private position = 0;
  private completed: boolean;

  constructor(
    private readonly sink: ProgressSink,
    options: { savedPosition: number; completed: boolean },
    private readonly now: () => number = () => Date.now(),
  ) {
    this.lastSavedPosition = Math.floor(options.savedPosition);
    this.completed = options.completed;
  }

  /** A time update from the player: where the video is, and how long it is. */
  timeUpdate(seconds: number, duration: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) return;
    this.position = seconds;
    if (!this.completed && duration > 0 && seconds >= duration * COMPLETE_AT_FRACTION) {
      this.completed = true;
      this.sink.complete();
    }
    if (this.now() - this.lastSavedAt >= SAVE_EVERY_SECONDS * 1000) this.save();
  }

  /** The video ended (some players send no last time update). */
  ended(): void {
    if (!this.completed) {
      this.completed = true;
      this.sink.complete();
    }
  }

  /** The page is being hidden or left: save now, whatever the interval. */
  flush(): void {
    this.save();
  }

  private save(): void {
    const whole = Math.floor(this.position);
    this.lastSavedAt = this.now();
    if (whole === this.lastSavedPosition) return;
    this.lastSavedPosition = whole;
    this.sink.savePosition(whole);
  }
}

/** Where to start a video she has watched part of: a little before the saved second, or the start. */
export function resumeAt(savedPosition: number, completed: boolean): number {
  if (completed || savedPosition < RESUME_LEAD_SECONDS * 2) return 0;
  return Math.max(0, Math.floor(savedPosition) - RESUME_LEAD_SECONDS);
}
