// Registers the service worker (web/src/sw.ts) and tells the page when a newer build is waiting.
// A waiting version takes over only when the member presses Reload, so an open page never runs
// chunks of two builds.

const CHECK_AT_MOST_EVERY_MS = 10_000;
let registration: ServiceWorkerRegistration | undefined;
let lastCheck = 0;

export async function registerServiceWorker(announce: (apply: () => void) => void): Promise<void> {
  try {
    registration = await navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch {
    return; // A private window or a blocked worker: the site works as before, without offline.
  }
  // A browser told to block workers may answer the registration with nothing instead of refusing it.
  if (!registration) return;
  lastCheck = Date.now();
  // The language this page was sent in, for the shell the worker opens with no signal (web/src/sw.ts).
  void navigator.serviceWorker.ready.then((ready) =>
    ready.active?.postMessage({ type: "PAGE_LANGUAGE", language: document.documentElement.lang }),
  );
  const offer = (waiting: ServiceWorker) => {
    announce(() => {
      navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
  };
  // A version may already be waiting from an earlier visit; the first version ever needs no prompt.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const installing = registration?.installing;
    installing?.addEventListener("statechange", () => {
      if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
    });
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") checkForUpdate();
  });
}

export function checkForUpdate(): void {
  if (!registration || Date.now() - lastCheck < CHECK_AT_MOST_EVERY_MS) return;
  lastCheck = Date.now();
  registration.update().catch(() => undefined); // Offline: the next check tries again.
}
