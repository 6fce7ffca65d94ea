import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { layoutScreens } from "./src/lib/routes.ts";

// Which file of the build carries each of the app's own modules, by convention instead of by name
// (docs/architecture.md, "Chunks"). A chunk's root is the entry (app/main.tsx), a screen or frame
// (*-page.tsx, *-layout.tsx, loaded by the router) or a part loaded with import(). Then:
// - what the entry or the studio's frame needs, beside the site, travels in "core" (every page);
// - what only one feature's roots share travels in "<feature>-parts";
// - what several of the site's features (or its frames) share travels in "site-parts", which no
//   studio page downloads;
// - the rest (a studio screen's module that some site page uses too, an endpoints file that
//   registers the calls of a few screens) is left to the bundler, which gives it the chunks that
//   need it: in a group it would weigh on every page of the group.
// The import graph is read from the sources with regular expressions: enough for this code base,
// whose imports are all written `import … from "…"`, `import "…"` or `import("…")`.

const webSource = path.resolve(import.meta.dirname, "src");
const contractSource = path.resolve(import.meta.dirname, "../contract");
const entry = path.join(webSource, "app/main.tsx");
const studioFrame = path.join(webSource, layoutScreens.studio);
const studioFolder = layoutScreens.studio.split("/")[1]!;
const studioAreaSuffix = "-studio";
/** The studio's own folder, or a capability's studio folder. */
const onStudioSide = (feature: string) => feature === studioFolder || feature.endsWith(studioAreaSuffix);

const sourceFile = /\.(ts|tsx)$/;
const testFile = /\.test\.tsx?$|[\\/]test[\\/]/;
const staticImport = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/g;
const dynamicImport = /import\(\s*["']([^"']+)["']\s*\)/g;
const screenOrFrame = /-(page|layout)\.tsx$/;
const studioSlotsDeclaration = /[\\/](feature-studio-slots|features[\\/][^\\/]+[\\/]studio[\\/]slots)\.ts$/;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sources(full);
    return sourceFile.test(entry.name) && !testFile.test(full) ? [full] : [];
  });
}

const resolved = (from: string, target: string) => path.resolve(path.dirname(from), target);

function staticImportsOf(text: string, file: string): string[] {
  const found: string[] = [];
  for (const [statement, target] of text.matchAll(staticImport)) {
    if (!target!.startsWith(".") || /^\s*(?:import|export)\s+type\s/.test(statement)) continue;
    found.push(resolved(file, target!));
  }
  return found;
}

/** The feature a module of web/src belongs to ("app" for app/); undefined for shared modules. */
function featureOf(file: string): string | undefined {
  const relative = path.relative(webSource, file).split(path.sep);
  // A capability's studio pages (features/<capability>/studio/) are a group of their own, on the
  // studio's side: what only they share travels in "<capability>-studio-parts", not with every studio page.
  // A feature's routes.ts, slots.ts and studio/slots.ts declare it to the frames (web/src/feature-*.ts):
  // they travel with the frames that read them, not with its screens.
  if (relative[0] === "features" && /^[^/]+\/(routes|slots|studio\/slots)\.ts$/.test(relative.slice(1).join("/"))) return undefined;
  if (relative[0] === "features")
    return relative[2] === "studio" && relative.length > 3 ? `${relative[1]}${studioAreaSuffix}` : relative[1];
  if (relative[0] === "app") return "app";
  // The studio's shared widgets travel with the studio, as they did inside its folder.
  if (relative[0] === "studio-kit") return studioFolder;
  return undefined;
}

/** The roots of chunks, and for every shared module the roots that reach it without passing another root. */
function rootsReaching(): { roots: Set<string>; reachedBy: Map<string, Set<string>>; importersOf: Map<string, string[]> } {
  const files = [...sources(webSource), ...sources(contractSource)];
  const texts = new Map(files.map((file) => [file, readFileSync(file, "utf8")]));
  const importsOf = new Map(files.map((file) => [file, staticImportsOf(texts.get(file)!, file)]));
  const importedStatically = new Set([...importsOf.values()].flat());
  const roots = new Set([entry, ...files.filter((file) => file.startsWith(webSource) && screenOrFrame.test(file))]);
  // A module loaded with import() somewhere and imported statically elsewhere is no chunk of its own.
  for (const [file, text] of texts)
    for (const [, target] of text.matchAll(dynamicImport))
      if (target!.startsWith(".") && !importedStatically.has(resolved(file, target!))) roots.add(resolved(file, target!));
  const reachedBy = new Map<string, Set<string>>();
  for (const root of roots) {
    const seen = new Set<string>();
    const walk = (file: string) => {
      for (const target of importsOf.get(file) ?? []) {
        if (seen.has(target) || roots.has(target)) continue;
        seen.add(target);
        if (!reachedBy.has(target)) reachedBy.set(target, new Set());
        reachedBy.get(target)!.add(root);
        walk(target);
      }
    };
    walk(root);
  }
  const importersOf = new Map<string, string[]>();
  for (const [file, targets] of importsOf)
    for (const target of targets) importersOf.set(target, [...(importersOf.get(target) ?? []), file]);
  // The parts of the endpoint table (web/endpoint-table.ts) are virtual modules, each imported by one endpoints file.
  for (const [file, text] of texts)
    for (const [, part] of text.matchAll(/["'](virtual:endpoint-table\/[a-z-]+)["']/g)) importersOf.set(`\0${part}`, [file]);
  return { roots, reachedBy, importersOf };
}

/**
 * A slot's parts are shown together (a page's cards, its sections): they travel in one file, named
 * after the slot. Read from the text of web/src/app/slots.ts and of each feature's slots.ts
 * (importing them here would bundle every part into the config): each slot is a top-level key of
 * the object, each part an import().
 */
function slotParts(): Map<string, string> {
  const parts = new Map<string, string>();
  const files = [
    path.join(webSource, "app/slots.ts"),
    ...readdirSync(path.join(webSource, "features"))
      .map((feature) => path.join(webSource, "features", feature, "slots.ts"))
      .filter((file) => existsSync(file)),
  ];
  for (const file of files) {
    let slot: string | undefined;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      slot = /^ {2,4}(\w+): \[/.exec(line)?.[1] ?? slot;
      if (slot === undefined) continue;
      for (const [, module] of line.matchAll(/import\(\s*"(\.\.?\/[^"]+)"\s*\)/g))
        parts.set(path.resolve(path.dirname(file), module!), slot);
    }
  }
  return parts;
}

export type ChunkGroup = {
  name: string;
  test: (id: string) => boolean;
  minShareCount?: number;
  includeDependenciesRecursively?: boolean;
  entriesAware?: boolean;
};

const normalise = (id: string) => id.replace(/\?.*$/, "");

/** The bundler's groups for the app's own modules (web/vite.config.ts adds those of node_modules). */
export function appChunkGroups(): ChunkGroup[] {
  const { roots, reachedBy, importersOf } = rootsReaching();
  const groupOfModule = new Map<string, string>();
  for (const [file, by] of reachedBy) {
    // The studio's slots' declarations travel with the studio's slots (app/studio-slots.ts), which
    // only the studio loads: left to the bundler, they join that file.
    if (studioSlotsDeclaration.test(file)) continue;
    const feature = featureOf(file);
    // A feature's messages.ts only passes t() on in a build, its sentences being written in place
    // (web/sentences-in-place.ts): left to the bundler, it costs no file of its own, and a slot's
    // part that needs only it (a card on /home) does not bring the feature's parts.
    if (feature !== undefined && feature !== "app" && /[\\/]messages\.ts$/.test(file)) continue;
    // What the entry itself needs comes on every page: a feature's module too (the install offer).
    if (by.has(entry)) {
      groupOfModule.set(file, "core");
      continue;
    }
    if (feature !== undefined && feature !== "app") {
      groupOfModule.set(file, `${feature}-parts`);
      continue;
    }
    const features = new Set([...by].map((root) => featureOf(root) ?? "shared"));
    if (by.has(entry) || (by.has(studioFrame) && by.size > 1)) groupOfModule.set(file, "core");
    else if (features.size === 1 && !features.has("app")) groupOfModule.set(file, `${[...features][0]}-parts`);
    else if (![...features].some(onStudioSide)) groupOfModule.set(file, "site-parts");
    else groupOfModule.set(file, "shared-parts");
  }
  const slotOfPart = slotParts();
  const groupOf = (id: string): string | undefined => {
    // Vite's helper for import() and the endpoint table every page carries (web/endpoint-table.ts;
    // each capability's own part travels with its screens) come on every page.
    if (id === "\0vite/preload-helper.js" || id === "\0virtual:endpoint-table") return "core";
    // A part of the endpoint table travels with the endpoints file that registers it.
    if (id.startsWith("\0virtual:endpoint-table/")) {
      const [registrar] = importersOf.get(id) ?? [];
      return registrar === undefined ? undefined : groupOf(registrar);
    }
    const file = normalise(id);
    const slot = slotOfPart.get(file);
    if (slot !== undefined) return slot;
    if (/-endpoints\.ts$/.test(file)) {
      // Registered by the parts of one slot alone, it travels with them.
      const slots = new Set((importersOf.get(file) ?? []).map((importer) => slotOfPart.get(importer)));
      return slots.size === 1 ? [...slots][0] : undefined;
    }
    if (roots.has(file)) return undefined;
    return groupOfModule.get(file);
  };
  const slotNames = new Set(slotOfPart.values());
  const names = new Set(["core", ...groupOfModule.values(), ...slotNames]);
  // Each module goes where its group says, not where the first group that imports it would pull
  // it (the bundler's default): the groups already follow the import graph.
  return [...names].map((name) => ({
    name,
    test: (id: string) => groupOf(id) === name,
    // A feature's parts are what several of its chunks share; the other groups hold only shared modules and slots' parts.
    minShareCount: name.endsWith("-parts") && name !== "site-parts" && name !== "shared-parts" ? 2 : 1,
    includeDependenciesRecursively: false,
    // What the studio's screens share with the site's is split by the set of chunks using it: a
    // studio page downloads only what it uses of it, at the cost of a file or two more.
    entriesAware: name === "shared-parts",
  }));
}
