import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { type Language, sourceLanguage } from "../contract/languages.ts";
import { isStudioModule, modulesOf, routes } from "../web/src/lib/routes.ts";

type ManifestChunk = {
  file: string;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
};
type Manifest = Record<string, ManifestChunk>;

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/dist");

/** The modules a first visit to each route loads lazily: its frame and its screen (web/src/lib/routes.ts). */
export const routeScreens: Record<string, string[]> = Object.fromEntries(
  routes.map((route) => [route.path, modulesOf(route).map((module) => `src/${module}`)]),
);

/**
 * The instructor's routes: their screens live under features/studio/ or a capability's studio
 * folder (isStudioModule, web/src/lib/routes.ts). They
 * alone are built with MUI, and their code never reaches a member's or a visitor's first visit.
 */
export const studioRoutes = routes.filter((route) => isStudioModule(route.screen)).map((route) => route.path);

/** Every route a visitor or member sees: plain markup, no MUI or Emotion on its first visit. */
export const plainRoutes = routes.filter((route) => !studioRoutes.includes(route.path)).map((route) => route.path);

/**
 * The most a first visit may download, gzipped JavaScript, KB read as 1,000 bytes (the stricter
 * reading): a visitor's or member's first visit is on a phone, often on a slow network; the
 * instructor works in the studio on a laptop. The bundle budget test holds the build to it and
 * the bench prints it beside each figure.
 */
export const firstVisitBudget = (route: string): number => (studioRoutes.includes(route) ? 150_000 : 120_000);

/** A language's build manifest (scripts/build-web.ts builds the app once per language). */
export function readManifest(language: Language = sourceLanguage): Manifest {
  const file = path.join(webDist, language === sourceLanguage ? ".vite/manifest.json" : `.vite/manifest.${language}.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return JSON.parse(readFileSync(file, "utf8")) as Manifest;
}

// A first visit shares most of its files with every other (the entry, React, the frame): each
// file is compressed once per build it belongs to, not once per route and language that loads it.
const gzippedSizes = new Map<string, number>();
function gzippedSize(file: string): number {
  const location = path.join(webDist, file);
  const { mtimeMs, size } = statSync(location);
  const key = `${location} ${mtimeMs} ${size}`;
  let gzipped = gzippedSizes.get(key);
  if (gzipped === undefined) {
    gzipped = gzipSync(readFileSync(location), { level: 9 }).length;
    gzippedSizes.set(key, gzipped);
  }
  return gzipped;
}

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
  // The parts of the slots it shows as it opens travel in a chunk named after each slot (web/chunk-groups.ts).
  for (const slot of routes.find((candidate) => candidate.path === route)?.firstNeeds?.slots ?? []) {
    const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.name === slot && !manifest[candidate]!.src);
    if (!key) throw new Error(`no chunk of the build is named ${slot}`);
    staticClosure(manifest, key, files);
  }
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
