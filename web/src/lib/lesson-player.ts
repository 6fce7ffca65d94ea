// The lesson's video as the parts under it see it (docs/architecture.md, Slots: `lessonVideoExtras`):
// the time it is at, and a way to move it. The lesson page owns one per lesson; its video reports
// into it and moves when asked, through the player's own API (web/src/lib/video-players.ts).

import type { ReactNode } from "react";
import type { AttachedPlayer, PlayerEvents } from "./video-players.ts";

/**
 * A player a lesson's video plays in: a link's (YouTube's, Vimeo's frame) or one a capability brings
 * for a lesson's own video (the `lessonVideoSources` slot). The lesson page draws it in its 16:9 box
 * and attaches to it once drawn, to resume where she left off, save her progress and follow it.
 */
export type VideoFrame = {
  /** Stands for the video: the page attaches again when it changes. */
  key: string;
  /** The player, filling the box; `ref` hands the page its element. */
  render: (ref: (element: HTMLElement | null) => void, title: string) => ReactNode;
  attach: (element: HTMLElement, events: PlayerEvents) => Promise<AttachedPlayer>;
};

export type LessonPlayer = {
  /** Moves the video to this second; asked before the player is ready, it moves there once it is. */
  seekTo: (seconds: number) => void;
  /** Hears the video's time as it plays (and where it was moved to); answers how to stop hearing it. */
  onTime: (listener: (seconds: number) => void) => () => void;
};

/** The lesson page's side of a LessonPlayer: the video connects its seek and reports its time. */
export class LessonPlayerHub implements LessonPlayer {
  private seek: ((seconds: number) => void) | null = null;
  private pending: number | null = null;
  private readonly listeners = new Set<(seconds: number) => void>();

  /**
   * The video's seek, once its player is ready (its first report): answers where a part asked it
   * to go meanwhile (null: nowhere), for the video to go there instead of where she left off.
   */
  connect(seek: (seconds: number) => void): number | null {
    this.seek = seek;
    const asked = this.pending;
    this.pending = null;
    return asked;
  }

  disconnect(): void {
    this.seek = null;
  }

  report(seconds: number): void {
    for (const listener of this.listeners) listener(seconds);
  }

  readonly seekTo = (seconds: number): void => {
    if (this.seek) this.seek(seconds);
    else this.pending = seconds;
    this.report(seconds);
  };

  readonly onTime = (listener: (seconds: number) => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
}
