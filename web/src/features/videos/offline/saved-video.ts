import "../videos-endpoints.ts";
import { addressOf, call } from "../../../lib/api.ts";
import type { SavedCompanions } from "../../../lib/slots.tsx";
import type { LessonOwnVideo } from "../../../../../contract/videos.ts";

// "Saved for the waiting room" (docs/videos.md): a lesson saved for offline keeps its own video in
// one picture size, 360p unless she chose 720p, so it plays where there is no signal.

export const SAVED_HEIGHTS = [360, 720] as const;
export type SavedHeight = (typeof SAVED_HEIGHTS)[number];
const CHOICE_KEY = "saved-video-height";

/** The picture size she chose on this phone for saved videos. */
export function savedHeight(): SavedHeight {
  const chosen = Number(globalThis.localStorage?.getItem(CHOICE_KEY));
  return chosen === 720 ? 720 : 360;
}

export function chooseSavedHeight(height: SavedHeight): void {
  globalThis.localStorage?.setItem(CHOICE_KEY, String(height));
}

export type StreamChoice = { height: number; address: string };

/** The renditions a master playlist offers (`#EXT-X-STREAM-INF:…RESOLUTION=1280x720` then its address). */
export function renditionsOf(master: string): StreamChoice[] {
  const lines = master.split(/\r?\n/);
  const found: StreamChoice[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const height = Number(/RESOLUTION=\d+x(\d+)/.exec(line)?.[1]);
    const address = lines.slice(index + 1).find((next) => next.trim() !== "" && !next.startsWith("#"));
    if (address && Number.isFinite(height)) found.push({ height, address: address.trim() });
  });
  return found;
}

/** The largest rendition not above the height she chose, or the smallest there is. */
export function pickRendition(renditions: readonly StreamChoice[], wanted: number): StreamChoice | undefined {
  const bySize = [...renditions].sort((first, second) => first.height - second.height);
  return bySize.filter((choice) => choice.height <= wanted).at(-1) ?? bySize[0];
}

/** The files a media playlist plays, in order (its lines that are not tags). */
export const segmentsOf = (playlist: string) =>
  playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));

/** Same-origin addresses stay paths (as the page asks them); the store's signed ones stay whole. */
function resolved(address: string, base: string): string {
  const url = new URL(address, new URL(base, location.href));
  return url.origin === location.origin ? url.pathname + url.search : url.href;
}

async function text(address: string): Promise<string> {
  const response = await fetch(address, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${address} answered ${response.status}`);
  return response.text();
}

/**
 * What a saved lesson keeps of its own video: the lesson's answer pointing at the one rendition
 * kept, that rendition's playlist and segments, the poster and the captions. A lesson without a
 * video of its own keeps nothing.
 */
export async function savedVideoOf(lessonId: number, height: number = savedHeight()): Promise<SavedCompanions> {
  const args = { params: { lessonId } };
  const own = await call("lessonOwnVideo", args);
  if (!own.playlist_url) return {};
  const master = await text(own.playlist_url);
  const chosen = pickRendition(renditionsOf(master), height);
  if (!chosen) throw new Error(`${own.playlist_url} names no rendition`);
  const playlistAddress = resolved(chosen.address, own.playlist_url);
  const playlist = await text(playlistAddress);
  // Players play a media playlist as well as a master one: the copy names the rendition kept.
  // It never expires on the phone, so an open page does not ask for new addresses offline.
  const savedAnswer: LessonOwnVideo = { ...own, playlist_url: playlistAddress, expires_at: null };
  return {
    video: true,
    written: [{ address: addressOf("lessonOwnVideo", args), body: JSON.stringify(savedAnswer), type: "application/json" }],
    addresses: [
      playlistAddress,
      ...segmentsOf(playlist).map((segment) => resolved(segment, playlistAddress)),
      ...(own.poster_url ? [own.poster_url] : []),
      ...own.captions.map((track) => track.url),
    ],
  };
}
