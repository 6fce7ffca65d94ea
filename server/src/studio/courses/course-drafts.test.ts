import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staleRevisionMessage } from "../../../../contract/constants.ts";
import type { CourseList } from "../../../../contract/catalogue.ts";
import type { StudioCourse } from "../../../../contract/studio/courses.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../../testing/test-app.ts";
import { standInEnvironment, startStripeStandIn, type StripeStandIn } from "../../../../testing/stripe-stand-in.ts";

// docs/product.md, Drafts: a draft course exists only for the studio, by every route a member has.
describe.each(backends)("draft courses on %s", (backend) => {
  let context: TestApp;
  let standIn: StripeStandIn;
  let instructor: string;
  let member: string;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    context = await createTestApp(backend, { environment: standInEnvironment(standIn) });
    instructor = (await signedInInstructor(context.app, context.database.db, "drafts-editor")).cookie;
    member = (await signedInMember(context.app, "drafts-reader")).cookie;
  });
  afterAll(async () => {
    await context.close();
    await standIn.close();
  });
  const get = (url: string, cookie: string) => context.app.inject({ method: "GET", url, headers: { cookie } });
  const post = (url: string, payload: unknown, cookie: string) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as Record<string, unknown> });
  const library = async (cookie: string) => (await get("/reactapi/getcourses", cookie)).json() as CourseList;
  const revisionOf = async (courseId: number) =>
    ((await get(`/reactapi/studio/courses/${courseId}`, instructor)).json() as StudioCourse).revision;
  const publish = async (courseId: number, published: boolean) =>
    post(`/reactapi/studio/courses/${courseId}/publication`, { published, revision: await revisionOf(courseId) }, instructor);

  it("creates a course as a draft that no member sees until she publishes it", async () => {
    const created = await post("/reactapi/studio/courses", { title: "Feeding your baby" }, instructor);
    expect(created.json().message).toBe('Created the course "Feeding your baby" as a draft. Members see it once you publish it.');
    const courseId = created.json().id as number;
    const moduleId = (await post("/reactapi/studio/modules", { course_id: courseId, title: "The first week" }, instructor)).json().id;
    const lessonId = (await post("/reactapi/studio/lessons", { module_id: moduleId, title: "A deep latch" }, instructor)).json().id;

    expect((await get(`/reactapi/studio/courses/${courseId}`, instructor)).json()).toMatchObject({ published: false });
    expect((await library(instructor)).courses.find((course) => course.id === courseId)).toMatchObject({ draft: true });
    expect((await library(member)).courses.map((course) => course.id)).not.toContain(courseId);
    expect((await post("/reactapi/getcoursemodules", { query: courseId }, member)).statusCode).toBe(404);
    expect((await post(`/reactapi/progress/lessons/${lessonId}`, { completed: true }, member)).statusCode).toBe(404);

    const published = await publish(courseId, true);
    expect(published.statusCode).toBe(200);
    expect(published.json().message).toBe('Published "Feeding your baby": members see it in the library now.');
    const seen = (await library(member)).courses.find((course) => course.id === courseId);
    expect(seen).toMatchObject({ course_title: "Feeding your baby", course_access: "false" });
    expect(seen).not.toHaveProperty("draft");
    expect((await post("/reactapi/getcoursemodules", { query: courseId }, member)).statusCode).toBe(200);
  });

  it("hides a course taken back to draft from a member who could open it: list, modules, progress, downloads, certificate", async () => {
    const modules = (await post("/reactapi/getcoursemodules", { query: 1 }, member)).json() as {
      lessons: { id: number; video_description?: string }[];
    }[];
    const lessonId = modules[0]!.lessons[0]!.id;
    const download = modules
      .flatMap((module) => module.lessons)
      .flatMap((lesson) => JSON.parse(lesson.video_description ?? "[]") as { url: string }[])[0]!;
    expect((await get(download.url, member)).statusCode).toBe(200);
    expect((await post(`/reactapi/progress/lessons/${lessonId}`, { completed: true }, member)).statusCode).toBe(200);

    const drafted = await publish(1, false);
    expect(drafted.json().message).toMatch(/is a draft again: members no longer see it/);
    expect((await library(member)).courses.map((course) => course.id)).not.toContain(1);
    expect((await post("/reactapi/getuseraccessdata", {}, member)).json().accessible_course_ids).not.toContain(1);
    expect((await post("/reactapi/getcoursemodules", { query: 1 }, member)).statusCode).toBe(404);
    expect((await post(`/reactapi/progress/lessons/${lessonId}`, { completed: false }, member)).statusCode).toBe(404);
    expect((await get("/reactapi/progress/courses/1", member)).statusCode).toBe(404);
    expect((await get("/reactapi/certificates/courses/1", member)).statusCode).toBe(404);
    expect((await get(download.url, member)).statusCode).toBe(404);
    const summary = (await get("/reactapi/progress/summary", member)).json() as { courses: { course_id: number }[] };
    expect(summary.courses.map((course) => course.course_id)).not.toContain(1);
    // She still reads and previews it.
    expect((await post("/reactapi/getcoursemodules", { query: 1 }, instructor)).statusCode).toBe(200);
    expect((await get(download.url, instructor)).statusCode).toBe(200);

    expect((await publish(1, true)).statusCode).toBe(200);
    // What she completed was kept.
    expect((await get("/reactapi/progress/courses/1", member)).json().lessons).toContainEqual(
      expect.objectContaining({ lesson_id: lessonId, completed: true }),
    );
  });

  it("does not offer a plan for a draft: the plan's list of courses and its checkout leave the draft out", async () => {
    // The demo's plan 2 includes course 3 only; plan 1 includes courses 3 and 4.
    expect((await publish(3, false)).statusCode).toBe(200);
    const plans = (await library(member)).subscription_plans;
    expect(plans.map((plan) => plan.id)).not.toContain(2);
    expect(plans.find((plan) => plan.id === 1)?.course_ids).toEqual([4]);
    const checkout = await post("/reactapi/payments/checkout", { plan_id: 2 }, member);
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error).toBe("This plan does not include any course yet, so there is nothing to buy.");
    expect((await library(instructor)).subscription_plans.find((plan) => plan.id === 2)?.course_ids).toEqual([3]);
    expect((await publish(3, true)).statusCode).toBe(200);
    expect((await library(member)).subscription_plans.map((plan) => plan.id)).toContain(2);
  });

  it("refuses a stale or needless change, and a member", async () => {
    const revision = await revisionOf(2);
    const again = await post("/reactapi/studio/courses/2/publication", { published: true, revision }, instructor);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatch(/is published already/);
    const stale = await post("/reactapi/studio/courses/2/publication", { published: false, revision: revision + 5 }, instructor);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(staleRevisionMessage);
    expect((await post("/reactapi/studio/courses/999/publication", { published: true, revision: 1 }, instructor)).statusCode).toBe(404);
    expect((await post("/reactapi/studio/courses/2/publication", { published: false, revision }, member)).statusCode).toBe(403);
    expect((await post("/reactapi/studio/courses/2/publication", { published: "no", revision }, instructor)).json().details).toHaveProperty(
      "published",
    );
  });
});
