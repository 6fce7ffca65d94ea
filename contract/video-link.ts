// A lesson's video as the instructor pastes it: any of the usual YouTube or Vimeo links. The studio
// form checks it as she types and the server checks it again on save, with the same function.

import type { LessonVideo } from "./catalogue.ts";

export const videoLinkProblem =
  "This is not a YouTube or Vimeo link we can play. Links that work look like https://www.youtube.com/watch?v=…, https://youtu.be/…, https://vimeo.com/123456789 (with its code after a slash when the video is unlisted) or https://player.vimeo.com/video/123456789.";

const youtubeId = /^[A-Za-z0-9_-]{11}$/;
const vimeoId = /^\d{1,12}$/;
/** An unlisted Vimeo video's privacy code, as links carry it and the content file keeps it. */
export const vimeoHash = /^[A-Za-z0-9]{1,64}$/;

function youtube(url: URL, segments: string[]): LessonVideo | null {
  const host = url.hostname.replace(/^(www|m|music)\./, "");
  let id: string | null | undefined;
  if (host === "youtu.be") id = segments[0];
  else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (segments[0] === "watch") id = url.searchParams.get("v");
    else if (["embed", "shorts", "live", "v"].includes(segments[0] ?? "")) id = segments[1];
  } else return null;
  if (!id || !youtubeId.test(id)) return null;
  const start = startSeconds(url.searchParams.get("t") ?? url.searchParams.get("start"));
  return start ? { provider: "youtube", id, start } : { provider: "youtube", id };
}

/** A YouTube start time as links write it ("42", "42s", "1m30s", "1h2m3s"), in seconds; undefined when there is none or it is unreadable. */
export function startSeconds(text: string | null): number | undefined {
  const match = text?.trim().match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/);
  if (!text || !match || match[0] === "") return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 && seconds <= 86_400 ? seconds : undefined;
}

function vimeo(url: URL, segments: string[]): LessonVideo | null {
  const host = url.hostname.replace(/^www\./, "");
  let id: string | undefined;
  let hash: string | undefined;
  if (host === "player.vimeo.com") {
    if (segments[0] !== "video") return null;
    id = segments[1];
    hash = url.searchParams.get("h") ?? undefined;
  } else if (host === "vimeo.com") {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/name/123, vimeo.com/groups/name/videos/123
    const at = segments.findIndex((segment) => vimeoId.test(segment));
    if (at < 0) return null;
    id = segments[at];
    hash = segments[at + 1] ?? url.searchParams.get("h") ?? undefined;
  } else return null;
  if (!id || !vimeoId.test(id)) return null;
  if (hash !== undefined && !vimeoHash.test(hash)) return null;
  return hash ? { provider: "vimeo", id, hash } : { provider: "vimeo", id };
}

/** The video a pasted link points to, or null when it is not a YouTube or Vimeo video link. */
export function parseVideoLink(text: string): LessonVideo | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const segments = url.pathname.split("/").filter(Boolean);
  return youtube(url, segments) ?? vimeo(url, segments);
}

/** The link the studio shows for a saved video: one canonical form per provider. */
export function videoLink(video: LessonVideo): string {
  if (video.provider === "youtube") return `https://www.youtube.com/watch?v=${video.id}${video.start ? `&t=${video.start}s` : ""}`;
  return video.hash ? `https://vimeo.com/${video.id}/${video.hash}` : `https://vimeo.com/${video.id}`;
}

/** A video's length as she types it ("12:30", "1:05:00", or minutes alone: "12"), in seconds; null when it reads as none. */
export function parseVideoLength(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,3}$/.test(trimmed)) return Number(trimmed) * 60 || null;
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)$/.exec(trimmed);
  if (!match) return null;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  return seconds > 0 && seconds <= 86_400 ? seconds : null;
}

/** Seconds as the studio shows them back: "12:30", "1:05:00". */
export function videoLengthText(seconds: number | null | undefined): string {
  if (!seconds) return "";
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
