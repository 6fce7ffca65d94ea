import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staleRevisionMessage } from "../../../../contract/constants.ts";
import type { StudioCourse, StudioLesson } from "../../../../contract/studio/courses.ts";
import { videoLinkProblem } from "../../../../contract/video-link.ts";
import { exportCatalogue, importCatalogue } from "../../catalogue/catalogue-transfer.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../../testing/test-app.ts";

type MemberModule = { id: number; lessons: { id: number; lesson_title: string; video?: unknown; html_note_content?: string | null }[] };

describe.each(backends)("the studio's courses and lessons on %s", (backend) => {
  let context: TestApp;
  let cookie: string;
  let member: { cookie: string };
  beforeAll(async () => {
    context = await createTestApp(backend);
    cookie = (await signedInInstructor(context.app, context.database.db, "course-editor")).cookie;
    member = await signedInMember(context.app, "course-reader");
  });
  afterAll(() => context.close());
  const get = (url: string, as = cookie) => context.app.inject({ method: "GET", url, headers: { cookie: as } });
  const post = (url: string, payload: unknown, as = cookie) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: as }, payload: payload as Record<string, unknown> });
  const lessonAsMember = async (courseId: number, lessonId: number) => {
    const modules = (await post("/reactapi/getcoursemodules", { query: courseId }, member.cookie)).json() as MemberModule[];
    return modules.flatMap((module) => module.lessons).find((lesson) => lesson.id === lessonId)!;
  };
  const openLesson = async (lessonId: number) => (await get(`/reactapi/studio/lessons/${lessonId}`)).json() as StudioLesson;

  it("lists the courses with their counts, and reads a course's tree depth first with each topic's depth", async () => {
    const list = await get("/reactapi/studio/courses");
    expect(list.statusCode).toBe(200);
    expect(list.json().courses[0]).toEqual({
      id: 1,
      title: "Comprehensive Childbirth Education",
      logo: expect.any(Number),
      free_for_members: true,
      published: true,
      modules: 9,
      lessons: 16,
      revision: expect.any(Number),
    });

    const course = (await get("/reactapi/studio/courses/1")).json() as StudioCourse;
    expect(course.modules.map((module) => [module.id, module.depth])).toEqual([
      [101, 0],
      [106, 0],
      [103, 1],
      [102, 2],
      [104, 1],
      [105, 1],
      [108, 0],
      [107, 1],
      [109, 0],
    ]);
    expect(course.modules[0]!.lessons).toEqual([
      { id: 1001, title: "How this course works", has_video: true, revision: expect.any(Number) },
      expect.objectContaining({ id: 1002 }),
    ]);
    expect((await get("/reactapi/studio/courses/999")).statusCode).toBe(404);
    expect((await get("/reactapi/studio/courses/1", member.cookie)).statusCode).toBe(403);
  });

  it("saves a lesson: HTML cleaned, the video from a youtu.be link, seen by members on their next request and recorded", async () => {
    const before = await lessonAsMember(1, 1002);
    const opened = await openLesson(1002);
    expect(opened).toMatchObject({
      id: 1002,
      course_id: 1,
      course_title: "Comprehensive Childbirth Education",
      module_title: "Welcome and Getting Started",
      revision: 1,
    });
    const saved = await post("/reactapi/studio/lessons/1002", {
      title: "  Breathing, gently  ",
      content_summary_html: "<p>Slow <strong>breaths</strong></p><script>alert(1)</script>",
      note_html: '<p onclick="steal()">Notes <a href="javascript:alert(1)">here</a></p>',
      video_link: "https://youtu.be/dQw4w9WgXcQ?si=abc",
      revision: opened.revision,
    });
    expect(saved.statusCode).toBe(200);
    const lesson = saved.json().lesson as StudioLesson;
    expect(lesson).toMatchObject({ title: "Breathing, gently", video_link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", revision: 2 });
    expect(lesson.content_summary_html).toBe("<p>Slow <strong>breaths</strong></p>");
    expect(lesson.note_html).not.toMatch(/onclick|javascript:/);
    expect(saved.json().message).toMatch(/Members see it/);

    const after = await lessonAsMember(1, 1002);
    expect(after.lesson_title).toBe("Breathing, gently");
    expect(after.lesson_title).not.toBe(before.lesson_title);
    expect(after.video).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ" });
    const entries = (await get("/reactapi/studio/activity?kind=catalogue")).json().entries as { summary: string; actor: string }[];
    expect(entries[0]).toMatchObject({
      summary: 'Changed the lesson "Breathing, gently" in "Comprehensive Childbirth Education".',
      actor: expect.stringContaining("course-editor"),
    });
  });

  it("keeps a YouTube link's start time for members and in the content file", async () => {
    const opened = await openLesson(1006);
    const saved = await post("/reactapi/studio/lessons/1006", {
      title: opened.title,
      video_link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m12s",
      revision: opened.revision,
    });
    expect(saved.statusCode).toBe(200);
    expect((saved.json().lesson as StudioLesson).video_link).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=72s");
    expect((await lessonAsMember(1, 1006)).video).toEqual({ provider: "youtube", id: "dQw4w9WgXcQ", start: 72 });
  });

  it("keeps the video's length and her line about it, for members and in the content file; a bad length is refused", async () => {
    const opened = await openLesson(1013);
    const body = {
      title: opened.title,
      video_link: opened.video_link,
      video_length: "12:30",
      video_line: " Filmed at home. ",
      revision: opened.revision,
    };
    const saved = await post("/reactapi/studio/lessons/1013", body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lesson).toMatchObject({ video_length: "12:30", video_line: "Filmed at home." });
    expect((await lessonAsMember(1, 1013)).video).toMatchObject({ length: 750, line: "Filmed at home." });
    const exported = await exportCatalogue(context.database.db, context.app.mediaStorage);
    const lesson = exported.courses[0]!.modules.flatMap(function all(module): { id: number; video?: unknown }[] {
      return [...module.lessons, ...(module.modules ?? []).flatMap(all)];
    }).find((each) => each.id === 1013);
    expect(lesson?.video).toMatchObject({ length: 750, line: "Filmed at home." });
    const bad = await post("/reactapi/studio/lessons/1013", { ...body, video_length: "twelve", revision: saved.json().lesson.revision });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ video_length: "Write the length like 12:30, or 1:05:00." });
  });

  it("refuses a save over a newer revision with 409 and the sentence, changing nothing", async () => {
    const opened = await openLesson(1003);
    const first = await post("/reactapi/studio/lessons/1003", { title: "First tab", video_link: "", revision: opened.revision });
    expect(first.statusCode).toBe(200);
    const second = await post("/reactapi/studio/lessons/1003", { title: "Second tab", video_link: "", revision: opened.revision });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toBe(staleRevisionMessage);
    expect((await openLesson(1003)).title).toBe("First tab");
    expect((await lessonAsMember(1, 1003)).video ?? null).toBeNull();
  });

  it("answers bad fields with their sentences, and an unknown lesson with 404", async () => {
    const bad = await post("/reactapi/studio/lessons/1004", {
      title: " ",
      video_link: "https://example.com/watch?v=dQw4w9WgXcQ",
      revision: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual({ title: "Please give the lesson a title.", video_link: videoLinkProblem });
    expect((await post("/reactapi/studio/lessons/1004", { title: "No revision" })).json().details).toHaveProperty("revision");
    expect((await openLesson(1004)).revision).toBe(1);
    expect((await post("/reactapi/studio/lessons/99999", { title: "Nowhere", revision: 1 })).statusCode).toBe(404);
    expect((await get("/reactapi/studio/lessons/99999")).statusCode).toBe(404);
  });

  it("keeps an unlisted Vimeo video's code through members' answers and an export and import", async () => {
    const opened = await openLesson(1005);
    const saved = await post("/reactapi/studio/lessons/1005", {
      title: opened.title,
      video_link: "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5",
      revision: opened.revision,
    });
    expect(saved.json().lesson.video_link).toBe("https://vimeo.com/76979871/a1b2c3d4e5");
    expect((await lessonAsMember(1, 1005)).video).toEqual({ provider: "vimeo", id: "76979871", hash: "a1b2c3d4e5" });

    const exported = await exportCatalogue(context.database.db, context.app.mediaStorage);
    const summary = await importCatalogue(context.database.db, exported, context.app.mediaStorage);
    expect(summary.changed).toBe(false);
    // The import overwrote what a studio page may have opened: its revision moved on.
    const reopened = await openLesson(1005);
    expect(reopened.video_link).toBe("https://vimeo.com/76979871/a1b2c3d4e5");
    expect(reopened.revision).toBeGreaterThan(saved.json().lesson.revision);
  });

  it("moves a module among its siblings: members see the new order, a stale or impossible move changes nothing", async () => {
    const tree = async () => (await get("/reactapi/studio/courses/1")).json() as StudioCourse;
    const comfort = (await tree()).modules.find((module) => module.id === 108)!;
    const moved = await post("/reactapi/studio/modules/108/move", { direction: "up", revision: comfort.revision });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toMatch(/Moved "Comfort Measures" up/);
    expect((await tree()).modules.filter((module) => module.depth === 0).map((module) => module.id)).toEqual([101, 108, 106, 109]);
    const memberOrder = ((await post("/reactapi/getcoursemodules", { query: 1 }, member.cookie)).json() as MemberModule[]).map(
      (module) => module.id,
    );
    expect(memberOrder).toEqual([101, 108, 107, 106, 103, 102, 104, 105, 109]);

    const stale = await post("/reactapi/studio/modules/108/move", { direction: "down", revision: comfort.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(staleRevisionMessage);
    const first = (await tree()).modules.find((module) => module.id === 101)!;
    const edge = await post("/reactapi/studio/modules/101/move", { direction: "up", revision: first.revision });
    expect(edge.statusCode).toBe(400);
    expect(edge.json().error).toBe('"Welcome and Getting Started" is already first here.');
    expect((await post("/reactapi/studio/modules/99999/move", { direction: "up", revision: 1 })).statusCode).toBe(404);
    expect((await post("/reactapi/studio/modules/108/move", { direction: "sideways", revision: 1 })).json().details).toHaveProperty(
      "direction",
    );
    // A topic moves among the topics of its own module only.
    const early = (await tree()).modules.find((module) => module.id === 103)!;
    expect((await post("/reactapi/studio/modules/103/move", { direction: "down", revision: early.revision })).statusCode).toBe(200);
    expect((await tree()).modules.map((module) => module.id)).toEqual([101, 108, 107, 106, 104, 103, 102, 105, 109]);
    const entries = (await get("/reactapi/studio/activity?kind=catalogue")).json().entries as { summary: string }[];
    expect(entries.slice(0, 2).map((entry) => entry.summary)).toEqual(['Moved "Early Labour" down.', 'Moved "Comfort Measures" up.']);
  });

  it("saves a course's fields and plans: members see them, the plans move on a revision, a stale save or unknown plan changes nothing", async () => {
    const library = async () =>
      (
        (await get("/reactapi/getcourses", member.cookie)).json() as {
          courses: {
            id: number;
            course_title: string;
            course_description: string;
            course_logo: number;
            course_access: string;
            subscription_plans: { id: number }[];
          }[];
        }
      ).courses;
    const plansBefore = (
      (await get("/reactapi/studio/plans")).json() as { plans: { id: number; revision: number; course_ids: number[] }[] }
    ).plans;
    const opened = (await get("/reactapi/studio/courses/4")).json() as StudioCourse;
    expect(opened.plan_ids).toEqual([1]);
    expect((await library()).find((course) => course.id === 4)?.course_access).toBe("false");

    const unknownPlan = await post("/reactapi/studio/courses/4", {
      title: "Pushing",
      logo: 2,
      free_for_members: true,
      plan_ids: [2, 99],
      revision: opened.revision,
    });
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().details.plan_ids).toMatch(/no plan with the id 99/);
    const badFields = await post("/reactapi/studio/courses/4", {
      title: "",
      logo: 7,
      free_for_members: "yes",
      plan_ids: [],
      revision: opened.revision,
    });
    expect(badFields.json().details).toEqual({
      title: "Please give the course a title.",
      logo: "Choose one of the four pictures.",
      free_for_members: "Say whether every member may open it.",
    });

    const saved = await post("/reactapi/studio/courses/4", {
      title: " Pushing gently ",
      description_html: '<p>Calm <em>pushing</em></p><img src=x onerror="alert(1)">',
      logo: 2,
      free_for_members: true,
      plan_ids: [2],
      revision: opened.revision,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().course).toMatchObject({
      title: "Pushing gently",
      logo: 2,
      free_for_members: true,
      plan_ids: [2],
      revision: opened.revision + 1,
    });
    expect(saved.json().course.description_html).not.toMatch(/onerror/);
    const seen = (await library()).find((course) => course.id === 4)!;
    expect(seen).toMatchObject({ course_title: "Pushing gently", course_logo: 2, course_access: "true" });
    expect(seen.course_description).toContain("<em>pushing</em>");
    const plansAfter = ((await get("/reactapi/studio/plans")).json() as { plans: { id: number; revision: number; course_ids: number[] }[] })
      .plans;
    for (const plan of plansAfter) expect(plan.revision).toBe(plansBefore.find((before) => before.id === plan.id)!.revision + 1);
    expect(plansAfter.find((plan) => plan.id === 2)!.course_ids).toContain(4);
    expect(plansAfter.find((plan) => plan.id === 1)!.course_ids).not.toContain(4);

    const stale = await post("/reactapi/studio/courses/4", {
      title: "Older tab",
      logo: 0,
      free_for_members: false,
      plan_ids: [],
      revision: opened.revision,
    });
    expect(stale.statusCode).toBe(409);
    expect((await get("/reactapi/studio/courses/4")).json()).toMatchObject({ title: "Pushing gently", plan_ids: [2] });
    expect(
      (await post("/reactapi/studio/courses/999", { title: "None", logo: 0, free_for_members: false, plan_ids: [], revision: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it("moves a course in the library, and saves a module's title, preview switch and week", async () => {
    const order = async () =>
      ((await get("/reactapi/getcourses", member.cookie)).json() as { courses: { id: number }[] }).courses.map((course) => course.id);
    const before = await order();
    const second = (await get(`/reactapi/studio/courses/${before[1]}`)).json() as StudioCourse;
    expect((await post(`/reactapi/studio/courses/${second.id}/move`, { direction: "up", revision: second.revision })).statusCode).toBe(200);
    expect(await order()).toEqual([before[1], before[0], ...before.slice(2)]);
    const first = (await get(`/reactapi/studio/courses/${second.id}`)).json() as StudioCourse;
    expect((await post(`/reactapi/studio/courses/${second.id}/move`, { direction: "up", revision: first.revision })).json().error).toMatch(
      /already first/,
    );

    const module = ((await get("/reactapi/studio/courses/2")).json() as StudioCourse).modules[0]!;
    const saved = await post(`/reactapi/studio/modules/${module.id}`, {
      title: "Gentle start",
      visible_in_preview: !module.visible_in_preview,
      recommended_week: 20,
      revision: module.revision,
    });
    expect(saved.statusCode).toBe(200);
    expect(((await get("/reactapi/studio/courses/2")).json() as StudioCourse).modules[0]).toMatchObject({
      title: "Gentle start",
      visible_in_preview: !module.visible_in_preview,
      recommended_week: 20,
    });
    const modules = (await post("/reactapi/getcoursemodules", { query: 2 }, member.cookie)).json() as {
      id: number;
      module_title: string;
      recommended_week: number | null;
    }[];
    expect(modules.find((each) => each.id === module.id)).toMatchObject({ module_title: "Gentle start", recommended_week: 20 });
    expect(
      (await post(`/reactapi/studio/modules/${module.id}`, { title: "Stale", visible_in_preview: false, revision: module.revision }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await post(`/reactapi/studio/modules/${module.id}`, {
          title: "Bad week",
          visible_in_preview: false,
          recommended_week: 61,
          revision: module.revision + 1,
        })
      ).json().details.recommended_week,
    ).toMatch(/1 to 60/);
  });

  it("moves a lesson within its module and into another module or topic: members see it there, a stale move changes nothing", async () => {
    const tree = async () => (await get("/reactapi/studio/courses/1")).json() as StudioCourse;
    const lessonsOf = async (moduleId: number) => (await tree()).modules.find((module) => module.id === moduleId)!.lessons;
    const memberLessonsOf = async (moduleId: number) =>
      ((await post("/reactapi/getcoursemodules", { query: 1 }, member.cookie)).json() as MemberModule[])
        .find((module) => module.id === moduleId)!
        .lessons.map((lesson) => lesson.id);
    const [first, second] = await lessonsOf(101);
    const down = await post(`/reactapi/studio/lessons/${first!.id}/move`, { direction: "down", revision: first!.revision });
    expect(down.statusCode).toBe(200);
    expect(down.json().message).toMatch(/^Moved ".+" down\./);
    expect((await lessonsOf(101)).map((lesson) => lesson.id)).toEqual([second!.id, first!.id]);
    expect(await memberLessonsOf(101)).toEqual([second!.id, first!.id]);
    const stale = await post(`/reactapi/studio/lessons/${first!.id}/move`, { direction: "up", revision: first!.revision });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(staleRevisionMessage);
    const last = (await lessonsOf(101)).at(-1)!;
    expect((await post(`/reactapi/studio/lessons/${last.id}/move`, { direction: "down", revision: last.revision })).json().error).toMatch(
      /is already last here/,
    );

    // Into a topic, at its top; then back to the end of the first module.
    const topicLessons = await lessonsOf(102);
    const moving = (await lessonsOf(101))[0]!;
    const into = await post(`/reactapi/studio/lessons/${moving.id}/place`, { module_id: 102, index: 0, revision: moving.revision });
    expect(into.statusCode).toBe(200);
    expect(into.json().message).toMatch(/into ".+"/);
    expect((await lessonsOf(102)).map((lesson) => lesson.id)).toEqual([moving.id, ...topicLessons.map((lesson) => lesson.id)]);
    expect(await memberLessonsOf(102)).toEqual([moving.id, ...topicLessons.map((lesson) => lesson.id)]);
    expect(await memberLessonsOf(101)).not.toContain(moving.id);
    expect((await post(`/reactapi/studio/lessons/${moving.id}/place`, { module_id: 101, revision: moving.revision })).statusCode).toBe(409);
    const moved = (await lessonsOf(102))[0]!;
    expect(moved.revision).toBeGreaterThan(moving.revision);
    const already = await post(`/reactapi/studio/lessons/${moved.id}/place`, { module_id: 102, index: 0, revision: moved.revision });
    expect(already.statusCode).toBe(400);
    expect(already.json().details.module_id).toMatch(/is already there/);
    // Another course's module is not a place for it.
    const elsewhere = await post(`/reactapi/studio/lessons/${moved.id}/place`, { module_id: 201, revision: moved.revision });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details.module_id).toMatch(/There is no module with the id 201 in/);
    expect((await post(`/reactapi/studio/lessons/${moved.id}/place`, { module_id: 101, revision: moved.revision })).statusCode).toBe(200);
    expect((await lessonsOf(101)).at(-1)!.id).toBe(moved.id);
    expect((await post("/reactapi/studio/lessons/99999/place", { module_id: 101, revision: 1 })).statusCode).toBe(404);
    expect(
      (await post(`/reactapi/studio/lessons/${moved.id}/place`, { module_id: 101, index: -1, revision: 1 })).json().details,
    ).toHaveProperty("index");
    expect((await post(`/reactapi/studio/lessons/${moved.id}/move`, { direction: "up", revision: 1 }, member.cookie)).statusCode).toBe(403);
  });

  it("moves a topic with its own topics into another module and back to the top; never inside itself", async () => {
    const tree = async () => (await get("/reactapi/studio/courses/1")).json() as StudioCourse;
    const revisionOf = async (id: number) => (await tree()).modules.find((module) => module.id === id)!.revision;
    const moved = await post("/reactapi/studio/modules/103/place", { parent_module_id: 108, revision: await revisionOf(103) });
    expect(moved.statusCode).toBe(200);
    const after = (await tree()).modules.map((module) => [module.id, module.depth]);
    const at108 = after.findIndex(([id]) => id === 108);
    expect(after.slice(at108, at108 + 4)).toEqual([
      [108, 0],
      [107, 1],
      [103, 1],
      [102, 2],
    ]);
    const memberModules = (await post("/reactapi/getcoursemodules", { query: 1 }, member.cookie)).json() as {
      id: number;
      parent_reference_code: string;
    }[];
    expect(memberModules.find((module) => module.id === 102)!.parent_reference_code).toBe("C1_M108_M103");

    const intoItself = await post("/reactapi/studio/modules/108/place", { parent_module_id: 102, revision: await revisionOf(108) });
    expect(intoItself.statusCode).toBe(400);
    expect(intoItself.json().details.parent_module_id).toBe('"Comfort Measures" cannot go inside itself or one of its own topics.');
    expect(
      (await post("/reactapi/studio/modules/107/place", { parent_module_id: 108, revision: await revisionOf(107) })).json().error,
    ).toMatch(/already there/);
    expect((await post("/reactapi/studio/modules/103/place", { parent_module_id: 201, revision: await revisionOf(103) })).statusCode).toBe(
      400,
    );
    expect((await post("/reactapi/studio/modules/103/place", { parent_module_id: null, revision: 1 })).statusCode).toBe(409);

    expect((await post("/reactapi/studio/modules/103/place", { parent_module_id: null, revision: await revisionOf(103) })).statusCode).toBe(
      200,
    );
    expect((await tree()).modules.slice(-2).map((module) => [module.id, module.depth])).toEqual([
      [103, 0],
      [102, 1],
    ]);
    const exported = await exportCatalogue(context.database.db, context.app.mediaStorage);
    expect(exported.courses.find((course) => course.id === 1)!.modules.at(-1)).toMatchObject({
      id: 103,
      modules: [expect.objectContaining({ id: 102 })],
    });
  });
});
