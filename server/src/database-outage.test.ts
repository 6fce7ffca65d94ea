import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchPostgres, GOOD_PASSWORD, postgresMissingNotice, uniqueEmail } from "../../testing/test-app.ts";
import { postJson, type RunningServer, sessionCookieFrom, startServer, stopServer } from "../../testing/server-process.ts";
import { startTcpProxy, type TcpProxy } from "../../testing/tcp-proxy.ts";

if (!process.env.TEST_DATABASE_URL) it.skip(`the server through a PostgreSQL outage: ${postgresMissingNotice}`, () => {});

type Outcome = {
  kind: "register" | "feedback" | "courses" | "me";
  startedAt: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  error: unknown;
  key?: string | number;
};

const LOAD_WORKERS = 6;
const HANG_LIMIT_MS = 10_000;

describe.runIf(process.env.TEST_DATABASE_URL)("the server through a PostgreSQL outage", () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let proxy: TcpProxy;
  let server: RunningServer;
  let database: pg.Client;
  let code: string;
  let cookie: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), "doula-outage-"));

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const direct = new URL(scratch.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const throughProxy = new URL(scratch.url);
    throughProxy.hostname = "127.0.0.1";
    throughProxy.port = String(proxy.port);
    server = await startServer({ DATABASE_URL: throughProxy.toString(), DATA_DIR: dataDir });
    [, code] = (await server.waitForOutput(/Beta access code for registration: ([A-Z0-9-]+)/)) as unknown as [string, string];
    const email = uniqueEmail("steady");
    expect((await postJson(`${server.url}/reactapi/users/register`, { email, password: GOOD_PASSWORD, access_code: code })).status).toBe(
      201,
    );
    cookie = sessionCookieFrom(await postJson(`${server.url}/reactapi/users/login`, { email, password: GOOD_PASSWORD }));
    database = new pg.Client({ connectionString: scratch.url });
    await database.connect();
  });
  afterAll(async () => {
    await database.end();
    await stopServer(server);
    await proxy.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Registrations, feedback, course lists and profile reads from several clients until stopAt. */
  async function driveLoad(stopAt: number): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    let counter = 0;
    const one = async (): Promise<void> => {
      const turn = counter++;
      const kind = (["register", "feedback", "courses", "me"] as const)[turn % 4]!;
      const startedAt = Date.now();
      const email = uniqueEmail("load");
      const comment = `load ${turn} ${startedAt}`;
      const request =
        kind === "register"
          ? { url: "/reactapi/users/register", body: { email, password: GOOD_PASSWORD, access_code: code } }
          : kind === "feedback"
            ? { url: "/reactapi/feedback", body: { satisfaction: 4, recommend: 5, comments: comment } }
            : kind === "courses"
              ? { url: "/reactapi/getcourses" }
              : { url: "/reactapi/users/me" };
      try {
        const response = await fetch(`${server.url}${request.url}`, {
          method: "body" in request ? "POST" : "GET",
          headers: { accept: "application/json", cookie, ...("body" in request ? { "content-type": "application/json" } : {}) },
          body: "body" in request ? JSON.stringify(request.body) : undefined,
          signal: AbortSignal.timeout(HANG_LIMIT_MS + 5_000),
        });
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        outcomes.push({
          kind,
          startedAt,
          ms: Date.now() - startedAt,
          status: response.status,
          retryAfter: response.headers.get("retry-after"),
          error: body?.error,
          key: kind === "register" ? email : kind === "feedback" ? comment : undefined,
        });
      } catch (error) {
        outcomes.push({ kind, startedAt, ms: Date.now() - startedAt, status: 0, retryAfter: null, error: String(error) });
      }
    };
    await Promise.all(
      Array.from({ length: LOAD_WORKERS }, async () => {
        while (Date.now() < stopAt) await one();
      }),
    );
    return outcomes;
  }

  const readiness = async () => (await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(5_000) })).status;

  async function expectKeptItsPromises(outcomes: Outcome[], recoveredBy: number) {
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(outcomes.filter((outcome) => outcome.ms > HANG_LIMIT_MS)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    // Every failure is a 503 with Retry-After and a sentence: never a 500, a reset or a hang.
    expect(refused.filter((outcome) => outcome.status !== 503 || !outcome.retryAfter || typeof outcome.error !== "string")).toEqual([]);
    expect(refused.length).toBeGreaterThan(0);
    // Recovered by itself: every request begun after that point succeeded.
    expect(refused.filter((outcome) => outcome.startedAt >= recoveredBy)).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.startedAt >= recoveredBy).length).toBeGreaterThan(10);

    // Whatever was acknowledged is in the database.
    const registered = outcomes
      .filter((outcome) => outcome.kind === "register" && outcome.status === 201)
      .map((outcome) => outcome.key as string);
    const saved = outcomes
      .filter((outcome) => outcome.kind === "feedback" && outcome.status === 201)
      .map((outcome) => outcome.key as string);
    expect(registered.length).toBeGreaterThan(0);
    expect(saved.length).toBeGreaterThan(0);
    const users = await database.query("select email from users where email = any($1)", [registered]);
    expect(users.rows.map((row: { email: string }) => row.email).sort()).toEqual([...registered].sort());
    const feedback = await database.query(
      "select payload->>'comments' as comment from form_submissions where payload->>'comments' = any($1)",
      [saved],
    );
    expect(feedback.rows.map((row: { comment: string }) => row.comment).sort()).toEqual([...saved].sort());
  }

  it("answers 503 with Retry-After while the database is cut off, never 500, and recovers by itself within 5 seconds", async () => {
    expect(await readiness()).toBe(200);
    const start = Date.now();
    const load = driveLoad(start + 11_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readiness()).toBe(503);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    proxy.restore();
    const recoveredBy = Date.now() + 5_000;
    const outcomes = await load;
    expect(await readiness()).toBe(200);
    await expectKeptItsPromises(outcomes, recoveredBy);
  });

  it("does the same when every connection of the app is terminated by PostgreSQL", async () => {
    const start = Date.now();
    const load = driveLoad(start + 9_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Twice, a moment apart, so that requests in flight meet it.
    let terminated = 0;
    for (let round = 0; round < 3; round++) {
      const result = await database.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      terminated += result.rowCount ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    expect(terminated).toBeGreaterThan(0);
    const recoveredBy = Date.now() + 5_000;
    const outcomes = await load;
    expect(await readiness()).toBe(200);
    await expectKeptItsPromises(outcomes, recoveredBy);
  });
});
