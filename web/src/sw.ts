// The service worker, built by vite-plugin-pwa, which writes this build's file list
// into self.__WB_MANIFEST. It keeps the app shell and every chunk of this build, so an open page
// never asks the server for a chunk of a build that a deployment has replaced, and the app opens
// with no signal. API answers are never cached here: only what a member saved on purpose.
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { OFFLINE_CACHE } from "./lib/offline-cache.ts";
import { isLanguage, languages, sourceLanguage, textDirections, type Language } from "../../contract/languages.ts";

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

// The language of the last page the server sent (docs/languages.md): with no signal, the shell
// opens in it, so a Spanish reader's timer is Spanish offline too.
const LANGUAGE_CACHE = "page-language";
const LANGUAGE_KEY = "/page-language";

async function offlineLanguage(): Promise<Language> {
  const kept = await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_KEY);
  const language = kept ? await kept.text() : undefined;
  if (language && isLanguage(language)) return language;
  const asked = self.navigator.languages.map((tag) => tag.split("-")[0]!.toLowerCase()).find((tag): tag is Language => isLanguage(tag));
  return asked ?? sourceLanguage;
}

/** The precached shell, its <html lang dir> set to the reader's language: the app reads its sentences by it. */
async function offlineShell(): Promise<Response | undefined> {
  const language = await offlineLanguage();
  // Each language's build has its own page, its sentences written in its scripts (scripts/build-web.ts).
  const shell =
    (await matchPrecache(language === sourceLanguage ? "/index.html" : `/index.${language}.html`)) ?? (await matchPrecache("/index.html"));
  if (!shell) return undefined;
  const html = (await shell.text()).replace(/<html[^>]*>/, `<html lang="${language}" dir="${textDirections[language]}">`);
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8", "content-language": language } });
}

registerRoute(
  ({ request }) => request.mode === "navigate",
  ({ request }) => networkOr(request, offlineShell),
);

// A saved lesson's downloads and its own answers (its transcript: the `savedWithLesson` slot):
// the server first (it checks the session), the saved copy without a network.
const savedWithLessons = /^\/reactapi\/(downloads\/|lessons\/\d+\/)/;
registerRoute(
  ({ url, request }) => request.method === "GET" && url.origin === self.location.origin && savedWithLessons.test(url.pathname),
  ({ request }) => networkOr(request, () => caches.match(request.url, { cacheName: OFFLINE_CACHE })),
);

// A saved lesson's own video (docs/videos.md): its playlist, segments and poster at their signed
// addresses, ours (the disk) or the store's (S3's presigned ones). Online they come from where they
// live, however long a segment takes on a weak signal; without a network, from the copy, which a
// signed address does not outlive on the server but does on the phone.
const savedVideoFiles = /^\/reactapi\/videos\//;
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    (url.origin === self.location.origin ? savedVideoFiles.test(url.pathname) : url.searchParams.has("X-Amz-Signature")),
  async ({ request }) => {
    try {
      return await fetch(request);
    } catch {
      return (await caches.match(request.url, { cacheName: OFFLINE_CACHE })) ?? Response.error();
    }
  },
);

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; language?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (data?.type === "PAGE_LANGUAGE" && data.language && (languages as readonly string[]).includes(data.language)) {
    event.waitUntil(caches.open(LANGUAGE_CACHE).then((cache) => cache.put(LANGUAGE_KEY, new Response(data.language))));
  }
});

// Web Push (docs/push.md): the server chose the words for a locked screen; the service worker
// shows them with the site's icon, and a tap opens the page they are about.
type PushPayload = { title: string; body: string; url: string; tag: string };

self.addEventListener("push", (event) => {
  let payload: PushPayload;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!payload?.title) return;
  // Only a path of this site: a push can never send her elsewhere.
  const url = payload.url.startsWith("/") && !payload.url.startsWith("//") ? payload.url : "/";
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? "/", self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const here = open.find((client) => new URL(client.url).origin === self.location.origin);
      if (here) {
        try {
          await here.navigate(url);
          await here.focus();
          return;
        } catch {
          // A page this worker does not control cannot be moved: a new window opens instead.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
