import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends, createTestApp, postgresMissingNotice, type TestApp } from "../test/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

describe.each(backends)("health checks on %s", (backend) => {
  let context: TestApp;
  beforeAll(async () => {
    context = await createTestApp(backend, { seed: false });
  });
  afterAll(() => context.close());

  it("says the process answers at /healthz and the database at /readyz, never from a cache", async () => {
    const health = await context.app.inject({ url: "/healthz" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    const ready = await context.app.inject({ url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect((await context.app.inject({ method: "HEAD", url: "/readyz" })).statusCode).toBe(200);
  });
});
