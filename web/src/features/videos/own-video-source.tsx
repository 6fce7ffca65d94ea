import "./videos-endpoints.ts";
import { type ReactNode, useEffect, useMemo } from "react";
import type { LessonOwnVideo } from "../../../../contract/videos.ts";
import { useAnswer } from "../../lib/answers.ts";
import type { VideoFrame } from "../../lib/lesson-player.ts";
import type { AttachedPlayer, PlayerEvents } from "../../lib/video-players.ts";

// A lesson's own video on its page (docs/videos.md): HLS from its signed addresses, played by the
// browser itself where it can (Safari, iOS) and by hls.js elsewhere, loaded only for such a lesson.

/** How long before its addresses expire an open lesson page asks for new ones. */
export const RENEW_BEFORE_MS = 10 * 60_000;
const RETRY_AFTER_MS = 60_000;
// setTimeout runs a longer wait at once; a page open that long asks when it is reached.
const LONGEST_WAIT_MS = 2 ** 31 - 1;

/** When to ask for new addresses: ten minutes before these expire, and never sooner than half their time. */
export function renewalDelay(expiresAt: string, now: number): number {
  const remaining = Date.parse(expiresAt) - now;
  return Math.min(Math.max(remaining - RENEW_BEFORE_MS, remaining / 2, 0), LONGEST_WAIT_MS);
}

type OwnPlayer = AttachedPlayer & {
  /** Goes on from the same second, at the same video's new addresses. */
  renew: (playlist: string) => void;
};

async function attachOwnVideo(video: HTMLVideoElement, firstPlaylist: string, events: PlayerEvents): Promise<OwnPlayer> {
  let hls: { destroy: () => void } | undefined;
  // Without a network the video is the copy saved on the phone, which the service worker answers:
  // the browser's own HLS player does not read a playlist from it (Chromium's refuses to parse it,
  // Safari's fetches outside the page), hls.js fetches through it. Where Media Source is missing
  // (iPhones before iOS 17.1), the browser's own player is the only one.
  const mediaSource = "MediaSource" in window || "ManagedMediaSource" in window;
  const native = video.canPlayType("application/vnd.apple.mpegurl") !== "" && (navigator.onLine || !mediaSource);
  const Hls = native ? undefined : (await import("hls.js")).default;
  const load = (playlist: string, from: number) => {
    hls?.destroy();
    hls = undefined;
    if (Hls?.isSupported()) {
      // No worker: the site's policy runs scripts from its own files only, and a worker from a blob is not one.
      const player = new Hls({ enableWorker: false, startPosition: from });
      player.loadSource(playlist);
      player.attachMedia(video);
      hls = player;
    } else {
      video.src = playlist;
      if (from > 0) video.addEventListener("loadedmetadata", () => void (video.currentTime = from), { once: true });
    }
  };
  load(firstPlaylist, 0);
  const attached: OwnPlayer = {
    seekTo: (seconds) => void (video.currentTime = seconds),
    renew: (playlist) => {
      const playing = !video.paused && !video.ended;
      load(playlist, video.currentTime);
      if (playing) void video.play().catch(() => {});
    },
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

export type OwnVideoFrame = VideoFrame & {
  /** The same video's new addresses: a player already attached goes on from where it is. */
  renew: (playlist: string) => void;
};

export function ownVideoFrame(own: LessonOwnVideo & { playlist_url: string }): OwnVideoFrame {
  let playlist = own.playlist_url;
  let player: OwnPlayer | undefined;
  return {
    key: own.version ?? own.playlist_url,
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
    attach: async (element, events) => (player = await attachOwnVideo(element as HTMLVideoElement, playlist, events)),
    renew: (next) => {
      if (next === playlist) return;
      playlist = next;
      player?.renew(next);
    },
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
  const { answer, failure, refresh } = useAnswer("lessonOwnVideo", { params: { lessonId } });
  const playlist = answer?.playlist_url;
  const version = answer?.version ?? playlist;
  // One frame per video: new addresses of the same video go to the player it has (renew below),
  // so a page open for hours goes on playing from the same second instead of starting again.
  const frame = useMemo(
    () => (answer && playlist ? ownVideoFrame({ ...answer, playlist_url: playlist }) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  useEffect(() => {
    if (frame && playlist) frame.renew(playlist);
  }, [frame, playlist]);
  const expiresAt = answer?.expires_at;
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setTimeout(refresh, renewalDelay(expiresAt, Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, refresh]);
  // New addresses could not be had (her signal dropped): the video she is watching goes on while
  // its addresses last, and the page asks again a minute later.
  const renewalFailed = failure && answer ? failure : undefined;
  useEffect(() => {
    if (!renewalFailed) return;
    const timer = setTimeout(refresh, RETRY_AFTER_MS);
    return () => clearTimeout(timer);
  }, [renewalFailed, refresh]);
  if (failure && !answer) return children(null);
  return children(answer ? frame : undefined);
}
