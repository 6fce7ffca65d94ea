import { describe, expect, it } from "vitest";
import { routes } from "../web/src/lib/routes.ts";
import { lighthousePages, type SeededIds } from "./lighthouse.ts";

// `npm run bench` measures every route; a route with parameters and no address here would fail it
// only when the bench runs, so the table is checked with every test run.
describe("the bench's pages", () => {
  it("gives every route of the table an address to measure", () => {
    const ids: SeededIds = {
      openCourse: 1,
      openLesson: 2,
      lockedCourse: 3,
      memberId: 4,
      bookingToken: "token",
      topicId: 5,
      threadId: 6,
      careRecordId: 7,
      questionnaireId: 8,
      labourAlertId: 9,
      registryName: "bench-abcdefgh",
    };
    const pages = lighthousePages(ids);
    for (const route of routes)
      expect(
        pages.some((page) => page.route === route.path),
        route.path,
      ).toBe(true);
    expect(pages.every((page) => !page.address.includes(":"))).toBe(true);
  });
});
