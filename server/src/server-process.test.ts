import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { chmodSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createScratchPostgres,
  demoCatalogue,
  GOOD_PASSWORD,
  migratedDataDir,
  postgresMissingNotice,
  uniqueEmail,
} from "../../testing/test-app.ts";
import { repositoryRoot } from "./paths.ts";
import { postJson, runAdmin, type RunningServer, sessionCookieFrom, startServer, stopServer } from "../../testing/server-process.ts";

const scratchDirectories: string[] = [];
function freshDataDir(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "doula-data-"));
  scratchDirectories.push(directory);
  return directory;
}
/** A data directory migrated already, for the tests of anything but the first start (testing/test-app.ts). */
function migratedDir(): string {
  const directory = migratedDataDir();
  scratchDirectories.push(directory);
  return directory;
}
/** A port nobody listens on just now: a server that is started again must come back on the same one. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
afterAll(() => {
  for (const directory of scratchDirectories) rmSync(directory, { recursive: true, force: true });
});

describe("the server process on the embedded database", () => {
  it("seeds a fresh data directory once, prints a code that registers, and loses nothing to kill -9", async () => {
    const dataDir = freshDataDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const [, code] = await first.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/);
    const email = uniqueEmail("durable");
    const registered = await postJson(`${first.url}/reactapi/users/register`, { email, password: GOOD_PASSWORD, access_code: code });
    expect(registered.status).toBe(201);
    // Killed right after the 201, with no chance to flush or close anything.
    first.child.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const login = await postJson(`${second.url}/reactapi/users/login`, { email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
      const courses = await (await fetch(`${second.url}/reactapi/getcourses`)).json();
      expect(courses.courses).toHaveLength(4);
      expect(second.output()).not.toMatch(/Beta access code for registration/);
    } finally {
      await stopServer(second);
    }
  }, 90_000);

  it("loses no acknowledged write when killed -9 in the middle of a burst of writes", async () => {
    const dataDir = migratedDir();
    const first = await startServer({ DATA_DIR: dataDir });
    const [, code] = await first.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/);
    const writer = uniqueEmail("writer");
    expect(
      (await postJson(`${first.url}/reactapi/users/register`, { email: writer, password: GOOD_PASSWORD, access_code: code })).status,
    ).toBe(201);
    const cookie = sessionCookieFrom(await postJson(`${first.url}/reactapi/users/login`, { email: writer, password: GOOD_PASSWORD }));

    const registered: string[] = [];
    const feedback: string[] = [];
    const contacts: string[] = [];
    let turn = 0;
    const writeOnce = async () => {
      const kind = turn++ % 3;
      const email = uniqueEmail("burst");
      const note = `burst note ${turn}`;
      const [url, body] =
        kind === 0
          ? ["/reactapi/users/register", { email, password: GOOD_PASSWORD, access_code: code }]
          : kind === 1
            ? ["/reactapi/feedback", { satisfaction: 5, recommend: 5, comments: note }]
            : ["/reactapi/contact", { email: "sam@example.com", full_name: note, services: ["Birth Support"] }];
      const response = await postJson(`${first.url}${url}`, body, cookie).catch(() => undefined);
      if (response?.status === 201) (kind === 0 ? registered : kind === 1 ? feedback : contacts).push(kind === 0 ? email : note);
    };
    const writers = Array.from({ length: 8 }, async () => {
      while (first.child.exitCode === null && first.child.signalCode === null) await writeOnce();
    });
    // Killed while writes are in flight, with no chance to flush or close anything: after 30 acknowledged
    // writes, or after 5 seconds when a shared, busy machine makes them slow.
    const writingUntil = Date.now() + 5000;
    while (registered.length + feedback.length + contacts.length < 30 && Date.now() < writingUntil) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    first.child.kill("SIGKILL");
    await Promise.all(writers);
    expect((await first.exited).signal).toBe("SIGKILL");
    expect(registered.length).toBeGreaterThan(0);

    const second = await startServer({ DATA_DIR: dataDir });
    try {
      const users = (await runAdmin(["user", "list"], { DATA_DIR: dataDir })).stdout;
      const inbox = (await runAdmin(["inbox", "list"], { DATA_DIR: dataDir })).stdout;
      expect(registered.filter((email) => !users.includes(email))).toEqual([]);
      expect(feedback.filter((note) => !inbox.includes(`comments: ${note}\n`))).toEqual([]);
      expect(contacts.filter((note) => !inbox.includes(`full_name: ${note}\n`))).toEqual([]);
      expect((await postJson(`${second.url}/reactapi/users/login`, { email: registered.at(-1), password: GOOD_PASSWORD })).status).toBe(
        200,
      );
    } finally {
      await stopServer(second);
    }
  }, 120_000);

  it("keeps its data directory readable by its owner only, and tightens one an older version left open", async () => {
    const dataDir = path.join(freshDataDir(), "data");
    const everything = () => {
      const found: { entry: string; mode: number; folder: boolean }[] = [];
      const visit = (entry: string) => {
        const stats = lstatSync(entry);
        if (stats.isSymbolicLink()) return;
        found.push({ entry, mode: stats.mode & 0o777, folder: stats.isDirectory() });
        if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
      };
      visit(dataDir);
      return found;
    };
    const openToOthers = () => everything().filter(({ mode, folder }) => mode !== (folder ? 0o700 : 0o600));

    const first = await startServer({ DATA_DIR: dataDir });
    try {
      await first.waitForOutput(/Beta access code for registration/);
      const created = everything();
      expect(created.filter(({ entry }) => entry.includes(`${path.sep}pglite${path.sep}`)).length).toBeGreaterThan(100);
      expect(created.some(({ entry }) => entry.endsWith("admin.sock"))).toBe(true);
      expect(openToOthers()).toEqual([]);
    } finally {
      await stopServer(first);
    }

    // An installation made before this rule: folders 0755 and files 0644, as the umask left them.
    for (const { entry, folder } of everything()) chmodSync(entry, folder ? 0o755 : 0o644);
    expect(openToOthers().length).toBeGreaterThan(100);
    const second = await startServer({ DATA_DIR: dataDir });
    try {
      await second.waitForOutput(/readable by this account only/);
      expect(openToOthers()).toEqual([]);
    } finally {
      await stopServer(second);
    }
  }, 90_000);

  it("finishes a request in flight on SIGTERM, closes the database and exits 0", async () => {
    const dataDir = migratedDir();
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "debug" });
    const [, code] = await server.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/);
    const pending = postJson(`${server.url}/reactapi/users/register`, {
      email: uniqueEmail("late"),
      password: GOOD_PASSWORD,
      access_code: code,
    });
    await server.waitForOutput(/"url":"\/reactapi\/users\/register".*incoming request/);
    server.child.kill("SIGTERM");
    expect((await pending).status).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // A clean close leaves the database openable again.
    const again = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/reactapi/getcourses`)).status).toBe(200);
    await stopServer(again);
    expect((await again.exited).code).toBe(0);
  }, 90_000);

  it("is started again under npm start's supervisor when it dies, and /healthz answers within 10 seconds", async () => {
    const dataDir = migratedDir();
    const port = await freePort();
    const kept = await startServer({ DATA_DIR: dataDir }, { from: "kept-up", port });
    try {
      const [, firstPid] = await kept.waitForOutput(/started the server \(pid (\d+)\)/);
      expect((await fetch(`${kept.url}/healthz`)).status).toBe(200);
      process.kill(Number(firstPid), "SIGKILL");
      const killedAt = Date.now();
      await kept.waitForOutput(new RegExp(`the server \\(pid ${firstPid}\\) was ended by SIGKILL without being asked to stop`));
      let answered = false;
      while (!answered && Date.now() - killedAt < 10_000) {
        answered = await fetch(`${kept.url}/healthz`).then(
          (response) => response.status === 200,
          () => false,
        );
        if (!answered) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(answered, kept.output()).toBe(true);
      const pids = [...kept.output().matchAll(/started the server \(pid (\d+)\)/g)].map((match) => match[1]);
      expect(pids).toHaveLength(2);
      expect(pids[1]).not.toBe(firstPid);
    } finally {
      // SIGTERM is passed on: the server stops cleanly and the supervisor ends with it.
      kept.child.kill("SIGTERM");
      expect((await kept.exited).code).toBe(0);
    }
  }, 90_000);

  it("is stopped when the run that started it fails, so no server is left holding its port", async () => {
    const dataDir = migratedDir();
    // A bench or test run that starts a server and then fails: it prints the server's pid and throws.
    const failingRun = `
      import { startServer } from "./testing/server-process.ts";
      const server = await startServer({ DATA_DIR: ${JSON.stringify(dataDir)} });
      console.log("server pid " + server.child.pid);
      throw new Error("the run failed");
    `;
    const run = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", failingRun], { cwd: repositoryRoot });
    let output = "";
    run.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    run.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.once("exit", resolve));
    expect(code, output).toBe(1);
    const pid = Number(/server pid (\d+)/.exec(output)?.[1]);
    expect(pid, output).toBeGreaterThan(0);
    // An orphan that has ended stays a zombie until whatever adopted it reaps it, which on some
    // machines takes a while: a zombie has stopped and holds neither its port nor its files.
    // The poll reads the state letter, so a failure says what the server was doing (R running,
    // S waiting, D on the disk).
    const state = () => {
      try {
        process.kill(pid, 0);
      } catch {
        return "gone";
      }
      const letter = processState(pid);
      return letter === "Z" ? "gone" : `still there (state ${letter ?? "unknown"})`;
    };
    // SIGTERM lets it close its database first; past its own 20 s patience it exits without
    // finishing, and a machine busy with other test files may take a while to run it at all.
    await expect.poll(state, { timeout: 60_000, interval: 50 }).toBe("gone");
  }, 120_000);
});

/** The process's state letter from /proc (Linux), or undefined where there is none to read. */
function processState(pid: number): string | undefined {
  try {
    return /^\d+ \(.*\) (\S)/s.exec(readFileSync(`/proc/${pid}/stat`, "utf8"))?.[1];
  } catch {
    return undefined;
  }
}

/** Polls until the check holds, for at most a second after the change was confirmed: the notification's delay. */
async function seenWithinASecond(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 1000;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`not seen within a second: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL", () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let first: RunningServer;
  let second: RunningServer;
  let code: string;
  // One media folder for both, as several servers on the disk share one (docs/storage.md), and the CLI's too.
  let dataDir: string;
  beforeAll(async () => {
    scratch = await createScratchPostgres();
    dataDir = freshDataDir();
    [first, second] = await Promise.all([
      startServer({ DATABASE_URL: scratch.url, DATA_DIR: dataDir }),
      startServer({ DATABASE_URL: scratch.url, DATA_DIR: dataDir }),
    ]);
    // Both raced to seed; exactly one of them did.
    const seededBy = [first, second].filter((server) => /Beta access code for registration/.test(server.output()));
    expect(seededBy).toHaveLength(1);
    code = seededBy[0]!.output().match(/Beta access code for registration: ([A-Z0-9-]+)/)![1]!;
  });
  afterAll(async () => {
    await Promise.all([stopServer(first), stopServer(second)]);
    await scratch.drop();
  });

  const cli = (args: string[]) => runAdmin(args, { DATABASE_URL: scratch.url, DATA_DIR: dataDir });

  it("write each capability's starting content once, however many servers seed at the same moment (docs/journeys.md)", async () => {
    const database = new pg.Client({ connectionString: scratch.url });
    await database.connect();
    try {
      const journeys = await database.query("select name from journeys");
      expect(journeys.rows).toEqual([{ name: "Pregnancy and the first weeks" }]);
      expect((await database.query("select count(*)::int as steps from journey_steps")).rows).toEqual([{ steps: 4 }]);
    } finally {
      await database.end();
    }
  });
  async function newMember(prefix: string) {
    const email = uniqueEmail(prefix);
    expect((await postJson(`${first.url}/reactapi/users/register`, { email, password: GOOD_PASSWORD, access_code: code })).status).toBe(
      201,
    );
    return { email, cookie: sessionCookieFrom(await postJson(`${first.url}/reactapi/users/login`, { email, password: GOOD_PASSWORD })) };
  }
  const courseOn = async (url: string, cookie: string, courseId: number) =>
    (
      (await (await fetch(`${url}/reactapi/getcourses`, { headers: { cookie } })).json()) as {
        courses: { id: number; course_access: string; course_title: string }[];
      }
    ).courses.find((course) => course.id === courseId)!;
  const opens = async (url: string, cookie: string, courseId: number) => (await courseOn(url, cookie, courseId)).course_access === "true";

  it("share sessions, and every grant, revoke, role, import and logout reaches the other server's caches within a second", async () => {
    const { email, cookie } = await newMember("shared");
    const me = await fetch(`${second.url}/reactapi/users/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(email);
    // Both servers now hold the catalogue, her grants and her session in memory.
    for (const server of [first, second]) expect(await opens(server.url, cookie, 4)).toBe(false);

    expect((await cli(["course", "grant", email, "4"])).code).toBe(0);
    for (const server of [first, second]) await seenWithinASecond("a grant by the CLI", () => opens(server.url, cookie, 4));
    expect((await cli(["course", "revoke", email, "4"])).code).toBe(0);
    for (const server of [first, second]) await seenWithinASecond("a revoke by the CLI", async () => !(await opens(server.url, cookie, 4)));

    const changed = structuredClone(demoCatalogue) as { courses: { title: string }[] };
    changed.courses[3]!.title = "Pushing, Revised";
    const file = path.join(freshDataDir(), "catalogue.json");
    writeFileSync(file, JSON.stringify(changed));
    expect((await cli(["content", "import", file])).code).toBe(0);
    for (const server of [first, second]) {
      await seenWithinASecond(
        "an import by the CLI",
        async () => (await courseOn(server.url, cookie, 4)).course_title === "Pushing, Revised",
      );
    }

    expect((await cli(["user", "set-role", email, "admin"])).code).toBe(0);
    await seenWithinASecond(
      "a new role",
      async () => (await (await fetch(`${second.url}/reactapi/users/me`, { headers: { cookie } })).json()).role === "admin",
    );
    await seenWithinASecond("an admin opens every course", () => opens(second.url, cookie, 4));

    // The site's language and hers, saved through one server, are what the other answers in.
    const siteLanguageOn = async (url: string) => ((await (await fetch(`${url}/reactapi/site`)).json()) as { language: string }).language;
    for (const server of [first, second]) expect(await siteLanguageOn(server.url)).toBe("en");
    expect((await postJson(`${first.url}/reactapi/studio/site/language`, { language: "es" }, cookie)).status).toBe(200);
    await seenWithinASecond("the site's language", async () => (await siteLanguageOn(second.url)) === "es");
    expect((await postJson(`${first.url}/reactapi/studio/site/language`, { language: "en" }, cookie)).status).toBe(200);
    await seenWithinASecond("the site's language back", async () => (await siteLanguageOn(second.url)) === "en");
    const herLanguageOn = async (url: string) =>
      ((await (await fetch(`${url}/reactapi/account`, { headers: { cookie, "accept-language": "en" } })).json()) as { language: string })
        .language;
    expect(await herLanguageOn(second.url)).toBe("en");
    expect((await postJson(`${first.url}/reactapi/account/language`, { language: "es" }, cookie)).status).toBe(200);
    await seenWithinASecond("her language", async () => (await herLanguageOn(second.url)) === "es");

    expect((await fetch(`${second.url}/reactapi/users/logout`, { headers: { cookie } })).status).toBe(200);
    await seenWithinASecond(
      "a logout on the other server",
      async () => (await fetch(`${first.url}/reactapi/users/me`, { headers: { cookie } })).status === 401,
    );
  });

  it("carries a community reply written through one server to a conversation's stream open on the other within 2 seconds", async () => {
    const doula = await newMember("doula");
    expect((await cli(["user", "set-role", doula.email, "admin"])).code).toBe(0);
    await seenWithinASecond(
      "her new role",
      async () => (await (await fetch(`${first.url}/reactapi/users/me`, { headers: { cookie: doula.cookie } })).json()).role === "admin",
    );
    const topic = await postJson(`${first.url}/reactapi/studio/community/topics`, { title: "Live across servers" }, doula.cookie);
    expect(topic.status).toBe(201);
    const started = await postJson(
      `${first.url}/reactapi/community/topics/${(await topic.json()).id}/threads`,
      { title: "Welcome", body: "Say hello here." },
      doula.cookie,
    );
    const threadId = (await started.json()).id as number;
    const reader = await newMember("stream");
    const opened = await (
      await fetch(`${second.url}/reactapi/community/threads/${threadId}`, { headers: { cookie: reader.cookie } })
    ).json();
    const stream = await fetch(`${second.url}/reactapi/community/threads/${threadId}/events?after=${opened.posts.at(-1).id}`, {
      headers: { cookie: reader.cookie },
      signal: AbortSignal.timeout(10_000),
    });
    expect(stream.status).toBe(200);
    const events = stream.body!.getReader();
    await events.read();
    const written = performance.now();
    await postJson(`${first.url}/reactapi/community/threads/${threadId}/replies`, { body: "Hello from the other server" }, doula.cookie);
    let text = "";
    while (!text.includes("Hello from the other server")) text += new TextDecoder().decode((await events.read()).value);
    expect(performance.now() - written).toBeLessThan(2000);
    await events.cancel();
  });

  it("never answers from a stale cache after its listening connection is killed, and trusts its caches again once it listens", async () => {
    const { email, cookie } = await newMember("listener");
    expect(await opens(second.url, cookie, 3)).toBe(false);
    const database = new pg.Client({ connectionString: scratch.url });
    await database.connect();
    try {
      const killed = await database.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'doula-change-listener' and datname = current_database()",
      );
      expect(killed.rowCount).toBe(2);
      // Changed while neither server can hear it: the very next answer must already be fresh.
      expect((await cli(["course", "grant", email, "3"])).code).toBe(0);
      expect(await opens(second.url, cookie, 3)).toBe(true);
      expect(await opens(first.url, cookie, 3)).toBe(true);

      await second.waitForOutput(/listening for data changes again/, 10_000);
      expect(await opens(second.url, cookie, 3)).toBe(true);
      // Listening again, it answers from memory: a change nobody announces is not seen...
      const memberId = ((await database.query("select id from users where email = $1", [email])).rows[0] as { id: number }).id;
      await database.query("insert into course_grants (user_id, course_id, source) values ($1, 4, 'instructor')", [memberId]);
      expect(await opens(second.url, cookie, 4)).toBe(false);
      // ...until it is announced, as every change made through this code is.
      await database.query("select pg_notify('data_changes', 'access')");
      await seenWithinASecond("an announced change after reconnecting", () => opens(second.url, cookie, 4));
    } finally {
      await database.end();
    }
  });
});
if (!process.env.TEST_DATABASE_URL) it.skip(`two server processes on one PostgreSQL: ${postgresMissingNotice}`, () => {});
