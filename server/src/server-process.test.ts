import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchPostgres, demoCatalogue, GOOD_PASSWORD, postgresMissingNotice, uniqueEmail } from "./test/test-app.ts";
import { postJson, runAdmin, sessionCookieFrom, startServer, stopServer } from "./test/server-process.ts";

const scratchDirectories: string[] = [];
function freshDataDir(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "doula-data-"));
  scratchDirectories.push(directory);
  return directory;
}
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
  });

  it("finishes a request in flight on SIGTERM, closes the database and exits 0", async () => {
    const dataDir = freshDataDir();
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "debug" });
    const [, code] = await server.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/);
    const pending = postJson(`${server.url}/reactapi/users/register`, { email: uniqueEmail("late"), password: GOOD_PASSWORD, access_code: code });
    await server.waitForOutput(/"url":"\/reactapi\/users\/register".*incoming request/);
    server.child.kill("SIGTERM");
    expect((await pending).status).toBe(201);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    // A clean close leaves the database openable again.
    const again = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/reactapi/getcourses`)).status).toBe(200);
    await stopServer(again);
    expect((await again.exited).code).toBe(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL", () => {
  it("share sessions: a login on one works on the other, and a logout on either ends it everywhere", async () => {
    const scratch = await createScratchPostgres();
    const [first, second] = await Promise.all([
      startServer({ DATABASE_URL: scratch.url, DATA_DIR: freshDataDir() }),
      startServer({ DATABASE_URL: scratch.url, DATA_DIR: freshDataDir() }),
    ]);
    try {
      // Both raced to seed; exactly one of them did.
      const seededBy = [first, second].filter((server) => /Beta access code for registration/.test(server.output()));
      expect(seededBy).toHaveLength(1);
      const [, code] = seededBy[0]!.output().match(/Beta access code for registration: ([A-Z0-9-]+)/)!;
      const email = uniqueEmail("shared");
      expect((await postJson(`${first.url}/reactapi/users/register`, { email, password: GOOD_PASSWORD, access_code: code })).status).toBe(201);
      const cookie = sessionCookieFrom(await postJson(`${first.url}/reactapi/users/login`, { email, password: GOOD_PASSWORD }));
      const me = await fetch(`${second.url}/reactapi/users/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(email);

      // A grant and an import made by the CLI (another process) show on both servers at once.
      const courseAccess = async (url: string) =>
        ((await (await fetch(`${url}/reactapi/getcourses`, { headers: { cookie } })).json()) as { courses: { id: number; course_access: string; course_title: string }[] }).courses;
      await courseAccess(first.url);
      await courseAccess(second.url);
      expect((await runAdmin(["course", "grant", email, "4"], { DATABASE_URL: scratch.url })).code).toBe(0);
      const changed = structuredClone(demoCatalogue) as { courses: { title: string }[] };
      changed.courses[3]!.title = "Pushing, Revised";
      const file = path.join(freshDataDir(), "catalogue.json");
      writeFileSync(file, JSON.stringify(changed));
      expect((await runAdmin(["content", "import", file], { DATABASE_URL: scratch.url })).code).toBe(0);
      for (const server of [first, second]) {
        const course = (await courseAccess(server.url)).find((candidate) => candidate.id === 4)!;
        expect(course).toMatchObject({ course_access: "true", course_title: "Pushing, Revised" });
      }

      expect((await fetch(`${second.url}/reactapi/users/logout`, { headers: { cookie } })).status).toBe(200);
      expect((await fetch(`${first.url}/reactapi/users/me`, { headers: { cookie } })).status).toBe(401);
    } finally {
      await Promise.all([stopServer(first), stopServer(second)]);
      await scratch.drop();
    }
  });
});
if (!process.env.TEST_DATABASE_URL) it.skip(`two server processes on one PostgreSQL: ${postgresMissingNotice}`, () => {});
