import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Target } from "./targets.ts";

/**
 * What a capability adds to `npm run bench`, in `server/src/<capability>/bench.ts` (docs/architecture.md):
 * the bench names no capability; it runs the part of each one that has one.
 */
export type BenchPart = {
  /** The capabilities whose seeds this one's needs (its seed runs after theirs and reads their `values`). */
  after?: string[];
  /**
   * Makes what its pages need on the seeded site Lighthouse opens, through the API as she and the
   * member would, and says the address of each of its routes with a parameter.
   */
  seed?: (site: SeededSite) => Promise<Seeded>;
  /** Its own figures, on a server of its own (`databaseUrl` set: on that scratch PostgreSQL database). */
  measure?: (databaseUrl: string | undefined, seconds: number) => Promise<Record<string, number>>;
  /** What its figures should read (both databases' names: the PostgreSQL ones end in `_postgres`). */
  targets?: Record<string, Target>;
  /** Its routes among the first visits a Spanish reader makes most, measured in Spanish too. */
  firstVisitsInSpanish?: string[];
};

export type Seeded = {
  /** The address Lighthouse opens for each of its routes with a parameter, by route path. */
  addresses?: Record<string, string>;
  /** Ids later parts may read (those that name this capability in `after`). */
  values?: Record<string, string | number>;
};

/** The bench's seeded server, signed in as the instructor and as a member. */
export type SeededSite = {
  url: string;
  member: { email: string };
  /** Calls an endpoint as one of them (GET without a body); any answer but 2xx stops the bench. */
  call: (as: "instructor" | "member", route: string, body?: unknown) => Promise<Record<string, unknown>>;
  /** What the parts seeded before this one said. */
  values: Record<string, string | number>;
};

const serverSource = path.resolve(import.meta.dirname, "../server/src");

/** Every capability's part of the bench, each after those it names in `after`, otherwise by folder name. */
export async function benchParts(): Promise<{ capability: string; part: BenchPart }[]> {
  const found = new Map<string, BenchPart>();
  for (const folder of readdirSync(serverSource).sort()) {
    const file = path.join(serverSource, folder, "bench.ts");
    if (existsSync(file)) found.set(folder, ((await import(pathToFileURL(file).href)) as { default: BenchPart }).default);
  }
  const ordered: { capability: string; part: BenchPart }[] = [];
  while (ordered.length < found.size) {
    const next = [...found].find(
      ([capability, part]) =>
        !ordered.some((placed) => placed.capability === capability) &&
        (part.after ?? []).every((earlier) => !found.has(earlier) || ordered.some((placed) => placed.capability === earlier)),
    );
    if (!next) throw new Error("The bench's parts wait on one another (a cycle of `after`).");
    ordered.push({ capability: next[0], part: next[1] });
  }
  return ordered;
}

/**
 * Runs every part's seed on the bench's server, as the instructor and the member (their session
 * cookies) would through the API, and returns the addresses they seeded, by route path.
 */
export async function seedParts(
  parts: { part: BenchPart }[],
  url: string,
  instructorCookie: string,
  member: { cookie: string; email: string },
): Promise<Record<string, string>> {
  const site: SeededSite = {
    url,
    member: { email: member.email },
    values: {},
    call: async (as, route, body) => {
      const response = await fetch(`${url}${route}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { "content-type": "application/json", cookie: as === "instructor" ? instructorCookie : member.cookie },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    },
  };
  const addresses: Record<string, string> = {};
  for (const { part } of parts) {
    const seeded = (await part.seed?.(site)) ?? {};
    Object.assign(addresses, seeded.addresses);
    Object.assign(site.values, seeded.values);
  }
  return addresses;
}
