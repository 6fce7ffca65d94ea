import { t } from "./i18n.ts";
import type { LessonVideo } from "../../../contract/catalogue.ts";

export type PlayerEvents = {
  /** Once, when the player can be moved: Vimeo's library says so (ready()), YouTube by its first report, paused or not. */
  ready: (player: AttachedPlayer) => void;
  timeUpdate: (seconds: number, duration: number) => void;
  ended: () => void;
};
export type AttachedPlayer = { seekTo: (seconds: number) => void; detach: () => void };

export const YOUTUBE_ORIGIN = "https://www.youtube-nocookie.com";

/** The player's address, asking it to report its time to this page (YouTube's enablejsapi). */
export function videoEmbedUrl(video: LessonVideo, origin = window.location.origin): string {
  const id = encodeURIComponent(video.id);
  return video.provider === "youtube"
    ? `${YOUTUBE_ORIGIN}/embed/${id}?enablejsapi=1&origin=${encodeURIComponent(origin)}${video.start ? `&start=${video.start}` : ""}`
    : `https://player.vimeo.com/video/${id}?dnt=1${video.hash ? `&h=${encodeURIComponent(video.hash)}` : ""}`;
}

/**
 * Listens to a lesson's embedded player. Vimeo through its player library (loaded with the lesson
 * page only); YouTube through the messages of its IFrame API, spoken directly, so no script of
 * youtube.com runs on this site (the Content-Security-Policy allows only this site's scripts).
 */
export async function attachPlayer(
  iframe: HTMLIFrameElement,
  provider: LessonVideo["provider"],
  events: PlayerEvents,
): Promise<AttachedPlayer> {
  if (provider === "vimeo") {
    const { default: Player } = await import("@vimeo/player");
    const player = new Player(iframe);
    player.on("timeupdate", (data: { seconds: number; duration: number }) => events.timeUpdate(data.seconds, data.duration));
    player.on("ended", () => events.ended());
    let detached = false;
    const attached: AttachedPlayer = {
      seekTo: (seconds) => void player.setCurrentTime(seconds).catch(() => {}),
      detach: () => {
        detached = true;
        player.off("timeupdate");
        player.off("ended");
      },
    };
    // Vimeo reports time only while playing: a cue pressed before play needs its own word that it is ready.
    void player
      .ready()
      .then(() => {
        if (!detached) events.ready(attached);
      })
      .catch(() => {});
    return attached;
  }
  return attachYouTube(iframe, events);
}

function attachYouTube(iframe: HTMLIFrameElement, events: PlayerEvents): AttachedPlayer {
  const send = (message: object) =>
    iframe.contentWindow?.postMessage(JSON.stringify({ ...message, id: 1, channel: "widget" }), YOUTUBE_ORIGIN);
  let duration = 0;
  let ready = false;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== YOUTUBE_ORIGIN || event.source !== iframe.contentWindow || typeof event.data !== "string") return;
    let message: { event?: string; info?: { currentTime?: number; duration?: number; playerState?: number } };
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    const info = message.info;
    if (message.event !== "infoDelivery" || !info) return;
    // Its first report comes as soon as it listens, playing or not.
    if (!ready) {
      ready = true;
      events.ready(attached);
    }
    if (typeof info.duration === "number") duration = info.duration;
    if (typeof info.currentTime === "number") events.timeUpdate(info.currentTime, duration);
    // playerState 0: ended.
    if (info.playerState === 0) events.ended();
  };
  window.addEventListener("message", onMessage);
  const listen = () => send({ event: "listening" });
  iframe.addEventListener("load", listen);
  const attached: AttachedPlayer = {
    seekTo: (seconds) => send({ event: "command", func: "seekTo", args: [seconds, true] }),
    detach: () => {
      window.removeEventListener("message", onMessage);
      iframe.removeEventListener("load", listen);
    },
  };
  listen();
  return attached;
}

/** Seconds as a member reads them under the player: "12 min", "1 h 5 min", "45 s". */
export function videoLengthWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}

/** The line under a lesson's player: its length and her words about it; "" when she gave neither (nothing is shown). */
export function videoLineText(video: Pick<LessonVideo, "length" | "line">): string {
  return [video.length ? t("Video, {length}", { length: videoLengthWords(video.length) }) : "", video.line ?? ""]
    .filter(Boolean)
    .join(" · ");
}
