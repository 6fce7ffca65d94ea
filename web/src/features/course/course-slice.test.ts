import { describe, expect, it } from "vitest";
import { createStore } from "../../app/store.ts";
import { stubApi } from "../../test/render.tsx";
import { courseOfAddress, openCourse } from "./course-slice.ts";

const courses = {
  courses: [{ id: 4, course_title: "Pushing", course_description: "", course_logo: 0, course_access: "true", subscription_plans: [] }],
  subscription_plans: [],
};

describe("opening a course", () => {
  it("asks for the library beside the modules, and once for a course already on its way", async () => {
    const calls = stubApi({
      "/reactapi/getcourses": [200, courses],
      "/reactapi/getuseraccessdata": [200, { accessible_course_ids: [4], grants: [] }],
      "/reactapi/getcoursemodules": [200, []],
    });
    const store = createStore();
    const first = store.dispatch(openCourse(4));
    const second = store.dispatch(openCourse(4));
    // All three leave before any answer has arrived.
    expect(calls.map((call) => call.path).sort()).toEqual([
      "/reactapi/getcoursemodules",
      "/reactapi/getcourses",
      "/reactapi/getuseraccessdata",
    ]);
    const skipped = await second;
    expect(openCourse.rejected.match(skipped) && skipped.meta.condition).toBe(true);
    expect(openCourse.fulfilled.match(await first)).toBe(true);
    expect(store.getState().selectedCourse.courseObject).toMatchObject({ course_id: 4, courseTitle: "Pushing", course_access: true });

    await store.dispatch(openCourse(4));
    expect(calls.filter((call) => call.path === "/reactapi/getcoursemodules")).toHaveLength(2);
    expect(calls.filter((call) => call.path === "/reactapi/getcourses")).toHaveLength(1);
  });

  it("finds the course a page's address names", () => {
    expect(courseOfAddress("/lesson", "?course=3&lesson=9")).toBe(3);
    expect(courseOfAddress("/course", "?course=12")).toBe(12);
    expect(courseOfAddress("/purchase", "?course=2")).toBe(2);
    expect(courseOfAddress("/library", "?course=3")).toBeNull();
    expect(courseOfAddress("/lesson", "?course=abc")).toBeNull();
    expect(courseOfAddress("/lesson", "?course=-1")).toBeNull();
    expect(courseOfAddress("/course", "")).toBeNull();
  });
});
