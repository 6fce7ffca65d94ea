import { useSyncExternalStore } from "react";

// Whether a newer build is waiting, and how to switch to it. Kept outside the app's store and this small
// because every page's first visit carries it; the rest of the update logic loads after the page.
let switchToNewVersion: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Says a new version is ready; `apply` switches to it (and reloads the page). */
export function announceNewVersion(apply: () => void): void {
  switchToNewVersion = apply;
  for (const listener of listeners) listener();
}

/** The switch to the new version when one is ready, else null. */
export function useNewVersion(): (() => void) | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => switchToNewVersion,
    () => null,
  );
}

let updates: Promise<typeof import("./service-worker.ts")> | undefined;
const SETTLE_AFTER_LOAD_MS = 2_000;

/** Registers the service worker once the page has loaded and settled: nothing of it delays the first paint. */
export function startAppUpdates(): void {
  if (!("serviceWorker" in navigator) || !import.meta.env.PROD) return;
  const start = () => {
    updates = import("./service-worker.ts");
    void updates.then(({ registerServiceWorker }) => registerServiceWorker(announceNewVersion));
  };
  // Installing copies every file of this build to the phone, which competes with the page's own
  // requests and its processor: it waits until the page has had a moment to show her its content.
  const startSoon = () => setTimeout(start, SETTLE_AFTER_LOAD_MS);
  if (document.readyState === "complete") startSoon();
  else window.addEventListener("load", startSoon, { once: true });
}

/** Asks the server whether a new build is out; called after in-app navigations (at most every 10 seconds). */
export function checkForNewVersion(): void {
  void updates?.then(({ checkForUpdate }) => checkForUpdate());
}
