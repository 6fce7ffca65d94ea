import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript module of the lint configuration, without types
import { edgesOnCycles, edgesOnCyclesBeforeTheCheck, featureEdges } from "./feature-cycles.mjs";

const edges = (...list: string[]) => new Map(list.map((edge) => [edge, "somewhere.ts"]));

describe("the layering of the server's features", () => {
  it("finds the edges that close a cycle, and only those", () => {
    expect(edgesOnCycles(edges("a -> b", "b -> c", "c -> a", "c -> d", "d -> e"))).toEqual(["a -> b", "b -> c", "c -> a"]);
    expect(edgesOnCycles(edges("a -> b", "b -> c", "a -> c"))).toEqual([]);
  });

  it("finds no cycle between today's server features", () => {
    const today = featureEdges() as Map<string, string>;
    expect(edgesOnCycles(today)).toEqual([]);
    expect(edgesOnCyclesBeforeTheCheck.size).toBe(0);
    // A feature that only offers a hook (timed work, personal data) sits below every cycle.
    expect([...today.keys()].some((edge) => edge.startsWith("timer -> ") && edgesOnCycles(today).includes(edge))).toBe(false);
  });

  it("reads a file's feature-to-feature imports and leaves type-only ones out", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const found = featureEdges([path.join(root, "server/src/community/community-repository.ts")]) as Map<string, string>;
    expect([...found.keys()]).toEqual(expect.arrayContaining(["community -> accounts", "community -> content-notes"]));
    expect([...found.keys()]).not.toContain("community -> catalogue");
  });
});
