import { eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staleRevisionMessage } from "../../../../contract/constants.ts";
import type { LessonDownload } from "../../../../contract/catalogue.ts";
import type { StudioCourse } from "../../../../contract/studio/courses.ts";
import type { TrashItem } from "../../../../contract/studio/trash.ts";
import { findUserByEmail } from "../../accounts/users-repository.ts";
import { exportCatalogue, importCatalogue } from "../../catalogue/catalogue-transfer.ts";
import { lessonFiles } from "../../catalogue/catalogue-schema.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../../testing/test-app.ts";
import { forgetOldTrash } from "../../catalogue/trash-repository.ts";

type MemberLesson = { id: number; lesson_title: string; lesson_order: number; video_description?: string | null };
type MemberModule = { id: number; module_title: string; parent_reference_code: string; lessons: MemberLesson[] };

describe.each(backends)("creating, deleting and restoring in the studio on %s", (backend) => {
  let context: TestApp;
  let cookie: string;
  let member: { email: string; cookie: string };
  beforeAll(async () => {
    context = await createTestApp(backend);
    cookie = (await signedInInstructor(context.app, context.database.db, "trash-keeper")).cookie;
    member = await signedInMember(context.app, "trash-reader");
  });
  afterAll(() => context.close());
  const get = (url: string, as = cookie) => context.app.inject({ method: "GET", url, headers: { cookie: as } });
  const post = (url: string, payload: unknown, as = cookie) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie: as }, payload: payload as Record<string, unknown> });
  const tree = async (courseId: number) => (await get(`/reactapi/studio/courses/${courseId}`)).json() as StudioCourse;
  const memberModules = async (courseId: number) =>
    (await post("/reactapi/getcoursemodules", { query: courseId }, member.cookie)).json() as MemberModule[];
  const memberLesson = async (courseId: number, lessonId: number) =>
    (await memberModules(courseId)).flatMap((module) => module.lessons).find((lesson) => lesson.id === lessonId);
  const trash = async () => ((await get("/reactapi/studio/trash")).json() as { items: TrashItem[] }).items;
  const activity = async () =>
    ((await get("/reactapi/studio/activity?kind=catalogue")).json() as { entries: { summary: string }[] }).entries.map(
      (entry) => entry.summary,
    );
  const summaryOf = async (courseId: number) =>
    (
      (await get("/reactapi/progress/summary", member.cookie)).json() as {
        courses: { course_id: number; completed: number; total: number }[];
      }
    ).courses.find((course) => course.course_id === courseId);

  it("creates a course, a module, a topic inside it and a lesson in the topic, each at the end, with new ids", async () => {
    const course = await post("/reactapi/studio/courses", { title: "  Feeding your baby " });
    expect(course.statusCode).toBe(201);
    const courseId = course.json().id as number;
    expect(courseId).toBeGreaterThan(4);
    const library = (await get("/reactapi/studio/courses")).json().courses as { id: number; title: string }[];
    expect(library.at(-1)).toMatchObject({ id: courseId, title: "Feeding your baby" });

    const module = await post("/reactapi/studio/modules", { course_id: courseId, title: "The first week" });
    expect(module.statusCode).toBe(201);
    const topic = await post("/reactapi/studio/modules", { course_id: courseId, parent_module_id: module.json().id, title: "Latching" });
    expect(topic.statusCode).toBe(201);
    const lesson = await post("/reactapi/studio/lessons", { module_id: topic.json().id, title: "A deep latch" });
    expect(lesson.statusCode).toBe(201);
    expect(lesson.json().message).toBe('Added the lesson "A deep latch" to "Latching".');

    expect((await tree(courseId)).modules).toEqual([
      expect.objectContaining({ id: module.json().id, title: "The first week", depth: 0, lessons: [] }),
      expect.objectContaining({
        id: topic.json().id,
        title: "Latching",
        depth: 1,
        lessons: [{ id: lesson.json().id, title: "A deep latch", has_video: false, revision: 1 }],
      }),
    ]);
    expect(await activity()).toEqual(
      expect.arrayContaining(['Created the course "Feeding your baby" as a draft.', 'Added the topic "Latching" to "Feeding your baby".']),
    );
  });

  it("answers a bad creation with 400 and the field, an unknown parent with 404, and a topic under another course's module with 400", async () => {
    const untitled = await post("/reactapi/studio/modules", { course_id: 1, title: "  " });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().details).toEqual({ title: "Please give the module a title." });
    expect((await post("/reactapi/studio/lessons", { module_id: "first" })).json().details).toEqual({
      module_id: "Choose the module.",
      title: "Please give the lesson a title.",
    });
    expect((await post("/reactapi/studio/lessons", { module_id: 999_999, title: "Lost" })).statusCode).toBe(404);
    expect((await post("/reactapi/studio/modules", { course_id: 999_999, title: "Lost" })).statusCode).toBe(404);
    const elsewhere = await post("/reactapi/studio/modules", { course_id: 2, parent_module_id: 101, title: "Misplaced" });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().details.parent_module_id).toMatch(/no module with the id 101 in "Birth After a Hard Birth"/);
    expect((await post("/reactapi/studio/courses", { title: "Mine" }, member.cookie)).statusCode).toBe(403);
    expect((await get("/reactapi/studio/trash", member.cookie)).statusCode).toBe(403);
  });

  it("deletes a lesson to the Trash with its file and members' progress, and restores all of it to its place", async () => {
    expect((await post("/reactapi/progress/lessons/1002", { completed: true }, member.cookie)).statusCode).toBe(200);
    const before = await summaryOf(1);
    const lesson = (await memberLesson(1, 1002))!;
    const [download] = JSON.parse(lesson.video_description!) as LessonDownload[];
    const bytes = (await get(download!.url, member.cookie)).rawPayload;
    const order = (await memberModules(1)).find((module) => module.id === 101)!.lessons.map((each) => each.id);

    const revision = (await tree(1)).modules.find((module) => module.id === 101)!.lessons.find((each) => each.id === 1002)!.revision;
    expect((await post("/reactapi/studio/lessons/1002/delete", { revision: revision + 1 })).statusCode).toBe(409);
    const deleted = await post("/reactapi/studio/lessons/1002/delete", { revision });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toMatch(/in the Trash for 30 days/);
    expect(await memberLesson(1, 1002)).toBeUndefined();
    expect((await get(download!.url, member.cookie)).statusCode).toBe(404);
    expect(await summaryOf(1)).toEqual({ ...before, completed: before!.completed - 1, total: before!.total - 1 });

    const [item] = await trash();
    expect(item).toMatchObject({
      kind: "lesson",
      title: "Your birth preferences",
      place: "in Comprehensive Childbirth Education › Welcome and Getting Started",
      deleted_by: expect.stringContaining("trash-keeper"),
    });
    expect(new Date(item!.kept_until).getTime() - new Date(item!.deleted_at).getTime()).toBe(30 * 24 * 60 * 60 * 1000);

    // An import (which knows nothing of the Trash) keeps the file waiting there.
    await importCatalogue(
      context.database.db,
      await exportCatalogue(context.database.db, context.app.mediaStorage),
      context.app.mediaStorage,
    );

    const restored = await post(`/reactapi/studio/trash/${item!.id}/restore`, {});
    expect(restored.statusCode).toBe(200);
    expect((await memberModules(1)).find((module) => module.id === 101)!.lessons.map((each) => each.id)).toEqual(order);
    const back = (await memberLesson(1, 1002))!;
    expect(back.video_description).toBe(lesson.video_description);
    expect((await get(download!.url, member.cookie)).rawPayload.equals(bytes)).toBe(true);
    expect(await summaryOf(1)).toEqual(before);
    expect(await trash()).toEqual([]);
    expect((await post(`/reactapi/studio/trash/${item!.id}/restore`, {})).statusCode).toBe(404);
    expect(await activity()).toEqual(
      expect.arrayContaining([
        'Deleted the lesson "Your birth preferences" (in Comprehensive Childbirth Education › Welcome and Getting Started); it is in the Trash for 30 days.',
        'Restored the lesson "Your birth preferences" from the Trash.',
      ]),
    );
  });

  it("deletes a module with its topics and lessons; a lesson deleted from inside it waits until the module is back", async () => {
    const shapeBefore = (await tree(1)).modules.map((module) => [module.id, module.depth, module.lessons.map((lesson) => lesson.id)]);
    const topic = (await tree(1)).modules.find((module) => module.id === 103)!;
    await post(`/reactapi/studio/lessons/${topic.lessons[0]!.id}/delete`, { revision: topic.lessons[0]!.revision });
    const module = (await tree(1)).modules.find((each) => each.id === 106)!;
    const deleted = await post("/reactapi/studio/modules/106/delete", { revision: module.revision });
    expect(deleted.statusCode).toBe(200);
    expect((await tree(1)).modules.map((each) => each.id)).toEqual([101, 108, 107, 109]);
    expect((await memberModules(1)).map((each) => each.id)).not.toContain(103);

    const [moduleItem, lessonItem] = await trash();
    expect(moduleItem).toMatchObject({ kind: "module", place: "in Comprehensive Childbirth Education" });
    // A lesson of a topic says the whole way down to it.
    expect(lessonItem!.place).toBe(`in Comprehensive Childbirth Education › ${module.title} › ${topic.title}`);
    const early = await post(`/reactapi/studio/trash/${lessonItem!.id}/restore`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/Restore that module .* first/);

    expect((await post(`/reactapi/studio/trash/${moduleItem!.id}/restore`, {})).statusCode).toBe(200);
    expect((await post(`/reactapi/studio/trash/${lessonItem!.id}/restore`, {})).statusCode).toBe(200);
    expect((await tree(1)).modules.map((each) => [each.id, each.depth, each.lessons.map((lesson) => lesson.id)])).toEqual(shapeBefore);
  });

  it("deletes a course only when she types its title, takes it from members with their grants, and gives everything back", async () => {
    const memberId = (await findUserByEmail(context.database.db, member.email))!.id;
    expect((await post(`/reactapi/studio/members/${memberId}/courses/3/grant`, {})).statusCode).toBe(200);
    const library = async () =>
      ((await get("/reactapi/getcourses", member.cookie)).json() as { courses: { id: number; course_access: string }[] }).courses;
    const plans = async () => ((await get("/reactapi/studio/plans")).json() as { plans: { id: number; course_ids: number[] }[] }).plans;
    const libraryBefore = await library();
    const plansBefore = await plans();
    expect(libraryBefore.find((course) => course.id === 3)?.course_access).toBe("true");
    const course = await tree(3);

    const mistyped = await post("/reactapi/studio/courses/3/delete", { revision: course.revision, confirm_title: "For Dads" });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().details).toEqual({ confirm_title: `Type the course's title, "${course.title}", to delete it.` });
    expect(
      (await post("/reactapi/studio/courses/3/delete", { revision: course.revision - 1, confirm_title: course.title })).json().error,
    ).toBe(staleRevisionMessage);
    expect(
      (await post("/reactapi/studio/courses/3/delete", { revision: course.revision, confirm_title: ` ${course.title.toLowerCase()} ` }))
        .statusCode,
    ).toBe(200);

    expect((await library()).map((each) => each.id)).not.toContain(3);
    expect((await plans()).every((plan) => !plan.course_ids.includes(3))).toBe(true);
    expect((await get("/reactapi/studio/courses/3")).statusCode).toBe(404);
    // A new course never takes the id of one waiting in the Trash.
    const created = await post("/reactapi/studio/courses", { title: "Another" });
    expect(created.json().id).not.toBe(3);

    const item = (await trash()).find((each) => each.kind === "course")!;
    expect((await post(`/reactapi/studio/trash/${item.id}/restore`, {})).statusCode).toBe(200);
    expect((await library()).filter((each) => each.id !== created.json().id)).toEqual(libraryBefore);
    expect(await plans()).toEqual(plansBefore);
    expect(await tree(3)).toEqual(course);
  });

  it("keeps a module of a deleted course waiting until the course is back", async () => {
    const course = await tree(2);
    const module = course.modules[0]!;
    expect((await post(`/reactapi/studio/modules/${module.id}/delete`, { revision: module.revision })).statusCode).toBe(200);
    const withoutModule = await tree(2);
    expect(
      (await post("/reactapi/studio/courses/2/delete", { revision: withoutModule.revision, confirm_title: withoutModule.title }))
        .statusCode,
    ).toBe(200);
    const items = await trash();
    const moduleItem = items.find((item) => item.kind === "module" && item.title === module.title)!;
    const courseItem = items.find((item) => item.kind === "course" && item.title === course.title)!;

    const early = await post(`/reactapi/studio/trash/${moduleItem.id}/restore`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("Its course is no longer there. Restore the course from the Trash first.");
    expect((await post(`/reactapi/studio/trash/${courseItem.id}/restore`, {})).statusCode).toBe(200);
    expect((await post(`/reactapi/studio/trash/${moduleItem.id}/restore`, {})).statusCode).toBe(200);
    expect((await tree(2)).modules).toEqual(course.modules);
  });

  it("forgets what has been in the Trash for more than 30 days, files included", async () => {
    const lesson = (await tree(1)).modules.find((module) => module.id === 101)!.lessons.find((each) => each.id === 1001)!;
    await post("/reactapi/studio/lessons/1001/delete", { revision: lesson.revision });
    const db = context.database.db;
    const waiting = await db.select({ id: lessonFiles.id }).from(lessonFiles).where(isNotNull(lessonFiles.trashItemId));
    expect(waiting.length).toBeGreaterThan(0);
    await forgetOldTrash(db, new Date(Date.now() + 29 * 24 * 60 * 60 * 1000));
    expect((await trash()).map((item) => item.title)).toContain("How this course works");
    await forgetOldTrash(db, new Date(Date.now() + 31 * 24 * 60 * 60 * 1000));
    expect(await trash()).toEqual([]);
    expect(await db.select().from(lessonFiles).where(eq(lessonFiles.id, waiting[0]!.id))).toEqual([]);
  });
});
