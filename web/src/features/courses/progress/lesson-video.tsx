import { type ReactNode, useEffect, useRef, useState } from "react";
import type { LessonVideo as Video } from "../../../../../contract/catalogue.ts";
import type { LessonProgress } from "../../../../../contract/progress.ts";
import { savePositionOnLeaving } from "./use-lesson-progress.ts";
import { clockTime } from "../../../lib/clock-time.ts";
import { resumeAt, VideoProgressTracker } from "./video-progress.ts";
import { type AttachedPlayer, attachPlayer, videoEmbedUrl } from "../../../lib/video-players.ts";
import type { LessonPlayerHub, VideoFrame } from "../../../lib/lesson-player.ts";
import { t } from "../messages.ts";

/** The player's 16:9 place, kept while the player is on its way so nothing below it moves. */
export function VideoPlace({ children }: { children?: ReactNode }) {
  return (
    <div
      style={{
        position: "relative",
        paddingTop: "56.25%",
        borderRadius: 12,
        overflow: "hidden",
        background: "var(--video)",
        marginBottom: 8,
      }}
    >
      {children}
    </div>
  );
}

/** A link's player (YouTube's or Vimeo's frame), as the lesson page attaches to any (web/src/lib/lesson-player.ts). */
export function linkFrame(video: Video): VideoFrame {
  return {
    key: `${video.provider}:${video.id}`,
    render: (ref, title) => (
      <iframe
        ref={ref}
        title={title}
        src={videoEmbedUrl(video)}
        allow="fullscreen; picture-in-picture"
        allowFullScreen
        style={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
      />
    ),
    attach: (element, events) => attachPlayer(element as HTMLIFrameElement, video.provider, events),
  };
}

type Props = {
  lessonId: number;
  title: string;
  /** The player: a link's, or the lesson's own video's (the `lessonVideoSources` slot). */
  frame: VideoFrame;
  progress: LessonProgress | null | undefined;
  update: (body: { position_seconds?: number; completed?: boolean }) => Promise<unknown>;
  /** False: the player's place only, the same size, so nothing moves when the player comes. */
  showPlayer?: boolean;
  /** What the parts under the video (its transcript) hear of it and ask of it. */
  hub?: LessonPlayerHub;
};

/** The lesson's video, which remembers where she is and resumes there ("Resuming at 12:34", Start over). */
export function LessonVideo({ lessonId, title, frame, progress, update, showPlayer = true, hub }: Props) {
  const shown = useRef<HTMLElement | null>(null);
  const player = useRef<AttachedPlayer | null>(null);
  // Where the video resumes (0: from the start); the player is moved there on its first report.
  const [resumeFrom, setResumeFrom] = useState(0);
  const pendingSeek = useRef(0);
  const known = progress !== undefined;

  useEffect(() => {
    const element = shown.current;
    if (!element || !known) return;
    const saved = progress ?? { position_seconds: 0, completed: false };
    pendingSeek.current = resumeAt(saved.position_seconds, saved.completed);
    setResumeFrom(pendingSeek.current);
    const tracker = new VideoProgressTracker(
      {
        savePosition: (seconds) => void update({ position_seconds: seconds }).catch(() => {}),
        complete: () => void update({ completed: true }).catch(() => {}),
      },
      { savedPosition: saved.position_seconds, completed: saved.completed },
    );
    let lastPosition = saved.position_seconds;
    let detached = false;
    // The report that came with the player's readiness is from before the seek it asked for: not where she is.
    let beforeSeek = false;
    void frame
      .attach(element, {
        ready: (attached) => {
          // From now on the parts under it may move it, and it goes where one asked meanwhile (a cue
          // pressed), else where she left off.
          const asked = hub?.connect((to) => attached.seekTo(to)) ?? null;
          if (asked !== null) setResumeFrom(0);
          const to = asked ?? pendingSeek.current;
          pendingSeek.current = 0;
          if (to > 0) {
            attached.seekTo(to);
            beforeSeek = true;
          }
        },
        timeUpdate: (seconds, duration) => {
          if (beforeSeek) {
            beforeSeek = false;
            return;
          }
          lastPosition = seconds;
          hub?.report(seconds);
          tracker.timeUpdate(seconds, duration);
        },
        ended: () => tracker.ended(),
      })
      .then((attached) => {
        if (detached) attached.detach();
        else player.current = attached;
      })
      .catch(() => {});
    const leaving = () => {
      if (document.visibilityState === "hidden" && lastPosition > 0) savePositionOnLeaving(lessonId, Math.floor(lastPosition));
    };
    document.addEventListener("visibilitychange", leaving);
    window.addEventListener("pagehide", leaving);
    return () => {
      detached = true;
      document.removeEventListener("visibilitychange", leaving);
      window.removeEventListener("pagehide", leaving);
      if (lastPosition > 0) tracker.flush();
      hub?.disconnect();
      player.current?.detach();
      player.current = null;
    };
    // The player is attached once per lesson; progress changes later come from this player itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lessonId, frame.key, known, showPlayer, hub]);

  return (
    <>
      <VideoPlace>
        {showPlayer ? frame.render((element) => void (shown.current = element), t("Video: {title}", { title })) : null}
      </VideoPlace>
      {resumeFrom > 0 ? (
        <div role="status" style={{ display: "flex", alignItems: "center", gap: 8, flexWrap: "wrap", marginBottom: 8 }}>
          <span className="small-text">{t("Resuming at {time}", { time: clockTime(resumeFrom) })}</span>
          <button
            type="button"
            className="button"
            onClick={() => {
              pendingSeek.current = 0;
              setResumeFrom(0);
              if (hub) hub.seekTo(0);
              else player.current?.seekTo(0);
              void update({ position_seconds: 0 }).catch(() => {});
            }}
          >
            {t("Start over")}
          </button>
        </div>
      ) : null}
    </>
  );
}
