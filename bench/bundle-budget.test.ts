import { describe, expect, it } from "vitest";
import { firstVisitJsBytes, readManifest, routeScreens, screenChunkBytes } from "./bundle-size.ts";

// Bytes, not timings: the same build gives the same numbers on any machine.
// Issue 4's target for the public pages a visitor meets first.
// 150 KB read as 150,000 bytes, the stricter of the two readings.
const FIRST_VISIT_BUDGETS: Record<string, number> = { "/": 150_000, "/login": 150_000, "/register": 150_000 };
const SCREEN_CHUNK_BUDGET = 60_000;

describe("the web app's bundle budget", () => {
  const manifest = readManifest();

  it.each(Object.entries(FIRST_VISIT_BUDGETS))("a first visit to %s stays within its budget of gzipped JavaScript (%i bytes)", (route, budget) => {
    expect(firstVisitJsBytes(manifest, route)).toBeLessThan(budget);
  });

  it.each(Object.values(routeScreens).flat().filter((screen, index, all) => all.indexOf(screen) === index))(
    "the chunk of %s stays under 60 KB gzipped",
    (screen) => {
      expect(screenChunkBytes(manifest, screen)).toBeLessThan(SCREEN_CHUNK_BUDGET);
    },
  );

  it("keeps member-area screens out of the first visit to /", () => {
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const memberScreens = ["src/features/library/library-page.tsx", "src/components/member-layout.tsx", "src/features/lesson/lesson-page.tsx"];
    for (const screen of memberScreens) expect(entry.imports ?? []).not.toContain(screen);
  });
});
