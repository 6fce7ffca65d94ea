/**
 * The one Cache Storage cache that holds what a member saved for offline: her lessons (under
 * /offline/... addresses of our own) and their downloads (under their real addresses, which the
 * service worker answers from here when the network fails). Shared by the page and web/src/sw.ts;
 * this module stays tiny because the session code, on every page, calls forgetOfflineCopies.
 */
export const OFFLINE_CACHE = "saved-lessons-v1";

/** Deletes everything saved for offline: at logout, and when the session has ended. */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof caches === "undefined") return;
  await caches.delete(OFFLINE_CACHE).catch(() => false);
}

/** Whether anything is saved for offline, without loading the code that reads it. */
export async function hasOfflineCopies(): Promise<boolean> {
  return typeof caches !== "undefined" && (await caches.has(OFFLINE_CACHE).catch(() => false));
}
