import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { signedInInstructor, signedInMember, useTestApp } from "../testing/test-app.ts";
import { routes } from "../web/src/lib/routes.ts";
import { lighthousePages } from "./lighthouse.ts";
import { benchParts, seedParts } from "./part.ts";

// `npm run bench` measures every route, with what each capability's part of the bench seeds
// (bench/part.ts); a seed the API refuses, or a route with parameters and no address, would fail it
// only when the bench runs, so both are checked with every test run.
describe("the bench's pages", () => {
  const context = useTestApp("pglite");

  it("seeds every capability's part through the API and gives every route of the table an address to measure", async () => {
    const { app } = context;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const instructor = await signedInInstructor(app, context.database.db);
    const member = await signedInMember(app);
    const parts = await benchParts();
    const addresses = await seedParts(parts, url, instructor.cookie, member);
    const pages = lighthousePages(
      { openCourse: 1, openLesson: 2, lockedCourse: 3, memberId: 4, addresses },
      parts.flatMap(({ part }) => part.firstVisitsInSpanish ?? []),
    );
    for (const route of routes)
      expect(
        pages.some((page) => page.route === route.path),
        route.path,
      ).toBe(true);
    expect(pages.filter((page) => page.address.includes(":"))).toEqual([]);
    // Each seeded address is one of the table's routes with its parameters filled in.
    for (const [route, address] of Object.entries(addresses)) {
      expect(routes.map((candidate) => candidate.path)).toContain(route);
      expect(address).toMatch(new RegExp(`^${route.replace(/:[A-Za-z]+/g, "[^/:]+")}$`));
    }
  });
});
