import { describe, expect, it } from "vitest";
import type { CourseProgress, ProgressSummary } from "../../../contract/progress.ts";
import { pdfText } from "../../../testing/pdf-text.ts";
import { backends, jsonHeaders, signedInMember, useTestApp } from "../../../testing/test-app.ts";

describe.each(backends)("lesson progress and certificates on %s", (backend) => {
  const context = useTestApp(backend);
  const app = () => context.app;
  const save = (cookie: string, lessonId: number | string, payload: unknown) =>
    app().inject({
      method: "POST",
      url: `/reactapi/progress/lessons/${lessonId}`,
      headers: { ...jsonHeaders, cookie },
      payload: payload as Record<string, unknown>,
    });
  const courseProgress = async (cookie: string, courseId: number) =>
    (await app().inject({ url: `/reactapi/progress/courses/${courseId}`, headers: { cookie } })).json() as CourseProgress;
  const summary = async (cookie: string) =>
    (await app().inject({ url: "/reactapi/progress/summary", headers: { cookie } })).json() as ProgressSummary;

  it("saves the position and completion, and replaying never undoes a completion", async () => {
    const { cookie } = await signedInMember(app(), "progress");
    expect((await save(cookie, 1001, { position_seconds: 95.7 })).json()).toEqual({
      lesson_id: 1001,
      completed: false,
      position_seconds: 95,
    });
    expect((await save(cookie, 1001, { completed: true })).json()).toMatchObject({ completed: true, position_seconds: 95 });
    // She watches again from the start: the position moves, the lesson stays complete.
    expect((await save(cookie, 1001, { position_seconds: 3 })).json()).toEqual({ lesson_id: 1001, completed: true, position_seconds: 3 });
    expect((await save(cookie, 1001, { completed: false })).json()).toMatchObject({ completed: false });
    await save(cookie, 1001, { completed: true });
    await save(cookie, 1002, { completed: true });
    const course = await courseProgress(cookie, 1);
    expect(course).toMatchObject({ course_id: 1, completed: 2, total: 16, certificate_available: false });
    expect(course.lessons.map((lesson) => lesson.lesson_id).sort()).toEqual([1001, 1002]);
  });

  it("answers every one of many simultaneous position saves once it is written, and keeps completion", async () => {
    const { cookie } = await signedInMember(app(), "burst");
    await save(cookie, 1001, { completed: true });
    const lessons = [1001, 1002, 1003];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => save(cookie, lessons[index % 3]!, { position_seconds: 100 + index })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(30).fill(200));
    const stored = await courseProgress(cookie, 1);
    for (const lessonId of lessons) {
      const row = stored.lessons.find((lesson) => lesson.lesson_id === lessonId)!;
      const sent = Array.from({ length: 30 }, (_, index) => 100 + index).filter((_, index) => lessons[index % 3] === lessonId);
      expect(sent).toContain(row.position_seconds);
    }
    expect(stored.lessons.find((lesson) => lesson.lesson_id === 1001)!.completed).toBe(true);
    expect(stored.lessons.filter((lesson) => lesson.completed)).toHaveLength(1);
  });

  it("refuses progress for a lesson she cannot open (403), a missing lesson (404) and nonsense (400)", async () => {
    const { cookie } = await signedInMember(app(), "locked");
    // Course 3 is not free: its preview module's lesson opens, the others do not.
    expect((await save(cookie, 1021, { position_seconds: 10 })).statusCode).toBe(200);
    const locked = await save(cookie, 1022, { position_seconds: 10 });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toMatch(/not unlocked/);
    expect((await save(cookie, 99999, { completed: true })).statusCode).toBe(404);
    expect((await save(cookie, 1001, {})).statusCode).toBe(400);
    expect((await save(cookie, 1001, { position_seconds: -4 })).statusCode).toBe(400);
    expect((await save(cookie, "abc", { completed: true })).statusCode).toBe(400);
    expect(
      (await app().inject({ method: "POST", url: "/reactapi/progress/lessons/1001", headers: jsonHeaders, payload: { completed: true } }))
        .statusCode,
    ).toBe(401);
  });

  it("tells /home where to continue and which lesson is next, across modules", async () => {
    const { cookie } = await signedInMember(app(), "continue");
    expect(await summary(cookie)).toMatchObject({ continue: null, next: null });
    await save(cookie, 1001, { completed: true });
    await save(cookie, 1003, { completed: true });
    await save(cookie, 1002, { position_seconds: 754 });
    const answer = await summary(cookie);
    expect(answer.continue).toMatchObject({
      course_id: 1,
      lesson_id: 1002,
      lesson_title: "Your birth preferences",
      position_seconds: 754,
      completed: false,
    });
    // 1003 (next module) is done already: the next lesson is 1004, one module deeper.
    expect(answer.next).toMatchObject({ course_id: 1, lesson_id: 1004 });
    expect(answer.courses.find((course) => course.course_id === 1)).toEqual({
      course_id: 1,
      completed: 2,
      total: 16,
      checks_passed: 0,
      checks_total: 0,
    });
  });

  it("paces lessons to her due date: this week's lessons, then the fourth trimester once the baby has arrived", async () => {
    const { cookie } = await signedInMember(app(), "pacing");
    expect((await summary(cookie)).pacing).toEqual({ stage: "unknown", week: null, lessons: [] });
    // 63 days before the due date: 31 completed weeks.
    const due = new Date(Date.now() + 63 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await app().inject({
      method: "POST",
      url: "/reactapi/account/pacing",
      headers: { ...jsonHeaders, cookie },
      payload: { due_date: due, baby_arrived: false },
    });
    const pregnant = (await summary(cookie)).pacing;
    expect(pregnant.stage).toBe("pregnant");
    expect(pregnant.week).toBe(31);
    // Week 30's module (Understanding Labour) of a free course; not the locked course's week-30 module.
    expect(pregnant.lessons.map((lesson) => lesson.lesson_id)).toEqual([1003]);
    await save(cookie, 1003, { completed: true });
    expect((await summary(cookie)).pacing.lessons).toEqual([]);
    await app().inject({
      method: "POST",
      url: "/reactapi/account/pacing",
      headers: { ...jsonHeaders, cookie },
      payload: { due_date: due, baby_arrived: true },
    });
    const postpartum = (await summary(cookie)).pacing;
    expect(postpartum).toMatchObject({ stage: "postpartum", week: null });
    expect(postpartum.lessons.map((lesson) => lesson.lesson_title)).toEqual(["The golden hour", "Your first days home"]);
    // Pacing only suggests: a lesson outside this week still opens and saves.
    expect((await save(cookie, 1011, { position_seconds: 5 })).statusCode).toBe(200);
  });

  it("offers the certificate when every lesson is complete: a PDF with her name, verified by its code", async () => {
    const { cookie } = await signedInMember(app(), "graduate");
    const early = await app().inject({ url: "/reactapi/certificates/courses/2", headers: { cookie } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toMatch(/0 of 4/);
    for (const lessonId of [1017, 1018, 1019, 1020]) await save(cookie, lessonId, { completed: true });
    expect((await courseProgress(cookie, 2)).certificate_available).toBe(true);
    const nameless = await app().inject({ url: "/reactapi/certificates/courses/2", headers: { cookie } });
    expect(nameless.statusCode).toBe(409);
    expect(nameless.json().error).toMatch(/add your name/);
    await app().inject({
      method: "POST",
      url: "/reactapi/account/name",
      headers: { ...jsonHeaders, cookie },
      payload: { first_name: "Zoë", last_name: "Łukasiewicz" },
    });

    const certificate = await app().inject({ url: "/reactapi/certificates/courses/2", headers: { cookie } });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(certificate.rawPayload));
    expect(text).toContain("Zoë Łukasiewicz");
    expect(text).toContain("Birth After a Hard Birth");
    expect(text).toContain("4 lessons");
    const code = text.match(/Certificate ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/)![1]!;

    const again = await pdfText(
      new Uint8Array((await app().inject({ url: "/reactapi/certificates/courses/2", headers: { cookie } })).rawPayload),
    );
    expect(again).toContain(code);

    const verified = await app().inject({ url: `/reactapi/certificates/${code.toLowerCase()}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ code, initials: "Z. Ł.", course_title: "Birth After a Hard Birth", lesson_count: 4 });
    expect(verified.body).not.toContain("Łukasiewicz");
    expect((await app().inject({ url: "/reactapi/certificates/ABCD-EFGH-JKLM" })).statusCode).toBe(404);
    expect((await app().inject({ url: "/reactapi/certificates/nonsense" })).statusCode).toBe(400);
  });

  it("writes her certificate, and the sentence saying it is not ready yet, in her language (docs/languages.md)", async () => {
    const { cookie } = await signedInMember(app(), "graduada");
    const post = (url: string, payload: Record<string, unknown>) =>
      app().inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload });
    expect((await post("/reactapi/account/language", { language: "es" })).statusCode).toBe(200);
    await post("/reactapi/account/name", { first_name: "Lucía", last_name: "Ortega" });
    await save(cookie, 1017, { completed: true });
    const early = await app().inject({ url: "/reactapi/certificates/courses/2", headers: { cookie, "accept-language": "en" } });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe("El certificado estará listo cuando completes todas las lecciones: llevas 1 de 4.");
    for (const lessonId of [1018, 1019, 1020]) await save(cookie, lessonId, { completed: true });

    const certificate = await app().inject({ url: "/reactapi/certificates/courses/2", headers: { cookie } });
    expect(certificate.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(certificate.rawPayload));
    expect(text).toContain("Certificado de finalización");
    expect(text).toContain("Certificamos que");
    expect(text).toContain("Lucía Ortega");
    expect(text).toContain("ha completado todas las lecciones de");
    expect(text).toMatch(/4 lecciones, completadas el \d{1,2} de [a-z]+ de \d{4}/);
    expect(text).toMatch(/Certificado [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}\. Compruébalo en http/);
    expect(text).not.toMatch(/Certificate|lessons|completed/);
  });
});
