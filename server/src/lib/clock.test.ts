import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { fileClock } from "./clock.ts";

// The browser tests' server clock (docs/architecture.md, Time): moved by a file, never in production.
describe("the file clock", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "clock-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("reads the system's time moved by the file's milliseconds, afresh each time, and no offset without a number", () => {
    const file = path.join(folder, "offset");
    const clock = fileClock(file);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
    writeFileSync(file, String(3 * 3600_000));
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(3 * 3600_000 - 1000);
    writeFileSync(file, "not a number");
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it("is refused in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", TEST_CLOCK_FILE: "/tmp/x" })).toThrow(
      /TEST_CLOCK_FILE: a movable clock is for tests only/,
    );
    expect(loadConfig({ NODE_ENV: "test", TEST_CLOCK_FILE: "offset" }).testClockFile).toBe(path.resolve("offset"));
  });
});
