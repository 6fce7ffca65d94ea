import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { admin, startServer, stopServer } from "../testing/server-process.ts";
import { withScratchDatabase } from "../testing/scratch-postgres.ts";
import { atMost, type Target } from "./targets.ts";
import { benchEnvironment, rssMb } from "./processes.ts";

// npm run bench -- --soak SECONDS: a mix of what members do (register, log in, browse the library
// and courses, download, send feedback, log out), held for SECONDS against the built server, on
// the embedded database and, with BENCH_DATABASE_URL, on PostgreSQL. It reports errors, memory
// growth after warm-up, and the p99 latency of the first and the last minute after warm-up.

const VISITORS = 16;
const PASSWORD = "soak-Password-1";

type Sample = { at: number; ms: number; ok: boolean };

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

async function oneVisitor(
  base: string,
  code: string,
  downloadPath: string,
  stopAt: number,
  samples: Sample[],
  problems: string[],
): Promise<void> {
  let visit = 0;
  const timed = async (route: string, init: RequestInit, expected: number, cookie?: string) => {
    const started = performance.now();
    const at = Date.now();
    try {
      const response = await fetch(`${base}${route}`, {
        ...init,
        headers: {
          accept: "application/json",
          ...(init.body ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
        },
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      const ok = response.status === expected;
      if (!ok && problems.length < 20) problems.push(`${init.method ?? "GET"} ${route}: ${response.status}`);
      samples.push({ at, ms: performance.now() - started, ok });
      return response;
    } catch (error) {
      if (problems.length < 20) problems.push(`${init.method ?? "GET"} ${route}: ${(error as Error).message}`);
      samples.push({ at, ms: performance.now() - started, ok: false });
      return undefined;
    }
  };
  const post = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });
  while (Date.now() < stopAt) {
    const email = `soak.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.${visit++}@example.com`;
    await timed("/reactapi/users/register", post({ email, password: PASSWORD, access_code: code }), 201);
    const login = await timed("/reactapi/users/login", post({ email, password: PASSWORD }), 200);
    const cookie = login?.headers.get("set-cookie")?.match(/session=([^;]+)/)?.[1];
    if (!cookie) continue;
    const session = `session=${cookie}`;
    await timed("/reactapi/users/me", {}, 200, session);
    for (let page = 0; page < 4; page++) await timed("/reactapi/getcourses", {}, 200, session);
    await timed("/reactapi/getuseraccessdata", post({ query: "course_access" }), 200, session);
    for (const course of [1, 2, 4]) await timed("/reactapi/getcoursemodules", post({ query: course }), 200, session);
    await timed(downloadPath, {}, 200, session);
    await timed("/reactapi/feedback", post({ satisfaction: 5, recommend: 4, comments: "Soak test" }), 201, session);
    await timed("/reactapi/users/logout", {}, 200, session);
  }
}

async function soakOne(
  prefix: string,
  environment: Record<string, string>,
  port: number,
  seconds: number,
  figures: Record<string, number>,
) {
  // Every soak visitor signs up from this machine's one address: the test default limit allows it.
  const server = await startServer({ ...benchEnvironment, ...environment }, { from: "build", port });
  try {
    const code = `SOAK-${Date.now()}`;
    await admin(["access-code", "create", code], environment);
    // A download every member may open: one of the free course's files.
    const probe = `soak.probe.${Date.now()}@example.com`;
    const post = (route: string, body: unknown, cookie?: string) =>
      fetch(`${server.url}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    await post("/reactapi/users/register", { email: probe, password: PASSWORD, access_code: code });
    const cookie = `session=${(await post("/reactapi/users/login", { email: probe, password: PASSWORD })).headers.get("set-cookie")!.match(/session=([^;]+)/)![1]}`;
    const modules = (await (await post("/reactapi/getcoursemodules", { query: 1 }, cookie)).json()) as {
      lessons: { video_description?: string | null }[];
    }[];
    const downloads = modules.flatMap((module) =>
      module.lessons.flatMap((lesson) => (lesson.video_description ? (JSON.parse(lesson.video_description) as { url: string }[]) : [])),
    );
    if (downloads.length === 0) throw new Error("the demo catalogue's first course has no download to soak");

    const warmUpSeconds = Math.min(60, Math.max(5, seconds * 0.1));
    const windowSeconds = Math.min(60, Math.max(5, (seconds - warmUpSeconds) / 4));
    const startedAt = Date.now();
    const stopAt = startedAt + seconds * 1000;
    const samples: Sample[] = [];
    const problems: string[] = [];
    console.log(
      `${prefix}: soaking for ${seconds} s with ${VISITORS} visitors (warm-up ${warmUpSeconds} s, windows of ${windowSeconds} s)...`,
    );
    const visitors = Array.from({ length: VISITORS }, () => oneVisitor(server.url, code, downloads[0]!.url, stopAt, samples, problems));
    await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
    const rssAfterWarmUp = rssMb(server.child.pid!);
    await Promise.all(visitors);
    const rssAtEnd = rssMb(server.child.pid!);

    const measuredFrom = startedAt + warmUpSeconds * 1000;
    const first = samples
      .filter((sample) => sample.at >= measuredFrom && sample.at < measuredFrom + windowSeconds * 1000)
      .map((sample) => sample.ms);
    const last = samples.filter((sample) => sample.at >= stopAt - windowSeconds * 1000).map((sample) => sample.ms);
    figures[`${prefix}.requests`] = samples.length;
    figures[`${prefix}.rps`] = samples.length / seconds;
    figures[`${prefix}.errors`] = samples.filter((sample) => !sample.ok).length;
    figures[`${prefix}.rss_after_warmup_mb`] = rssAfterWarmUp;
    figures[`${prefix}.rss_end_mb`] = rssAtEnd;
    figures[`${prefix}.rss_growth_pct`] = ((rssAtEnd - rssAfterWarmUp) / rssAfterWarmUp) * 100;
    figures[`${prefix}.p99_first_minute_ms`] = percentile(first, 0.99);
    figures[`${prefix}.p99_last_minute_ms`] = percentile(last, 0.99);
    if (problems.length > 0) console.log(`${prefix}: first problems:\n  ${problems.join("\n  ")}`);
  } finally {
    await stopServer(server);
  }
}

export async function runSoak(seconds: number): Promise<Record<string, number>> {
  if (!Number.isFinite(seconds) || seconds < 20) throw new Error("--soak takes a number of seconds, 20 or more");
  const figures: Record<string, number> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), "doula-soak-"));
  try {
    await soakOne("soak", { DATA_DIR: dataDir, DATABASE_URL: "" }, 5330, seconds, figures);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    const pgDataDir = mkdtempSync(path.join(tmpdir(), "doula-soak-pg-"));
    try {
      await withScratchDatabase(postgresUrl, "soak", (url) =>
        soakOne("postgres.soak", { DATABASE_URL: url, DATA_DIR: pgDataDir }, 5340, seconds, figures),
      );
    } finally {
      rmSync(pgDataDir, { recursive: true, force: true });
    }
  }
  return figures;
}

/** The soak's targets, by figure. */
export function soakTargets(figures: Record<string, number>): Record<string, Target> {
  const targets: Record<string, Target> = {};
  for (const prefix of ["soak", "postgres.soak"]) {
    targets[`${prefix}.errors`] = atMost(0);
    targets[`${prefix}.rss_growth_pct`] = { text: "< 10", met: (value) => value < 10 };
    const firstMinute = figures[`${prefix}.p99_first_minute_ms`] ?? Number.NaN;
    targets[`${prefix}.p99_last_minute_ms`] = {
      text: `<= 1.5 x first (${(1.5 * firstMinute).toFixed(1)})`,
      met: (value) => value <= 1.5 * firstMinute,
    };
  }
  return targets;
}
