// `npm run lint`'s check that the server's feature folders are layered (docs/architecture.md):
// no feature may reach, through the features it imports, back to itself. Where two features need
// each other, the lower one offers a hook and the other registers with it (as PersonalData does).
// The edges that closed cycles before this check existed were listed below and removed one by one
// (the last on 2026-11-27); the list stays empty: any edge on a cycle fails.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { placeOf } from "./feature-boundaries.js";

const root = path.resolve(import.meta.dirname, "../..");

export const edgesOnCyclesBeforeTheCheck = new Set([]);

const sourceFiles = (folder) =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });

/** The server's feature-to-feature imports that run (type-only imports carry no code), as "from -> to". */
export function featureEdges(files = sourceFiles(path.join(root, "server/src"))) {
  const edges = new Map();
  for (const file of files) {
    const from = placeOf(file);
    if (from.side !== "server" || from.kind !== "feature") continue;
    const text = readFileSync(file, "utf8");
    for (const [, typeOnly, specifier] of text.matchAll(/^import (type )?[^;]*?from "(\.[^"]+)";/gms)) {
      if (typeOnly) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const to = placeOf(target);
      if (to.side !== "server" || to.kind !== "feature" || to.name === from.name) continue;
      const edge = `${from.name} -> ${to.name}`;
      if (!edges.has(edge)) edges.set(edge, path.relative(root, file));
    }
  }
  return edges;
}

/** The edges on a cycle: from -> to, where `to` reaches `from` again. */
export function edgesOnCycles(edges) {
  const next = new Map();
  for (const edge of edges.keys()) {
    const [from, to] = edge.split(" -> ");
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const reaches = (start, goal) => {
    const seen = new Set();
    const stack = [start];
    while (stack.length > 0) {
      const at = stack.pop();
      if (at === goal) return true;
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(next.get(at) ?? []));
    }
    return false;
  };
  return [...edges.keys()].filter((edge) => {
    const [from, to] = edge.split(" -> ");
    return reaches(to, from);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = featureEdges();
  const onCycles = edgesOnCycles(edges);
  const problems = [
    ...onCycles
      .filter((edge) => !edgesOnCyclesBeforeTheCheck.has(edge))
      .map((edge) => `${edge} (${edges.get(edge)}) closes a cycle between server features: let the lower feature offer a hook instead`),
    ...[...edgesOnCyclesBeforeTheCheck]
      .filter((edge) => !onCycles.includes(edge))
      .map((edge) => `${edge} no longer closes a cycle: take it off the list in scripts/lint/feature-cycles.mjs`),
  ];
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exit(1);
  }
}
