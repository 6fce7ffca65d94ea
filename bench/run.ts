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
import { admin, startServer, stopOnExit, stopServer } from "../testing/server-process.ts";
import { withScratchDatabase } from "../testing/scratch-postgres.ts";
import { benchEnvironment, rssMb, stopProcess } from "./processes.ts";
import { runSoak, soakTargets } from "./soak.ts";
import { measureLessonSave } from "./studio-save.ts";
import { measureSearch } from "./search.ts";
import { measureBookings } from "./bookings.ts";
import { measureCommunity } from "./community.ts";
import { lighthousePages, lighthouseTargets, measureLighthouse, type SeededIds } from "./lighthouse.ts";
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
/** What seededBooking makes: the member's booking, her community thread, her care record and labour alert. */
type BookedIds = "bookingToken" | "topicId" | "threadId" | "careRecordId" | "questionnaireId" | "labourAlertId" | "registryName";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  errors += result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function signIn(url: string, code: string) {
  const email = `bench.${Date.now()}@example.com`;
  const password = BENCH_PASSWORD;
  const post = (route: string, body: unknown, cookie?: string) =>
    fetch(`${url}${route}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const registered = await post("/reactapi/users/register", { email, password, access_code: code });
  if (registered.status !== 201) throw new Error(`registration failed: ${await registered.text()}`);
  const loginTimes: number[] = [];
  let cookie = "";
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    const response = await post("/reactapi/users/login", { email, password });
    loginTimes.push(performance.now() - started);
    cookie = `session=${response.headers.get("set-cookie")!.match(/session=([^;]+)/)![1]}`;
  }
  return { cookie, loginMs: median(loginTimes), email };
}

async function measureApi(prefix: "api" | "postgres", environment: Record<string, string>, port: number) {
  const errorsBefore = errors;
  const server = await startServer({ ...benchEnvironment, ...environment }, { from: "build", port });
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
  const ids = { ...(await seededIds(server.url, member.cookie)), ...(await seededBooking(server.url, email, member)) };

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
async function seededIds(url: string, cookie: string): Promise<Omit<SeededIds, BookedIds>> {
  const largest = await largestOpenCourse(url, cookie);
  const courses = (await (await fetch(`${url}/reactapi/getcourses`, { headers: { cookie } })).json()) as {
    courses: { id: number; course_access: string }[];
  };
  const locked = courses.courses.find((course) => course.course_access === "false");
  if (!locked) throw new Error("every seeded course is open to a new member: the purchase page needs a locked one");
  const me = (await (await fetch(`${url}/reactapi/users/me`, { headers: { cookie } })).json()) as { id: number };
  return { openCourse: largest.id, openLesson: largest.openLesson, lockedCourse: locked.id, memberId: me.id };
}

/**
 * Her hours, a free consultation and the member's booking of it, a free webinar the member
 * registered for, and a community conversation, made through the API as she and the member would:
 * /book then lists a service, a booking's own page has one to show, /classes (and /home's "Your
 * next class") a class, and the community a topic and a conversation.
 */
async function seededBooking(
  url: string,
  instructorEmail: string,
  member: { cookie: string; email: string },
): Promise<Pick<SeededIds, BookedIds>> {
  const call = async (route: string, cookie: string, body?: unknown) => {
    const response = await fetch(`${url}${route}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { "content-type": "application/json", cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const login = await fetch(`${url}/reactapi/users/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: instructorEmail, password: BENCH_PASSWORD }),
  });
  const instructor = `session=${login.headers.get("set-cookie")!.match(/session=([^;]+)/)![1]}`;
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "08:00", end: "20:00" }));
  await call("/reactapi/studio/calendar/hours", instructor, { time_zone: "Europe/London", weekly, exceptions: [] });
  const service = await call("/reactapi/studio/calendar/services", instructor, {
    name: "Free consultation",
    description: "Twenty minutes to meet, ask anything, and see whether we are a good fit.",
    duration_minutes: 20,
    min_notice_hours: 1,
  });
  const from = new Date();
  const to = new Date(from.getTime() + 14 * 24 * 3600_000);
  const { slots } = (await call(
    `/reactapi/bookings/services/${service.id}/slots?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
    member.cookie,
  )) as { slots: string[] };
  await call("/reactapi/bookings", member.cookie, { service_id: service.id, start: slots[0], name: "Bench member", email: member.email });
  const webinar = await call("/reactapi/studio/classes", instructor, {
    title: "Free webinar: your first week at home",
    description_html: "<p>Feeding, sleep and rest in the first days, and the questions every new parent asks.</p>",
    starts_at: new Date(from.getTime() + 3 * 24 * 3600_000).toISOString(),
    duration_minutes: 60,
    places: 30,
    who: "anyone",
    join_url: "https://meet.example/first-week",
  });
  await call(`/reactapi/classes/${webinar.id}/registrations`, member.cookie, { name: "Bench member", email: member.email });
  const { bookings } = (await call("/reactapi/bookings/mine", member.cookie)) as { bookings: { token: string }[] };
  // A community topic with a conversation of a dozen replies, for /community and its pages.
  const topic = await call("/reactapi/studio/community/topics", instructor, { title: "Third trimester" });
  const thread = await call(`/reactapi/community/topics/${topic.id}/threads`, instructor, {
    title: "Sleeping on your side",
    body: "Which side, and what helps? Tell us what works for you.",
  });
  for (let index = 0; index < 12; index += 1) {
    await call(`/reactapi/community/threads/${thread.id}/replies`, instructor, {
      body: `A thought, number ${index + 1}: **pillows** help.`,
    });
  }
  // The member as a birth client (docs/care.md): a package, her care record, an intake questionnaire and a shared note, for /care and Studio → Clients.
  const carePackage = await call("/reactapi/studio/care/packages", instructor, {
    name: "Birth support",
    fee: 150_000,
    deposit: 30_000,
    instalments: 3,
  });
  const due = new Date(from.getTime() + 120 * 24 * 3600_000).toISOString().slice(0, 10);
  const record = await call("/reactapi/studio/care/clients", instructor, {
    email: member.email,
    first_name: "Bench",
    last_name: "Member",
    due_date: due,
    package_id: carePackage.id,
  });
  const questionnaire = await call("/reactapi/studio/care/questionnaires", instructor, {
    title: "Intake",
    questions: [
      { kind: "text", label: "What name would you like me to use?" },
      { kind: "choice", label: "Is this your first baby?", options: ["Yes", "No"] },
      { kind: "long_text", label: "How was an earlier birth for you?", optional: true, sensitive: true },
      { kind: "date", label: "When is your next midwife appointment?", optional: true },
    ],
  });
  await call(`/reactapi/studio/care/clients/${record.id}/questionnaires`, instructor, { questionnaire_id: questionnaire.id });
  await call(`/reactapi/studio/care/clients/${record.id}/notes`, instructor, {
    text: "Lovely to meet you today. Try the breathing lesson before our next visit.",
    shared: true,
  });
  // Her labour line (docs/labour-line.md): one alert, for the studio's alert page.
  await call("/reactapi/care", member.cookie);
  const alert = await call(`/reactapi/care/${record.id}/labour`, member.cookie, { kind: "call_me", note: "Can we talk about tonight?" });
  // Her birth registry (docs/gifts.md), for its page.
  const registry = await call("/reactapi/account/registry", member.cookie, {
    line: "Help us welcome our first baby calmly.",
    show_due_month: true,
    gifts: { care: true, plan_ids: [] },
  });
  return {
    registryName: String(registry.name),
    labourAlertId: Number(alert.id),
    bookingToken: bookings[0]!.token,
    topicId: Number(topic.id),
    threadId: Number(thread.id),
    careRecordId: Number(record.id),
    questionnaireId: Number(questionnaire.id),
  };
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
  const pages = lighthousePages(embedded.ids);
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
  figures["search.p50_ms"] = await measureSearch();
  const recordBookings = (suffix: string, measured: Awaited<ReturnType<typeof measureBookings>>) => {
    figures[`bookings.slots_p50_ms${suffix}`] = measured.slotsP50Ms;
    figures[`bookings.book_rps${suffix}`] = measured.bookRps;
    figures[`bookings.double_bookings${suffix}`] = measured.doubleBookings;
    figures[`bookings.unexpected_answers${suffix}`] = measured.unexpected;
  };
  recordBookings("", await measureBookings(undefined, Math.min(SECONDS, 5)));
  const recordCommunity = (suffix: string, measured: Awaited<ReturnType<typeof measureCommunity>>) => {
    figures[`community.thread_p50_ms${suffix}`] = measured.threadP50Ms;
    figures[`community.post_rps${suffix}`] = measured.postRps;
    figures[`community.post_errors${suffix}`] = measured.postErrors;
    if (measured.fanoutP99Ms !== undefined) figures["community.fanout_p99_ms"] = measured.fanoutP99Ms;
  };
  recordCommunity("", await measureCommunity(undefined, Math.min(SECONDS, 5)));

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
    figures["search.p50_ms_postgres"] = await withScratchDatabase(postgresUrl, "bench_search", (url) => measureSearch(url));
    // Two app servers sharing the database, both pressed at once.
    recordBookings(
      "_postgres",
      await withScratchDatabase(postgresUrl, "bench_bookings", (url) => measureBookings(url, Math.min(SECONDS, 5))),
    );
    // Two server processes on the database: the reply reaches the other's streams through NOTIFY.
    recordCommunity(
      "_postgres",
      await withScratchDatabase(postgresUrl, "bench_community", (url) => measureCommunity(url, Math.min(SECONDS, 5))),
    );
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
    // A search over the 5,000-lesson catalogue: a rare word, a common one, one in every lesson, a typo (docs/search.md).
    "search.p50_ms": atMost(20),
    "search.p50_ms_postgres": atMost(20),
    // 90 days of her hours with 2,000 bookings; ten times pressed by 50 connections at once.
    "bookings.slots_p50_ms": atMost(20),
    "bookings.slots_p50_ms_postgres": atMost(20),
    "bookings.double_bookings": atMost(0),
    "bookings.double_bookings_postgres": atMost(0),
    "bookings.unexpected_answers": atMost(0),
    "bookings.unexpected_answers_postgres": atMost(0),
    // A 500-reply conversation read; one reply reaching 500 open streams on two servers.
    "community.thread_p50_ms": atMost(20),
    "community.thread_p50_ms_postgres": atMost(20),
    "community.fanout_p99_ms": atMost(1000),
    "community.post_errors": atMost(0),
    "community.post_errors_postgres": atMost(0),
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
