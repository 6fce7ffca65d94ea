import "./videos-endpoints.ts";
import { type ReactNode, useMemo } from "react";
import type { LessonOwnVideo } from "../../../../contract/videos.ts";
import { useAnswer } from "../../lib/answers.ts";
import type { VideoFrame } from "../../lib/lesson-player.ts";
import type { AttachedPlayer, PlayerEvents } from "../../lib/video-players.ts";

// A lesson's own video on its page (docs/videos.md): HLS from its signed addresses, played by the
// browser itself where it can (Safari, iOS) and by hls.js elsewhere, loaded only for such a lesson.

async function attachOwnVideo(video: HTMLVideoElement, playlist: string, events: PlayerEvents): Promise<AttachedPlayer> {
  let hls: { destroy: () => void } | undefined;
  if (video.canPlayType("application/vnd.apple.mpegurl")) video.src = playlist;
  else {
    const { default: Hls } = await import("hls.js");
    if (Hls.isSupported()) {
      // No worker: the site's policy runs scripts from its own files only, and a worker from a blob is not one.
      const player = new Hls({ enableWorker: false });
      player.loadSource(playlist);
      player.attachMedia(video);
      hls = player;
    } else video.src = playlist;
  }
  const attached: AttachedPlayer = {
    seekTo: (seconds) => void (video.currentTime = seconds),
    detach: () => {
      video.removeEventListener("loadedmetadata", ready);
      video.removeEventListener("timeupdate", timeUpdate);
      video.removeEventListener("ended", ended);
      hls?.destroy();
    },
  };
  const ready = () => events.ready(attached);
  const timeUpdate = () => events.timeUpdate(video.currentTime, video.duration);
  const ended = () => events.ended();
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) ready();
  else video.addEventListener("loadedmetadata", ready, { once: true });
  video.addEventListener("timeupdate", timeUpdate);
  video.addEventListener("ended", ended);
  return attached;
}

export function ownVideoFrame(own: LessonOwnVideo & { playlist_url: string }): VideoFrame {
  return {
    key: own.playlist_url,
    render: (ref, title) => (
      <video
        ref={ref}
        aria-label={title}
        controls
        playsInline
        preload="metadata"
        poster={own.poster_url ?? undefined}
        style={{ position: "absolute", inset: 0, width: "100%", height: "100%", background: "var(--video)" }}
      >
        {/* Her lesson's timed transcripts, as the player's captions (its CC button). */}
        {own.captions.map((track) => (
          <track key={track.language} kind="captions" src={track.url} srcLang={track.language} label={track.label} />
        ))}
      </video>
    ),
    attach: (element, events) => attachOwnVideo(element as HTMLVideoElement, own.playlist_url, events),
  };
}

/** The lesson page's part of the `lessonVideoSources` slot: her own video's player, or null when the lesson has none. */
export default function OwnVideoSource({
  lessonId,
  children,
}: {
  lessonId: number;
  children: (frame: VideoFrame | null | undefined) => ReactNode;
}) {
  const { answer, failure } = useAnswer("lessonOwnVideo", { params: { lessonId } });
  const playlist = answer?.playlist_url;
  const frame = useMemo(() => (answer && playlist ? ownVideoFrame({ ...answer, playlist_url: playlist }) : null), [answer, playlist]);
  if (failure) return children(null);
  return children(answer ? frame : undefined);
}
