import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CourseModule, OpenLesson } from "../../../contract/catalogue.ts";
import { executeCommand } from "../cli/admin-commands.ts";
import {
  backends,
  createTestApp,
  demoCatalogue,
  jsonHeaders,
  postgresMissingNotice,
  signedInMember,
  type TestApp,
} from "../../../testing/test-app.ts";

if (!backends.includes("postgres")) it.skip(postgresMissingNotice, () => {});

const FREE_COURSE = 1;
const PAID_COURSE = 4;

describe.each(backends)("course catalogue on %s", (backend) => {
  let context: TestApp;
  let member: { email: string; cookie: string };
  beforeAll(async () => {
    context = await createTestApp(backend);
    member = await signedInMember(context.app);
  });
  afterAll(() => context.close());
  const app = () => context.app;
  const modulesOf = (courseId: unknown, cookie = member.cookie) =>
    app().inject({ method: "POST", url: "/reactapi/getcoursemodules", headers: { ...jsonHeaders, cookie }, payload: { query: courseId } });

  describe("getcourses", () => {
    it("lists every course and plan, and a visitor may open none", async () => {
      const response = await app().inject({ url: "/reactapi/getcourses" });
      expect(response.statusCode).toBe(200);
      const list = response.json();
      expect(list.courses.map((course: { id: number }) => course.id)).toEqual([1, 2, 3, 4]);
      expect(list.courses.every((course: { course_access: string }) => course.course_access === "false")).toBe(true);
      expect(list.subscription_plans).toHaveLength(2);
      expect(list.subscription_plans[0]).toMatchObject({
        name: "Full Membership",
        price: 1900,
        currency: "USD",
        billing_interval: "month",
        course_ids: [3, 4],
      });
    });

    it("tells a member which courses they may open, with each course's plans", async () => {
      const list = (await app().inject({ url: "/reactapi/getcourses", headers: { cookie: member.cookie } })).json();
      const access = Object.fromEntries(
        list.courses.map((course: { id: number; course_access: string }) => [course.id, course.course_access]),
      );
      expect(access).toEqual({ 1: "true", 2: "true", 3: "false", 4: "false" });
      const paid = list.courses.find((course: { id: number }) => course.id === PAID_COURSE);
      expect(paid.subscription_plans.map((plan: { name: string }) => plan.name)).toEqual(["Full Membership"]);
      expect(paid.course_logo).toBe(3);
      expect(paid.course_description).toContain("<strong>");
    });

    it("opens a course once the instructor grants it", async () => {
      const granted = await signedInMember(app(), "granted");
      await executeCommand(context.database.db, context.app.mediaStorage, {
        name: "course grant",
        email: granted.email,
        courseId: PAID_COURSE,
      });
      const list = (await app().inject({ url: "/reactapi/getcourses", headers: { cookie: granted.cookie } })).json();
      expect(list.courses.find((course: { id: number }) => course.id === PAID_COURSE).course_access).toBe("true");
      const access = await app().inject({
        method: "POST",
        url: "/reactapi/getuseraccessdata",
        headers: { ...jsonHeaders, cookie: granted.cookie },
        payload: { query: "access" },
      });
      expect(access.json().grants.map((grant: { course_id: number }) => grant.course_id)).toEqual([PAID_COURSE]);
      expect(access.json().accessible_course_ids).toEqual([1, 2, 4]);
    });

    it("shows an imported change at once, though the catalogue is kept in memory", async () => {
      const before = (await app().inject({ url: "/reactapi/getcourses" })).json();
      expect(before.courses[0].course_title).toBe("Comprehensive Childbirth Education");
      const changed = structuredClone(demoCatalogue) as { courses: { title: string }[] };
      changed.courses[0]!.title = "Childbirth Education, Revised";
      await executeCommand(context.database.db, context.app.mediaStorage, { name: "content import", document: changed });
      const after = (await app().inject({ url: "/reactapi/getcourses" })).json();
      expect(after.courses[0].course_title).toBe("Childbirth Education, Revised");
      await executeCommand(context.database.db, context.app.mediaStorage, { name: "content import", document: demoCatalogue });
    });

    it("answers getuseraccessdata only to members", async () => {
      const response = await app().inject({
        method: "POST",
        url: "/reactapi/getuseraccessdata",
        headers: jsonHeaders,
        payload: { query: "x" },
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe("getcoursemodules", () => {
    it("answers 401 to a visitor", async () => {
      const response = await app().inject({
        method: "POST",
        url: "/reactapi/getcoursemodules",
        headers: jsonHeaders,
        payload: { query: 1 },
      });
      expect(response.statusCode).toBe(401);
    });

    it.each([["abc"], [-1], [1.5], [null], [{ id: 1 }], ["1; drop table courses"]])("answers 400 to the malformed id %j", async (id) => {
      const response = await modulesOf(id);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/course id/);
    });

    it("answers 404 for a course that does not exist", async () => {
      const response = await modulesOf(999);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatch(/does not exist/);
    });

    it("lists an open course's modules depth first, with ancestry codes and full lessons", async () => {
      const response = await modulesOf(String(FREE_COURSE));
      expect(response.statusCode).toBe(200);
      const modules: CourseModule[] = response.json();
      const byCode = new Map(modules.map((module) => [module.reference_code, module]));
      for (const module of modules) {
        const ancestry = module.parent_reference_code.split("_");
        expect(ancestry[0]).toBe(`C${FREE_COURSE}`);
        // Every ancestor is listed before its descendant.
        for (const ancestor of ancestry.slice(1)) {
          expect(modules.indexOf(byCode.get(ancestor)!)).toBeLessThan(modules.indexOf(module));
        }
        expect(module.course).toBe(FREE_COURSE);
      }
      expect(Math.max(...modules.map((module) => module.parent_reference_code.split("_").length))).toBe(3);
      const topOrders = modules.filter((module) => module.parent_reference_code === "C1").map((module) => module.module_order);
      expect(topOrders).toEqual([1, 2, 3, 4]);
      const lessons = modules.flatMap((module) => module.lessons) as OpenLesson[];
      expect(lessons.every((lesson) => lesson.locked === false)).toBe(true);
      const withDownloads = lessons.find((lesson) => lesson.lesson_title === "Your birth preferences")!;
      expect(JSON.parse(withDownloads.video_description!)).toEqual([
        { filename: "birth-preferences-worksheet.txt", url: expect.stringMatching(/^\/reactapi\/downloads\/\d+$/) },
        { filename: "questions-for-your-provider.txt", url: expect.stringMatching(/^\/reactapi\/downloads\/\d+$/) },
      ]);
      expect(withDownloads.video).toEqual({ provider: "vimeo", id: expect.any(String) });
      expect(withDownloads.html_note_content).toContain("<li>");
    });

    it("shows a locked course's titles but keeps everything else of non-preview modules on the server", async () => {
      const modules: CourseModule[] = (await modulesOf(PAID_COURSE)).json();
      const preview = modules.filter((module) => module.visible_in_preview);
      const hidden = modules.filter((module) => !module.visible_in_preview);
      expect(preview.length).toBeGreaterThan(0);
      expect(hidden.length).toBeGreaterThan(0);
      for (const lesson of hidden.flatMap((module) => module.lessons)) {
        expect(Object.keys(lesson).sort()).toEqual(["id", "lesson_order", "lesson_title", "locked"]);
        expect(lesson.locked).toBe(true);
      }
      for (const lesson of preview.flatMap((module) => module.lessons)) expect(lesson.locked).toBe(false);
    });
  });

  describe("downloads", () => {
    const downloadsOf = async (courseId: number, cookie: string) => {
      const modules: CourseModule[] = (await modulesOf(courseId, cookie)).json();
      return modules.flatMap((module) =>
        module.lessons.flatMap((lesson) =>
          lesson.locked
            ? []
            : (JSON.parse(lesson.video_description ?? "[]") as { url: string; filename: string }[]).map((file) => ({
                ...file,
                preview: module.visible_in_preview,
              })),
        ),
      );
    };

    it("serves a download of an open course to a member, as an attachment", async () => {
      const [file] = await downloadsOf(FREE_COURSE, member.cookie);
      const response = await app().inject({ url: file!.url, headers: { cookie: member.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toContain(`filename*=UTF-8''${file!.filename}`);
      expect(response.body).toContain("A printable companion");
    });

    it("refuses a download to a visitor with 401", async () => {
      const [file] = await downloadsOf(FREE_COURSE, member.cookie);
      expect((await app().inject({ url: file!.url })).statusCode).toBe(401);
    });

    it("refuses a locked module's download to a member without access with 403", async () => {
      const admin = await signedInMember(app(), "instructor");
      await executeCommand(context.database.db, context.app.mediaStorage, { name: "user set-role", email: admin.email, role: "admin" });
      const lockedFile = (await downloadsOf(PAID_COURSE, admin.cookie)).find((file) => !file.preview)!;
      expect((await app().inject({ url: lockedFile.url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      const response = await app().inject({ url: lockedFile.url, headers: { cookie: member.cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatch(/not unlocked/);
    });

    it("answers 404 for a download that does not exist and 400-free for a silly id", async () => {
      expect((await app().inject({ url: "/reactapi/downloads/999999", headers: { cookie: member.cookie } })).statusCode).toBe(404);
      expect((await app().inject({ url: "/reactapi/downloads/abc", headers: { cookie: member.cookie } })).statusCode).toBe(400);
    });
  });
});
