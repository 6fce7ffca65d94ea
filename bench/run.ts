/**
 * npm run bench [-- --json FILE]: measures the API against a bare baseline, the catalogue at
 * scale, the pages and the server, in one run on this machine. It prints each figure beside its
 * target and never fails on them: timings belong here, not in tests.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { languages, sourceLanguage } from "../contract/languages.ts";
import { firstVisitBudget, firstVisitJsBytes, readManifest, routeScreens, webDist } from "./bundle-size.ts";
import { measureScale, median } from "./scale.ts";
import { admin, postJson, sessionCookieFrom, startServer, stopOnExit, stopServer } from "../testing/server-process.ts";
import { withScratchDatabase } from "../testing/scratch-postgres.ts";
import { benchEnvironment, rssMb, stopProcess } from "./processes.ts";
import { runSoak, soakTargets } from "./soak.ts";
import { measureLessonSave } from "./studio-save.ts";
import { lighthousePages, lighthouseTargets, measureLighthouse, type SeededIds } from "./lighthouse.ts";
import { benchParts, seedParts } from "./part.ts";
import { linkIn, SmtpCatcher } from "../testing/smtp-catcher.ts";
import { atLeast, atMost, type Target } from "./targets.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const jsonTarget = (() => {
  const index = process.argv.indexOf("--json");
  return index >= 0 ? process.argv[index + 1] : undefined;
})();
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const soakSeconds = (() => {
  const index = process.argv.indexOf("--soak");
  return index >= 0 ? Number(process.argv[index + 1]) : undefined;
})();
const figures: Record<string, number> = {};
let errors = 0;
const scratch: string[] = [];
const BENCH_PASSWORD = "bench-Password-1";
const parts = await benchParts();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  errors += result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99 };
}

// The servers mail here: each member confirms her address from the welcome mail, as a member does,
// so what waits for a proven address (her care record as a birth client) is hers.
const smtp = await new SmtpCatcher().start();
let benchMembers = 0;

async function signIn(url: string, code: string) {
  const email = `bench.${Date.now()}.${++benchMembers}@example.com`;
  const password = BENCH_PASSWORD;
  const registered = await postJson(`${url}/reactapi/users/register`, { email, password, access_code: code });
  if (registered.status !== 201) throw new Error(`registration failed: ${await registered.text()}`);
  const welcome = await smtp.waitFor((mail) => mail.to.includes(email) && /^Welcome to /.test(mail.subject), 30_000);
  const token = new URL(linkIn(welcome, "/confirm-email")).searchParams.get("token");
  const confirmed = await postJson(`${url}/reactapi/account/email/confirm`, { token });
  if (!confirmed.ok) throw new Error(`confirming the address failed: ${await confirmed.text()}`);
  const loginTimes: number[] = [];
  let cookie = "";
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    const response = await postJson(`${url}/reactapi/users/login`, { email, password });
    loginTimes.push(performance.now() - started);
    cookie = sessionCookieFrom(response);
  }
  return { cookie, loginMs: median(loginTimes), email };
}

async function measureApi(prefix: "api" | "postgres", environment: Record<string, string>, port: number) {
  const errorsBefore = errors;
  const server = await startServer({ ...benchEnvironment, SMTP_URL: smtp.url, ...environment }, { from: "build", port });
  const startupMs = server.startupMs;
  await sleep(1500);
  const idleRss = rssMb(server.child.pid!);
  // The server logs at warn here (request logging costs throughput), so the code comes from the CLI.
  const code = `BENCH-${Date.now()}`;
  await admin(["access-code", "create", code], environment);
  const { cookie, loginMs, email } = await signIn(server.url, code);
  // Admins may open every course, so the modules answer carries full lessons.
  await admin(["user", "set-role", email, "admin"], environment);

  const largest = await largestOpenCourse(server.url, cookie);
  // Lighthouse opens a member's pages as a member like most, the largest course open to her and
  // one of its lessons, and the studio's as the instructor.
  const member = await signIn(server.url, code);
  const instructorCookie = sessionCookieFrom(await postJson(`${server.url}/reactapi/users/login`, { email, password: BENCH_PASSWORD }));
  const ids = { ...(await seededIds(server.url, member.cookie)), addresses: await seedParts(parts, server.url, instructorCookie, member) };

  const bodyFile = path.join(tmpdir(), `bench-getcourses-${process.pid}.json`);
  writeFileSync(bodyFile, Buffer.from(await (await fetch(`${server.url}/reactapi/getcourses`, { headers: { cookie } })).arrayBuffer()));
  scratch.push(bodyFile);
  const baseline = spawn(process.execPath, ["--import", "tsx", "bench/baseline-server.ts", bodyFile, String(port + 1)], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  stopOnExit(baseline);
  await new Promise((resolve) => baseline.stdout!.once("data", resolve));

  let peakRss = idleRss;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssMb(server.child.pid!));
    } catch {
      // the process is gone; the run will say so
    }
  }, 200);
  // The machine is shared: the baseline and getcourses take turns, three rounds each, and the
  // medians are compared, so a burst of load elsewhere does not land on one side only.
  const baselineRounds: number[] = [];
  const getcoursesRounds: { rps: number; p99: number }[] = [];
  for (let round = 0; round < 3; round++) {
    baselineRounds.push((await load({ url: `http://127.0.0.1:${port + 1}/reactapi/getcourses` })).rps);
    getcoursesRounds.push(await load({ url: `${server.url}/reactapi/getcourses`, headers: { cookie } }));
  }
  await stopProcess(baseline);
  const baselineRun = { rps: median(baselineRounds) };
  const getcourses = { rps: median(getcoursesRounds.map((run) => run.rps)), p99: median(getcoursesRounds.map((run) => run.p99)) };
  const modules = await load({
    url: `${server.url}/reactapi/getcoursemodules`,
    method: "POST",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ query: largest.id }),
  });
  const me = await load({ url: `${server.url}/reactapi/users/me`, headers: { cookie } });
  const progress = await measureProgressSaves(server.url, code);
  clearInterval(sampler);

  figures[`${prefix}.baseline_rps`] = baselineRun.rps;
  figures[`${prefix}.getcourses_rps`] = getcourses.rps;
  figures[`${prefix}.getcourses_ratio`] = getcourses.rps / baselineRun.rps;
  figures[`${prefix}.getcourses_p99_ms`] = getcourses.p99;
  figures[`${prefix}.modules_rps`] = modules.rps;
  figures[`${prefix}.modules_ratio`] = modules.rps / baselineRun.rps;
  figures[`${prefix}.modules_p99_ms`] = modules.p99;
  figures[`${prefix}.me_rps`] = me.rps;
  figures[`${prefix}.login_ms`] = loginMs;
  figures[`progress.${prefix === "api" ? "" : "postgres_"}save_rps`] = progress.rps;
  figures[`progress.${prefix === "api" ? "" : "postgres_"}save_p99_ms`] = progress.p99;
  if (prefix === "postgres") figures["postgres.errors"] = errors - errorsBefore;
  return {
    server,
    startupMs,
    idleRss,
    peakRss,
    accounts: { member: { email: member.email, password: BENCH_PASSWORD }, instructor: { email, password: BENCH_PASSWORD } },
    ids,
  };
}

/** The ids Lighthouse's addresses need (bench/lighthouse.ts), as the member sees the seeded catalogue. */
async function seededIds(url: string, cookie: string): Promise<Omit<SeededIds, "addresses">> {
  const largest = await largestOpenCourse(url, cookie);
  const courses = (await (await fetch(`${url}/reactapi/getcourses`, { headers: { cookie } })).json()) as {
    courses: { id: number; course_access: string }[];
  };
  const locked = courses.courses.find((course) => course.course_access === "false");
  if (!locked) throw new Error("every seeded course is open to a new member: the purchase page needs a locked one");
  const me = (await (await fetch(`${url}/reactapi/users/me`, { headers: { cookie } })).json()) as { id: number };
  return { openCourse: largest.id, openLesson: largest.openLesson, lockedCourse: locked.id, memberId: me.id };
}

/** A course's lessons as the signed-in cookie sees them (locked or open), or none when it may not open the course. */
async function courseLessons(url: string, cookie: string, courseId: number): Promise<{ id: number; locked: boolean }[]> {
  const response = await fetch(`${url}/reactapi/getcoursemodules`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ query: courseId }),
  });
  if (!response.ok) return [];
  return ((await response.json()) as { lessons: { id: number; locked: boolean }[] }[]).flatMap((module) => module.lessons);
}

/** The course with the most lessons among those with a lesson open to the signed-in cookie, and that lesson's page. */
async function largestOpenCourse(url: string, cookie: string) {
  const courses = (await (await fetch(`${url}/reactapi/getcourses`, { headers: { cookie } })).json()) as { courses: { id: number }[] };
  let largest = { id: courses.courses[0]!.id, lessons: -1, openLesson: 0 };
  for (const course of courses.courses) {
    const lessons = await courseLessons(url, cookie, course.id);
    const open = lessons.find((lesson) => !lesson.locked);
    if (lessons.length > largest.lessons && open) largest = { id: course.id, lessons: lessons.length, openLesson: open.id };
  }
  if (!largest.openLesson) throw new Error("no course has a lesson open to this member");
  return largest;
}

/**
 * Video positions saved as members watch: 20 members, each in the lessons of the free courses,
 * every request a different member, lesson and second, as a thousand phones playing at once would send.
 */
async function measureProgressSaves(url: string, code: string) {
  const members: string[] = [];
  for (let index = 0; index < 20; index++) members.push((await signIn(url, code)).cookie);
  const lessons = new Set<number>();
  for (const courseId of [1, 2])
    for (const lesson of await courseLessons(url, members[0]!, courseId)) if (!lesson.locked) lessons.add(lesson.id);
  const lessonIds = [...lessons];
  if (lessonIds.length === 0) throw new Error("no open lesson to save progress in");
  let counter = 0;
  return load({
    url,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => {
          counter += 1;
          return {
            ...request,
            path: `/reactapi/progress/lessons/${lessonIds[counter % lessonIds.length]}`,
            headers: { "content-type": "application/json", cookie: members[counter % members.length]! },
            body: JSON.stringify({ position_seconds: counter % 3600 }),
          };
        },
      },
    ],
  });
}

/** Prints each figure with its target's verdict, and writes them to --json FILE when asked. */
function report(targets: Record<string, Target>) {
  const width = Math.max(38, ...Object.keys(figures).map((key) => key.length));
  console.log(`\n${"figure".padEnd(width)}      value   target`);
  for (const [key, value] of Object.entries(figures)) {
    const target = targets[key];
    const shown = Number.isInteger(value) ? String(value) : value.toFixed(value < 1 ? 3 : 2);
    const verdict = target ? `${target.text.padEnd(10)} ${target.met(value) ? "met" : "MISSED"}` : "";
    console.log(`${key.padEnd(width)} ${shown.padStart(10)}   ${verdict}`);
  }
  if (jsonTarget) {
    writeFileSync(jsonTarget, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`\nWritten to ${jsonTarget}`);
  }
}

async function main() {
  if (soakSeconds !== undefined) {
    Object.assign(figures, await runSoak(soakSeconds));
    report(soakTargets(figures));
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "doula-bench-"));
  scratch.push(dataDir);
  console.log(`Benchmarking for ${SECONDS} s per load run, ${CONNECTIONS} connections...`);
  const embedded = await measureApi("api", { DATA_DIR: dataDir, DATABASE_URL: "" }, 5310);
  figures["server.startup_ms"] = embedded.startupMs;
  figures["server.rss_idle_mb"] = embedded.idleRss;
  figures["server.rss_load_mb"] = embedded.peakRss;

  const manifest = readManifest();
  for (const route of Object.keys(routeScreens)) figures[`web.js_gz_bytes.${route}`] = firstVisitJsBytes(manifest, route);
  // Each language's build (scripts/build-web.ts), its sentences in place.
  for (const language of languages.filter((language) => language !== sourceLanguage)) {
    const manifestInLanguage = readManifest(language);
    for (const route of Object.keys(routeScreens))
      figures[`web.js_gz_bytes.${route} (${language})`] = firstVisitJsBytes(manifestInLanguage, route);
  }
  // A browser without Element.setHTML (Safari, today) also downloads DOMPurify on a lesson.
  const purifier = Object.entries(manifest).find(([key]) => key.includes("dompurify"))?.[1].file;
  if (purifier)
    figures["web.js_gz_bytes./lesson.without_sanitizer_api"] =
      figures["web.js_gz_bytes./lesson"]! + gzipSync(readFileSync(path.join(webDist, purifier)), { level: 9 }).length;
  const pages = lighthousePages(
    embedded.ids,
    parts.flatMap(({ part }) => part.firstVisitsInSpanish ?? []),
  );
  if (process.env.BENCH_SKIP_LIGHTHOUSE !== "1")
    Object.assign(
      figures,
      await measureLighthouse(embedded.server.url, pages, embedded.accounts, { only: process.env.BENCH_LIGHTHOUSE_ROUTES?.split(",") }),
    );
  await stopServer(embedded.server);
  figures["server.startup_warm_ms"] = await (async () => {
    const warm = await startServer({ ...benchEnvironment, DATA_DIR: dataDir, DATABASE_URL: "" }, { from: "build", port: 5310 });
    await stopServer(warm);
    return warm.startupMs;
  })();

  const small = await measureScale(100, 10);
  const large = await measureScale(1000, 10);
  figures["scale.lessons"] = small.lessons;
  figures["scale.modules"] = small.modules;
  figures["scale.modules_p50_ms"] = small.p50;
  figures["scale.modules_bytes"] = small.bytes;
  figures["scale.tree_build_ms"] = small.treeMs;
  figures["scale.cost_ratio_10x"] = large.p50 / small.p50;
  figures["studio.save_lesson_p50_ms"] = await measureLessonSave();
  // Each capability's own figures (bench/part.ts), on its own server and data.
  for (const { part } of parts) if (part.measure) Object.assign(figures, await part.measure(undefined, SECONDS));

  const postgresUrl = process.env.BENCH_DATABASE_URL;
  if (postgresUrl) {
    await withScratchDatabase(postgresUrl, "bench", async (url) => {
      const onPostgres = await measureApi(
        "postgres",
        { DATABASE_URL: url, DATA_DIR: mkdtempSync(path.join(tmpdir(), "doula-bench-pg-")) },
        5320,
      );
      await stopServer(onPostgres.server);
    });
    figures["studio.save_lesson_p50_ms_postgres"] = await withScratchDatabase(postgresUrl, "bench_studio", (url) => measureLessonSave(url));
    for (const { capability, part } of parts)
      if (part.measure) {
        const measure = part.measure;
        Object.assign(
          figures,
          await withScratchDatabase(postgresUrl, `bench_${capability.replaceAll("-", "_")}`, (url) => measure(url, SECONDS)),
        );
      }
  }
  figures["api.errors"] = errors;

  const targets: Record<string, Target> = {
    "api.getcourses_ratio": atLeast(0.5),
    "api.getcourses_p99_ms": atMost(25),
    "api.modules_ratio": atLeast(0.3),
    "api.errors": atMost(0),
    "server.rss_idle_mb": atMost(200),
    "scale.cost_ratio_10x": atMost(12),
    // PostgreSQL with the caches that LISTEN/NOTIFY keeps true (server/src/db/change-listener.ts).
    "postgres.getcourses_ratio": atLeast(0.5),
    "postgres.getcourses_p99_ms": atMost(25),
    "postgres.modules_ratio": atLeast(0.3),
    "postgres.errors": atMost(0),
    // A thousand members watching at once cost nothing.
    "progress.save_rps": atLeast(1000),
    "progress.save_p99_ms": atMost(25),
    "progress.postgres_save_rps": atLeast(1000),
    "progress.postgres_save_p99_ms": atMost(25),
    // One lesson saved in the 5,000-lesson catalogue, without touching the rest.
    "studio.save_lesson_p50_ms": atMost(30),
    "studio.save_lesson_p50_ms_postgres": atMost(30),
    ...Object.assign({}, ...parts.map(({ part }) => part.targets ?? {})),
    ...lighthouseTargets(pages),
  };
  for (const route of Object.keys(routeScreens)) {
    targets[`web.js_gz_bytes.${route}`] = atMost(firstVisitBudget(route));
    for (const language of languages.filter((language) => language !== sourceLanguage))
      targets[`web.js_gz_bytes.${route} (${language})`] = atMost(firstVisitBudget(route));
  }
  report(targets);
  for (const file of scratch) rmSync(file, { recursive: true, force: true });
}

await main();
await smtp.stop();
