import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

type ManifestChunk = {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
};
type Manifest = Record<string, ManifestChunk>;

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");

const memberLayout = "src/components/member-layout.tsx";
const studioApp = "src/features/studio/studio-app.tsx";

/** The screen module each route loads lazily (web/src/app/router.tsx), and the layout around it. */
export const routeScreens: Record<string, string[]> = {
  "/": ["src/features/marketing/landing-page.tsx"],
  "/login": ["src/features/auth/login-page.tsx"],
  "/register": ["src/features/auth/register-page.tsx"],
  "/join": ["src/features/marketing/join-page.tsx"],
  "/template": ["src/features/marketing/template-page.tsx"],
  "/app": ["src/features/app/install-page.tsx"],
  "/forgot-password": ["src/features/account/forgot-password-page.tsx"],
  "/reset-password": ["src/features/account/reset-password-page.tsx"],
  "/confirm-email": ["src/features/account/confirm-email-page.tsx"],
  "/verify/:code": ["src/features/account/verify-certificate-page.tsx"],
  "/home": [memberLayout, "src/features/marketing/home-page.tsx"],
  "/account": [memberLayout, "src/features/account/account-page.tsx"],
  "/podcast": [memberLayout, "src/features/marketing/podcast-page.tsx"],
  "/gallery": [memberLayout, "src/features/marketing/gallery-page.tsx"],
  "/library": [memberLayout, "src/features/library/library-page.tsx"],
  "/course": [memberLayout, "src/features/course/course-page.tsx"],
  "/lesson": [memberLayout, "src/features/lesson/lesson-page.tsx"],
  "/feedback": [memberLayout, "src/features/forms/feedback-page.tsx"],
  "/support": [memberLayout, "src/features/forms/support-page.tsx"],
  "/purchase": [memberLayout, "src/features/payments/purchase-page.tsx"],
  "/purchase/success": [memberLayout, "src/features/payments/purchase-success-page.tsx"],
  "/studio": [studioApp, "src/features/studio/dashboard-page.tsx"],
  "/studio/setup": ["src/features/studio/setup-page.tsx"],
  "/studio/courses": [studioApp, "src/features/studio/courses-page.tsx"],
  "/studio/courses/:id": [studioApp, "src/features/studio/course-page.tsx"],
  "/studio/lessons/:id": [studioApp, "src/features/studio/lesson-editor-page.tsx"],
  "/studio/members": [studioApp, "src/features/studio/members-page.tsx"],
  "/studio/members/:id": [studioApp, "src/features/studio/member-page.tsx"],
  "/studio/access-codes": [studioApp, "src/features/studio/access-codes-page.tsx"],
  "/studio/plans": [studioApp, "src/features/studio/plans-page.tsx"],
  "/studio/inbox": [studioApp, "src/features/studio/inbox-page.tsx"],
  "/studio/activity": [studioApp, "src/features/studio/activity-page.tsx"],
  "/studio/trash": [studioApp, "src/features/studio/trash-page.tsx"],
};

/** Whether a route is the instructor's: its code must never reach a member's or a visitor's first visit. */
export const isStudioRoute = (route: string) => route === "/studio" || route.startsWith("/studio/");

export function readManifest(): Manifest {
  const file = path.join(webDist, ".vite/manifest.json");
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

const gzippedSize = (file: string) => gzipSync(readFileSync(path.join(webDist, file)), { level: 9 }).length;

function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The files a first visit to a route downloads: the entry, the route's screens, and what they import. */
export function firstVisitFiles(manifest: Manifest, route: string): string[] {
  const screens = routeScreens[route];
  if (!screens) throw new Error(`${route} has no screens in bench/bundle-size.ts`);
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const files = staticClosure(manifest, entry);
  for (const screen of screens) staticClosure(manifest, screen, files);
  return [...files];
}

/** Gzipped bytes of the JavaScript a first visit to a route downloads. */
export function firstVisitJsBytes(manifest: Manifest, route: string): number {
  return firstVisitFiles(manifest, route)
    .filter((file) => file.endsWith(".js"))
    .reduce((total, file) => total + gzippedSize(file), 0);
}

/** Gzipped bytes of a screen's own chunk. */
export function screenChunkBytes(manifest: Manifest, screen: string): number {
  return gzippedSize(manifest[screen]!.file);
}
