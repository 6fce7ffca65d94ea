import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckForMember, CheckResult, StudioCheck } from "../../../contract/checks.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";

// docs/checks.md: a check's right answers stay on the server until she answers; her best result
// counts; the studio sees how each question was answered; a course may ask for full marks first.

// The demo catalogue: course 2 ("Birth After a Hard Birth") is free for members, lessons 1017–1020;
// course 3 is not (1021 its preview, 1022 locked).
const LESSON = 1017;
const LOCKED_LESSON = 1022;

const questions = [
  {
    kind: "one",
    text: "Which is a sign that labour has begun?",
    options: [
      { text: "Contractions that get longer, stronger and closer together", right: true },
      { text: "One strong kick", right: false },
      { text: "Feeling hungry", right: false },
    ],
    explanation: "Contractions that get longer, stronger and closer together are a sign of labour, because they are opening the cervix.",
  },
  {
    kind: "several",
    text: "What can ease a contraction?",
    options: [
      { text: "Counter-pressure", right: true },
      { text: "Warm water", right: true },
      { text: "Holding your breath", right: false },
    ],
    explanation: "Counter-pressure and warmth both ease the pain; a long slow breath out helps more than holding it.",
  },
  {
    kind: "true_false",
    text: "Waters always break before labour starts.",
    options: [
      { text: "True", right: false },
      { text: "False", right: true },
    ],
    explanation: "For most women the waters break during labour, not before it.",
  },
];

describe.each(backends)("knowledge checks on %s", (backend) => {
  let context: TestApp;
  let instructor: string;
  let member: string;
  beforeAll(async () => {
    context = await createTestApp(backend);
    instructor = (await signedInInstructor(context.app, context.database.db, "check-writer")).cookie;
    member = (await signedInMember(context.app, "check-reader")).cookie;
  });
  afterAll(() => context.close());

  const post = (url: string, payload: unknown, cookie = instructor) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as Record<string, unknown> });
  const get = (url: string, cookie = member) => context.app.inject({ method: "GET", url, headers: { cookie } });

  it("keeps the right answers out of what she reads before she answers", async () => {
    const created = await post("/reactapi/studio/checks", { lesson_id: LESSON, title: "Signs of labour", questions });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    const read = await get(`/reactapi/checks/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('"right"');
    expect(read.body).not.toContain("cervix");
    expect((read.json() as CheckForMember).questions[1]!.options).toEqual([
      { text: "Counter-pressure" },
      { text: "Warm water" },
      { text: "Holding your breath" },
    ]);
    const listed = await get(`/reactapi/lessons/${LESSON}/checks`);
    expect(listed.body).not.toContain('"right"');
    expect((listed.json() as { checks: CheckForMember[] }).checks.map((check) => check.id)).toEqual([id]);
  });

  it("checks her answers on the server, keeps her best result and shows the studio how each question went", async () => {
    const { checks } = (await get(`/reactapi/lessons/${LESSON}/checks`)).json() as { checks: CheckForMember[] };
    const id = checks[0]!.id;
    const wrong = await post(`/reactapi/checks/${id}/answers`, { answers: [[1], [0], [1]] }, member);
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toEqual({
      score: 1,
      out_of: 3,
      questions: [
        { right: false, explanation: questions[0]!.explanation, right_options: [0] },
        { right: false, explanation: questions[1]!.explanation, right_options: [0, 1] },
        { right: true, explanation: questions[2]!.explanation, right_options: [1] },
      ],
    } satisfies CheckResult);
    const right = (await post(`/reactapi/checks/${id}/answers`, { answers: [[0], [1, 0], [1]] }, member)).json() as CheckResult;
    expect([right.score, right.out_of]).toEqual([3, 3]);
    // A worse try later does not lower her best.
    await post(`/reactapi/checks/${id}/answers`, { answers: [[2], [2], [0]] }, member);
    expect(((await get(`/reactapi/checks/${id}`)).json() as CheckForMember).best).toEqual({ score: 3, out_of: 3 });

    const studio = (await get(`/reactapi/studio/lessons/${LESSON}/checks`, instructor)).json() as { checks: StudioCheck[] };
    expect(studio.checks[0]!.questions.map((question) => [question.answered, question.right])).toEqual([
      [3, 1],
      [3, 1],
      [3, 2],
    ]);

    // Answers that do not fit the check are refused with a sentence, and nothing is kept.
    for (const answers of [
      [[0], [0]],
      [[0, 1], [0], [1]],
      [[5], [0], [1]],
    ])
      expect((await post(`/reactapi/checks/${id}/answers`, { answers }, member)).statusCode).toBe(400);
    // An attempt that leaves a question out learns nothing of the right answers.
    const empty = await post(`/reactapi/checks/${id}/answers`, { answers: [[], [], []] }, member);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "Please answer every question first: then you see which answers were right, and why." });
    expect((await post(`/reactapi/checks/${id}/answers`, { answers: [[0], [], [1]] }, member)).json().questions).toBeUndefined();
    expect(
      ((await get(`/reactapi/studio/lessons/${LESSON}/checks`, instructor)).json() as { checks: StudioCheck[] }).checks[0]!.questions[0]!
        .answered,
    ).toBe(3);
  });

  it("refuses a check with no right answer, in no place or in two, and a member in the studio", async () => {
    const noRight = await post("/reactapi/studio/checks", {
      lesson_id: LESSON,
      questions: [{ ...questions[0], options: questions[0]!.options.map((option) => ({ ...option, right: false })) }],
    });
    expect(noRight.statusCode).toBe(400);
    expect(noRight.json().error).toMatch(/Mark exactly one answer as right/);
    expect((await post("/reactapi/studio/checks", { questions })).statusCode).toBe(400);
    expect((await post("/reactapi/studio/checks", { lesson_id: LESSON, module_id: 101, questions })).statusCode).toBe(400);
    expect((await post("/reactapi/studio/checks", { lesson_id: 99999, questions })).statusCode).toBe(404);
    expect((await post("/reactapi/studio/checks", { lesson_id: LESSON, questions }, member)).statusCode).toBe(403);
    expect((await context.app.inject({ method: "GET", url: `/reactapi/lessons/${LESSON}/checks` })).statusCode).toBe(401);
  });

  it("lists a course's checks, its lessons' and its modules', for whoever may open the course", async () => {
    const atModuleEnd = await post("/reactapi/studio/checks", { module_id: 112, title: "Planning", questions: [questions[2]] });
    expect(atModuleEnd.statusCode, atModuleEnd.body).toBe(201);
    const listed = await get("/reactapi/courses/2/checks");
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain('"right"');
    const checks = (listed.json() as { checks: CheckForMember[] }).checks;
    expect(checks.map((check) => [check.lesson_id, check.lesson_title, check.module_id])).toEqual([
      [LESSON, "You are not alone", null],
      [null, null, 112],
    ]);
    const answered = await post(`/reactapi/checks/${atModuleEnd.json().id}/answers`, { answers: [[1]] }, member);
    expect((answered.json() as CheckResult).score).toBe(1);
    expect((await get("/reactapi/courses/3/checks")).statusCode).toBe(403);
    expect((await get("/reactapi/courses/99999/checks")).statusCode).toBe(404);
  });

  it("opens a locked lesson's check to no one who may not open the lesson", async () => {
    const { id } = (await post("/reactapi/studio/checks", { lesson_id: LOCKED_LESSON, questions })).json() as { id: number };
    expect((await get(`/reactapi/checks/${id}`)).statusCode).toBe(403);
    expect((await post(`/reactapi/checks/${id}/answers`, { answers: [[0], [0, 1], [1]] }, member)).statusCode).toBe(403);
    expect((await get(`/reactapi/lessons/${LOCKED_LESSON}/checks`)).statusCode).toBe(403);
    expect((await get(`/reactapi/checks/${id}`, instructor)).statusCode).toBe(200);
  });

  it("lets the certificate wait for full marks on every check when the course asks", async () => {
    const reader = await signedInMember(context.app, "check-certificate");
    expect((await post("/reactapi/account/name", { first_name: "Maya", last_name: "Lind" }, reader.cookie)).statusCode).toBe(200);
    const course = (await get("/reactapi/studio/courses/2", instructor)).json();
    const saved = await post("/reactapi/studio/courses/2", {
      title: course.title,
      description_html: course.description_html,
      logo: course.logo,
      free_for_members: course.free_for_members,
      plan_ids: course.plan_ids,
      certificate_needs_checks: true,
      revision: course.revision,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().course.certificate_needs_checks).toBe(true);
    for (const lessonId of [1017, 1018, 1019, 1020])
      expect((await post(`/reactapi/progress/lessons/${lessonId}`, { completed: true }, reader.cookie)).statusCode).toBe(200);
    const waiting = await get("/reactapi/certificates/courses/2", reader.cookie);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toBe("The certificate is ready when every knowledge check is answered with full marks: 0 of 2 so far.");
    // Her progress says the same: no certificate offered yet, and the checks counted in the summary.
    const progress = async () => (await get("/reactapi/progress/courses/2", reader.cookie)).json();
    const summaryOfCourse = async () =>
      ((await get("/reactapi/progress/summary", reader.cookie)).json() as { courses: { course_id: number }[] }).courses.find(
        (entry) => entry.course_id === 2,
      );
    expect(await progress()).toMatchObject({ completed: 4, total: 4, certificate_available: false });
    expect(await summaryOfCourse()).toMatchObject({ completed: 4, total: 4, checks_passed: 0, checks_total: 2 });
    const { checks } = (await get("/reactapi/courses/2/checks", reader.cookie)).json() as { checks: CheckForMember[] };
    await post(`/reactapi/checks/${checks[0]!.id}/answers`, { answers: [[0], [0, 1], [1]] }, reader.cookie);
    expect((await get("/reactapi/certificates/courses/2", reader.cookie)).json().error).toMatch(/1 of 2 so far/);
    await post(`/reactapi/checks/${checks[1]!.id}/answers`, { answers: [[1]] }, reader.cookie);
    expect(await progress()).toMatchObject({ certificate_available: true });
    expect(await summaryOfCourse()).toMatchObject({ checks_passed: 2, checks_total: 2 });
    const ready = await get("/reactapi/certificates/courses/2", reader.cookie);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.headers["content-type"]).toContain("application/pdf");
  });
  it("counts the questions in her language, one question and several alike", async () => {
    const inSpanish = (payload: Record<string, unknown>) =>
      context.app.inject({
        method: "POST",
        url: "/reactapi/studio/checks",
        headers: { ...jsonHeaders, cookie: instructor, "accept-language": "es" },
        payload,
      });
    const one = await inSpanish({ lesson_id: LESSON, title: "Una", questions: [questions[2]] });
    expect(one.json().message).toBe("Se añadió el repaso: 1 pregunta. Las alumnas ya lo responden bajo la lección.");
    const two = await inSpanish({ lesson_id: LESSON, title: "Dos", questions: questions.slice(0, 2) });
    expect(two.json().message).toBe("Se añadió el repaso: 2 preguntas. Las alumnas ya lo responden bajo la lección.");
  });
});
