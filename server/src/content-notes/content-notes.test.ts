import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";

type Member = { email: string; cookie: string };

// docs/product.md, Content notes: one list, lessons tagged with it, and each member's own choice.
describe.each(backends)("content notes on %s", (backend) => {
  let context: TestApp;
  let app: FastifyInstance;
  let instructor: Member;
  beforeAll(async () => {
    context = await createTestApp(backend);
    app = context.app;
    instructor = await signedInInstructor(app, context.database.db, "notes-instructor");
  });
  afterAll(() => context.close());

  const post = (url: string, payload: unknown, cookie?: string) =>
    app.inject({
      method: "POST",
      url,
      headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) },
      payload: payload as Record<string, unknown>,
    });
  const get = (url: string, cookie?: string) => app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  async function tagLesson(lessonId: number, notes: string[]) {
    const lesson = (await get(`/reactapi/studio/lessons/${lessonId}`, instructor.cookie)).json();
    return post(
      `/reactapi/studio/lessons/${lessonId}`,
      {
        title: lesson.title,
        content_summary_html: lesson.content_summary_html,
        note_html: lesson.note_html,
        revision: lesson.revision,
        content_notes: notes,
      },
      instructor.cookie,
    );
  }

  it("ships the default list, which the instructor extends once per name", async () => {
    const names = ((await get("/reactapi/content-notes")).json().notes as { name: string }[]).map((note) => note.name);
    expect(names).toEqual(expect.arrayContaining(["Pregnancy loss", "Birth trauma", "NICU stay", "Graphic birth footage"]));
    expect((await post("/reactapi/studio/content-notes", { name: "Loss of a twin" }, instructor.cookie)).statusCode).toBe(201);
    expect((await post("/reactapi/studio/content-notes", { name: "loss of a TWIN" }, instructor.cookie)).statusCode).toBe(409);
    const member = await signedInMember(app, "notes-not-studio");
    expect((await post("/reactapi/studio/content-notes", { name: "Mine" }, member.cookie)).statusCode).toBe(403);
  });

  it("tags a lesson with notes from the list, and members read them with the lesson", async () => {
    const refused = await tagLesson(1004, ["Not a note"]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.content_notes).toBe("Choose notes from the list, or add one first.");
    const saved = await tagLesson(1004, ["birth trauma", "Emergency caesarean", "Birth trauma"]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lesson.content_notes).toEqual(["Birth trauma", "Emergency caesarean"]);
    const member = await signedInMember(app, "notes-reader");
    const modules = (await post("/reactapi/getcoursemodules", { query: 1 }, member.cookie)).json() as {
      lessons: { id: number; content_notes?: string[] }[];
    }[];
    const lesson = modules.flatMap((module) => module.lessons).find((candidate) => candidate.id === 1004)!;
    expect(lesson.content_notes).toEqual(["Birth trauma", "Emergency caesarean"]);
  });

  it("keeps her choice per note (tell first by default), her lessons saved for later, and both in her download", async () => {
    const member = await signedInMember(app, "notes-chooser");
    const before = (await get("/reactapi/account/content-notes", member.cookie)).json().notes as { name: string; choice: string }[];
    expect(before.every((note) => note.choice === "tell")).toBe(true);
    expect(
      (await post("/reactapi/account/content-notes", { "Birth trauma": "show", "Pregnancy loss": "leave_out" }, member.cookie)).statusCode,
    ).toBe(200);
    expect((await post("/reactapi/account/content-notes", { "Not a note": "show" }, member.cookie)).statusCode).toBe(400);
    expect((await post("/reactapi/account/content-notes", { "Birth trauma": "sometimes" }, member.cookie)).statusCode).toBe(400);
    const after = (await get("/reactapi/account/content-notes", member.cookie)).json().notes as { name: string; choice: string }[];
    expect(after.find((note) => note.name === "Birth trauma")!.choice).toBe("show");
    expect(after.find((note) => note.name === "Pregnancy loss")!.choice).toBe("leave_out");
    expect(after.find((note) => note.name === "NICU stay")!.choice).toBe("tell");

    expect((await post("/reactapi/account/saved-lessons/1004", { saved: true }, member.cookie)).statusCode).toBe(200);
    const saved = (await get("/reactapi/account/saved-lessons", member.cookie)).json().lessons as {
      lesson_id: number;
      course_id: number;
    }[];
    expect(saved).toEqual([expect.objectContaining({ lesson_id: 1004, course_id: 1 })]);
    expect((await post("/reactapi/account/saved-lessons/999999", { saved: true }, member.cookie)).statusCode).toBe(404);
    const download = await get("/reactapi/account/export", member.cookie);
    expect(download.json().content_notes).toMatchObject({ choices: { "Birth trauma": "show" }, saved_for_later: [expect.any(Object)] });
    expect((await post("/reactapi/account/saved-lessons/1004", { saved: false }, member.cookie)).statusCode).toBe(200);
    expect((await get("/reactapi/account/saved-lessons", member.cookie)).json().lessons).toEqual([]);
    expect((await get("/reactapi/account/content-notes")).statusCode).toBe(401);
  });

  it("never lists a saved lesson whose course was taken back to draft", async () => {
    const member = await signedInMember(app, "saved-draft");
    expect((await post("/reactapi/account/saved-lessons/1004", { saved: true }, member.cookie)).statusCode).toBe(200);
    const publication = async (published: boolean) => {
      const { revision } = (await get("/reactapi/studio/courses/1", instructor.cookie)).json() as { revision: number };
      const changed = await post("/reactapi/studio/courses/1/publication", { published, revision }, instructor.cookie);
      expect(changed.statusCode, changed.body).toBe(200);
    };
    await publication(false);
    try {
      expect((await get("/reactapi/account/saved-lessons", member.cookie)).json().lessons).toEqual([]);
    } finally {
      await publication(true);
    }
    expect((await get("/reactapi/account/saved-lessons", member.cookie)).json().lessons).toEqual([
      expect.objectContaining({ lesson_id: 1004, course_id: 1 }),
    ]);
  });

  it("passes lessons with a note she left out by, in “next” and in pacing, and keeps suggesting them to others", async () => {
    expect((await tagLesson(1006, ["Stillbirth"])).statusCode).toBe(200);
    const [leaving, keeping] = await Promise.all([signedInMember(app, "left-out"), signedInMember(app, "kept-in")]);
    expect((await post("/reactapi/account/content-notes", { Stillbirth: "leave_out" }, leaving.cookie)).statusCode).toBe(200);
    for (const who of [leaving, keeping]) {
      expect((await post("/reactapi/progress/lessons/1005", { completed: true }, who.cookie)).statusCode).toBe(200);
    }
    const nextOf = async (who: Member) =>
      (await get("/reactapi/progress/summary", who.cookie)).json().next?.lesson_id as number | undefined;
    expect(await nextOf(keeping)).toBe(1006);
    const skipped = await nextOf(leaving);
    expect(skipped).toBeDefined();
    expect(skipped).not.toBe(1006);
    const pacing = (await get("/reactapi/progress/summary", leaving.cookie)).json().pacing.lessons as { lesson_id: number }[];
    expect(pacing.map((lesson) => lesson.lesson_id)).not.toContain(1006);
  });

  it("stops offering “Continue where you left off” for a lesson once she leaves its note out, and goes back to the one before", async () => {
    expect((await tagLesson(1007, ["NICU stay"])).statusCode).toBe(200);
    const member = await signedInMember(app, "continue-left-out");
    const continueOf = async () =>
      (await get("/reactapi/progress/summary", member.cookie)).json().continue?.lesson_id as number | undefined;
    expect((await post("/reactapi/progress/lessons/1005", { position_seconds: 30 }, member.cookie)).statusCode).toBe(200);
    expect((await post("/reactapi/progress/lessons/1007", { position_seconds: 40 }, member.cookie)).statusCode).toBe(200);
    expect(await continueOf()).toBe(1007);
    expect((await post("/reactapi/account/content-notes", { "NICU stay": "leave_out" }, member.cookie)).statusCode).toBe(200);
    expect(await continueOf()).toBe(1005);
    expect((await post("/reactapi/account/content-notes", { "NICU stay": "tell" }, member.cookie)).statusCode).toBe(200);
    expect(await continueOf()).toBe(1007);
  });
});
