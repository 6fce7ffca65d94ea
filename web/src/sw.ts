// The service worker, built by vite-plugin-pwa, which writes this build's file list
// into self.__WB_MANIFEST. It keeps the app shell and every chunk of this build, so an open page
// never asks the server for a chunk of a build that a deployment has replaced, and the app opens
// with no signal. API answers are never cached here: only what a member saved on purpose.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { OFFLINE_CACHE } from "./lib/offline-cache.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A slow network is worse than none at a bedside: after this long, use the phone's copy.
const NETWORK_PATIENCE_MS = 8_000;

cleanupOutdatedCaches();
// No directory index or clean URLs: "/" and the other pages come from the server (pre-rendered,
// with 404s for unknown addresses); the precached shell is only the offline fallback below.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "", cleanURLs: false });
// The first version takes the open page at once, so "Save for offline" works on the first visit.
// Later versions wait for the member's Reload (the "A new version is ready" prompt).
clientsClaim();

/** The network's answer, or, when it fails or takes too long, the fallback's. */
async function networkOr(request: Request, fallback: () => Promise<Response | undefined>): Promise<Response> {
  try {
    return await fetch(request, { signal: AbortSignal.timeout(NETWORK_PATIENCE_MS) });
  } catch {
    return (await fallback()) ?? Response.error();
  }
}

registerRoute(
  ({ request }) => request.mode === "navigate",
  ({ request }) => networkOr(request, () => matchPrecache("/index.html")),
);

// A saved lesson's downloads: the server first (it checks the session), the saved copy without a network.
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && url.pathname.startsWith("/reactapi/downloads/"),
  ({ request }) => networkOr(request, () => caches.match(request.url, { cacheName: OFFLINE_CACHE })),
);

self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
