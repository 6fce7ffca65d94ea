import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");

/** The screen module each route loads lazily (web/src/app/router.tsx), and the layout around it. */
export const routeScreens: Record<string, string[]> = {
  "/": ["src/features/marketing/landing-page.tsx"],
  "/login": ["src/features/auth/login-page.tsx"],
  "/register": ["src/features/auth/register-page.tsx"],
  "/join": ["src/features/marketing/join-page.tsx"],
  "/home": ["src/components/member-layout.tsx", "src/features/marketing/home-page.tsx"],
  "/library": ["src/components/member-layout.tsx", "src/features/library/library-page.tsx"],
  "/course": ["src/components/member-layout.tsx", "src/features/course/course-page.tsx"],
  "/lesson": ["src/components/member-layout.tsx", "src/features/lesson/lesson-page.tsx"],
  "/feedback": ["src/components/member-layout.tsx", "src/features/forms/feedback-page.tsx"],
  "/support": ["src/components/member-layout.tsx", "src/features/forms/support-page.tsx"],
};

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

/** Gzipped bytes of the JavaScript a first visit to a route downloads: the entry, the screen, and what they import. */
export function firstVisitJsBytes(manifest: Manifest, route: string): number {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const files = staticClosure(manifest, entry);
  for (const screen of routeScreens[route] ?? []) staticClosure(manifest, screen, files);
  return [...files].filter((file) => file.endsWith(".js")).reduce((total, file) => total + gzippedSize(file), 0);
}

/** Gzipped bytes of a screen's own chunk. */
export function screenChunkBytes(manifest: Manifest, screen: string): number {
  return gzippedSize(manifest[screen]!.file);
}
