import type { Profile } from "../../../contract/sign-in.ts";
import type { OpenLesson } from "../../../contract/catalogue.ts";
import type { SavedCompanions } from "./slots.tsx";
import { readDownloads } from "./lesson-downloads.ts";
import { hasOfflineCopies, OFFLINE_CACHE } from "./offline-cache.ts";

/** A lesson kept on the phone (Cache Storage), with whose it is. */
export type SavedLesson = {
  memberId: number;
  courseId: number;
  courseTitle: string;
  moduleTitle: string;
  savedAt: string;
  lesson: OpenLesson;
  /** The addresses of what was kept beside it (its transcript, its video: the `savedWithLesson` slot); absent from copies saved before. */
  companions?: string[];
  /** Its own video was kept and plays without a signal. */
  video?: boolean;
  /** What it takes on the phone, in bytes. */
  bytes?: number;
};

const MEMBER_ADDRESS = "/offline/member";
const LESSON_PREFIX = "/offline/lessons/";
const lessonAddress = (courseId: number, lessonId: number) => `${LESSON_PREFIX}${courseId}/${lessonId}`;
const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } });

/** Saving needs Cache Storage (absent in some private windows and old browsers). */
export function canSaveForOffline(): boolean {
  return typeof caches !== "undefined";
}

/** How a save goes: the bytes kept so far, and her Cancel. */
export type SaveProgress = { signal?: AbortSignal; onBytes?: (bytesSoFar: number) => void };

// A few files at a time: a saved video is a hundred segments, and a phone's connection is shared.
const FILES_AT_ONCE = 4;

/**
 * Saves the lesson, its downloads, its companions (answers its parts read, such as its transcript,
 * and its own video) and who she is (so the app can open offline); answers the bytes it kept.
 * Nothing is kept half-saved: a file that cannot be fetched, or her Cancel, fails the whole save
 * and takes back what it kept.
 */
export async function saveLessonForOffline(
  member: Profile,
  saved: Omit<SavedLesson, "memberId" | "savedAt" | "companions" | "video" | "bytes"> & { companions?: readonly SavedCompanions[] },
  progress: SaveProgress = {},
): Promise<number> {
  const current = await offlineMember();
  // A phone passed to another member keeps nothing of the one before.
  if (current && current.id !== member.id) await caches.delete(OFFLINE_CACHE);
  const companions = saved.companions ?? [];
  const written = companions.flatMap((companion) => companion.written ?? []);
  const downloads = downloadAddresses(saved.lesson);
  const fetchedAddresses = [...new Set([...downloads, ...companions.flatMap((companion) => companion.addresses ?? [])])];
  const kept = [...fetchedAddresses, ...written.map((answer) => answer.address)];
  // What another saved lesson already keeps stays if this save fails.
  const keptBefore = new Set((await savedLessons(member.id)).flatMap(keptAddresses));
  const cache = await caches.open(OFFLINE_CACHE);
  let bytes = 0;
  const count = (size: number) => {
    bytes += size;
    progress.onBytes?.(bytes);
  };
  try {
    for (const answer of written) {
      const body = new Blob([answer.body], { type: answer.type });
      await cache.put(answer.address, new Response(body, { headers: { "content-type": answer.type } }));
      count(body.size);
    }
    let next = 0;
    const fetchNext = async (): Promise<void> => {
      while (next < fetchedAddresses.length) {
        progress.signal?.throwIfAborted();
        const address = fetchedAddresses[next++]!;
        const response = await fetch(address, { credentials: "same-origin", signal: progress.signal });
        if (!response.ok) throw new Error(`${address} answered ${response.status}`);
        const body = await response.blob();
        await cache.put(address, new Response(body, { headers: response.headers }));
        count(body.size);
      }
    };
    await Promise.all(Array.from({ length: FILES_AT_ONCE }, fetchNext));
    progress.signal?.throwIfAborted();
  } catch (error) {
    for (const address of kept) if (!keptBefore.has(address)) await cache.delete(address);
    throw error;
  }
  await cache.put(MEMBER_ADDRESS, json(member));
  const entry: SavedLesson = {
    ...saved,
    memberId: member.id,
    savedAt: new Date().toISOString(),
    companions: kept.filter((address) => !downloads.includes(address)),
    video: companions.some((companion) => companion.video),
    bytes,
  };
  await cache.put(lessonAddress(saved.courseId, saved.lesson.id), json(entry));
  return bytes;
}

/** The member the saved lessons belong to, for opening the app without a network. */
export function offlineMember(): Promise<Profile | null> {
  return readSaved<Profile>(MEMBER_ADDRESS);
}

/**
 * One saved entry. Reads without opening the cache, which would create it, and hasOfflineCopies
 * (offline-cache.ts) would then report copies on a phone where nothing was ever saved.
 */
async function readSaved<Entry>(address: string): Promise<Entry | null> {
  if (!canSaveForOffline()) return null;
  const answer = await caches.match(address, { cacheName: OFFLINE_CACHE });
  return answer ? ((await answer.json()) as Entry) : null;
}

export async function savedLessons(memberId: number): Promise<SavedLesson[]> {
  if (!(await hasOfflineCopies())) return [];
  const cache = await caches.open(OFFLINE_CACHE);
  const lessons: SavedLesson[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(LESSON_PREFIX)) continue;
    const saved = (await (await cache.match(request))?.json()) as SavedLesson | undefined;
    if (saved?.memberId === memberId) lessons.push(saved);
  }
  return lessons.sort((first, second) => first.savedAt.localeCompare(second.savedAt));
}

export async function savedLesson(memberId: number, courseId: number, lessonId: number): Promise<SavedLesson | null> {
  const saved = await readSaved<SavedLesson>(lessonAddress(courseId, lessonId));
  return saved?.memberId === memberId ? saved : null;
}

/** Removes one saved lesson and the downloads and companions no other saved lesson needs. */
export async function removeSavedLesson(memberId: number, courseId: number, lessonId: number): Promise<void> {
  const removed = await savedLesson(memberId, courseId, lessonId);
  if (!removed) return;
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.delete(lessonAddress(courseId, lessonId));
  const stillNeeded = new Set((await savedLessons(memberId)).flatMap(keptAddresses));
  for (const address of keptAddresses(removed)) if (!stillNeeded.has(address)) await cache.delete(address);
}

const keptAddresses = (saved: SavedLesson) => [...downloadAddresses(saved.lesson), ...(saved.companions ?? [])];

/** Removes every lesson of a course saved on this phone: "Remove" on the course, or her access to it ended. */
export async function removeSavedCourse(memberId: number, courseId: number): Promise<void> {
  for (const saved of await savedLessons(memberId))
    if (saved.courseId === courseId) await removeSavedLesson(memberId, courseId, saved.lesson.id);
}

/**
 * Asks the browser to keep what she saved when the phone runs short of space (it may say no; the
 * copies are kept all the same, until the browser needs the room).
 */
export async function askToKeepSavedLessons(): Promise<void> {
  await navigator.storage?.persist?.().catch(() => false);
}

/** The bytes the site may still keep on this phone, when the browser says. */
export async function freeSpace(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota || estimate.usage === undefined) return null;
  return Math.max(0, estimate.quota - estimate.usage);
}

/** Keeps saved lessons only for the member now signed in. */
export async function keepOnlyFor(memberId: number): Promise<void> {
  const member = await offlineMember();
  if (member && member.id !== memberId) await caches.delete(OFFLINE_CACHE);
}

function downloadAddresses(lesson: OpenLesson): string[] {
  const view = readDownloads(lesson.video_description);
  return view.kind === "list" ? view.files.flatMap((file) => (file.url ? [file.url] : [])) : [];
}

/**
 * Lets the app open with no network as this member, as a saved lesson does: the contraction timer
 * and her birth preferences are used where there is no signal. Logout takes it away with the rest.
 */
export async function rememberMemberForOffline(member: Profile): Promise<void> {
  if (!canSaveForOffline()) return;
  const current = await offlineMember();
  if (current?.id === member.id) return;
  if (current) await caches.delete(OFFLINE_CACHE);
  await (await caches.open(OFFLINE_CACHE)).put(MEMBER_ADDRESS, json(member));
}
