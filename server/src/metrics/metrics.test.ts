import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logRedactions } from "../app.ts";
import {
  backends,
  createTestApp,
  logInto,
  postgresMissingNotice,
  signedInMember,
  type TestApp,
  useTestApp,
} from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

const TOKEN = "metrics-token-for-the-tests-0123456789";

describe.each(backends)("metrics on %s", (backend) => {
  let context: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = logInto(logLines);
    context = await createTestApp(backend, {
      environment: { METRICS_TOKEN: TOKEN },
      logger: { level: "info", stream, redact: logRedactions },
    });
  });
  afterAll(() => context.close());

  it("refuses /metrics without the bearer token", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-the-same-length-1234", `Basic ${TOKEN}`]) {
      const response = await context.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toContain("METRICS_TOKEN");
    }
  });

  it("reports request durations by route, cache hits and misses, the process and, on PostgreSQL, the pool", async () => {
    const member = await signedInMember(context.app, "measured");
    for (let round = 0; round < 3; round++) await context.app.inject({ url: "/reactapi/getcourses", headers: { cookie: member.cookie } });
    await context.app.inject({ url: "/no/such/address/here" });
    const response = await context.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    const text = response.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/reactapi\/getcourses",status_code="200"\} 3/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="\d+"\} 1/);
    expect(text).toMatch(/cache_lookups_total\{cache="course_list",result="hit"\} [1-9]/);
    expect(text).toMatch(/cache_lookups_total\{cache="sessions",result="(hit|miss)"\} [1-9]/);
    expect(text).toContain("process_resident_memory_bytes");
    if (backend === "postgres") expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    expect(logLines.join("\n")).not.toContain(TOKEN);
  });
});

describe("metrics when METRICS_TOKEN is not set", () => {
  const context = useTestApp("pglite", { seed: false });

  it("answers 404, whatever the token", async () => {
    const response = await context.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual(expect.any(String));
  });
});
