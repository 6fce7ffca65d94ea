import { describe, expect, it } from "vitest";
import { backends, postgresMissingNotice, useTestApp } from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

describe.each(backends)("health checks on %s", (backend) => {
  const context = useTestApp(backend, { seed: false });

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
