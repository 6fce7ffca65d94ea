import type { Profile } from "../../../contract/sign-in.ts";
import type { OpenLesson } from "../../../contract/catalogue.ts";
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
  /** The lesson's own answers kept beside it (its transcript: the `savedWithLesson` slot); absent from copies saved before. */
  companions?: string[];
};

const MEMBER_ADDRESS = "/offline/member";
const LESSON_PREFIX = "/offline/lessons/";
const lessonAddress = (courseId: number, lessonId: number) => `${LESSON_PREFIX}${courseId}/${lessonId}`;
const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } });

/** Saving needs Cache Storage (absent in some private windows and old browsers). */
export function canSaveForOffline(): boolean {
  return typeof caches !== "undefined";
}

/**
 * Saves the lesson, its downloads, its companions (answers its parts read, such as its transcript)
 * and who she is (so the app can open offline). Nothing is kept half-saved: a download or a
 * companion that cannot be fetched fails the whole save, with nothing recorded.
 */
export async function saveLessonForOffline(member: Profile, saved: Omit<SavedLesson, "memberId" | "savedAt">): Promise<void> {
  const current = await offlineMember();
  // A phone passed to another member keeps nothing of the one before.
  if (current && current.id !== member.id) await caches.delete(OFFLINE_CACHE);
  const addresses = [...downloadAddresses(saved.lesson), ...(saved.companions ?? [])];
  const fetched = await Promise.all(
    addresses.map(async (address) => {
      const response = await fetch(address, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${address} answered ${response.status}`);
      return [address, response] as const;
    }),
  );
  const cache = await caches.open(OFFLINE_CACHE);
  for (const [address, response] of fetched) await cache.put(address, response);
  await cache.put(MEMBER_ADDRESS, json(member));
  await cache.put(
    lessonAddress(saved.courseId, saved.lesson.id),
    json({ ...saved, memberId: member.id, savedAt: new Date().toISOString() }),
  );
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
