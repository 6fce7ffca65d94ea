import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchResults } from "../../../contract/search.ts";
import type { StudioLesson } from "../../../contract/studio/courses.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";

// docs/search.md: one box over what she may open, in the site's language.

const ORIGIN = { host: "localhost:5000", origin: "http://localhost:5000" };
// The demo catalogue: course 1 is free for members; course 3 is not (1021 its preview, 1022 locked); course 2 is free.
const OPEN_LESSON = 1004;
const LOCKED_LESSON = 1022;
const DRAFT_COURSE = 2;
const DRAFT_LESSON = 1018;

describe.each(backends)("search on %s", (backend) => {
  let context: TestApp;
  let instructor: string;
  let member: string;
  beforeAll(async () => {
    context = await createTestApp(backend);
    instructor = (await signedInInstructor(context.app, context.database.db, "search-keeper")).cookie;
    member = (await signedInMember(context.app, "search-reader")).cookie;
  });
  afterAll(() => context.close());

  const post = (url: string, payload: unknown, cookie = instructor) =>
    context.app.inject({ method: "POST", url, headers: { ...jsonHeaders, cookie }, payload: payload as Record<string, unknown> });
  const search = async (q: string, cookie = member) => {
    const answer = await context.app.inject({ method: "GET", url: `/reactapi/search?q=${encodeURIComponent(q)}`, headers: { cookie } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as SearchResults;
  };
  const saveLesson = async (lessonId: number, change: Partial<Pick<StudioLesson, "title" | "content_summary_html" | "note_html">>) => {
    const lesson = (
      await context.app.inject({ method: "GET", url: `/reactapi/studio/lessons/${lessonId}`, headers: { cookie: instructor } })
    ).json();
    const saved = await post(`/reactapi/studio/lessons/${lessonId}`, {
      title: lesson.title,
      content_summary_html: lesson.content_summary_html,
      note_html: lesson.note_html,
      video_link: lesson.video_link,
      revision: lesson.revision,
      ...change,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const addTranscript = async (lessonId: number, vtt: string, language = "en") => {
    const form = new FormData();
    form.append("language", language);
    form.append("file", new Blob([vtt], { type: "text/vtt" }), "lesson.vtt");
    const added = await context.app.inject({
      method: "POST",
      url: `/reactapi/studio/lessons/${lessonId}/transcripts`,
      headers: { cookie: instructor, ...ORIGIN },
      payload: form,
    });
    expect(added.statusCode, added.body).toBe(201);
  };

  it("finds a word said only in a transcript, with the moment it is said", async () => {
    await addTranscript(
      OPEN_LESSON,
      "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome back.\n\n00:04:32.000 --> 00:04:36.000\nTry the hip squeeze with your partner.\n",
    );
    const found = await search("squeeze");
    expect(found.lessons).toEqual([
      {
        lesson_id: OPEN_LESSON,
        course_id: 1,
        title: "Signs labour is near",
        snippet: "Try the hip <mark>squeeze</mark> with your partner.",
        at: 272,
      },
    ]);
    // Stemming: "squeezes" finds "squeeze".
    expect((await search("squeezes")).lessons.map((lesson) => lesson.at)).toEqual([272]);
  });

  it("finds a lesson's summary and notes with the words marked, and its escaped text stays text", async () => {
    await saveLesson(1005, {
      content_summary_html: "<p>Eat lightly: toast &amp; honey keeps your energy up during <em>early</em> labour.</p>",
    });
    const [lesson] = (await search("honey")).lessons;
    expect(lesson).toMatchObject({ lesson_id: 1005, at: null });
    expect(lesson!.snippet).toContain("toast &amp; <mark>honey</mark> keeps");
    expect(lesson!.snippet).not.toContain("<em>");
  });

  it("never shows a locked lesson's words, only its title, and never a draft course", async () => {
    await saveLesson(LOCKED_LESSON, { content_summary_html: "<p>The rebozo sifting technique.</p>" });
    expect((await search("rebozo")).lessons).toEqual([]);
    expect((await search("counter-pressure")).lessons).toEqual([
      { lesson_id: LOCKED_LESSON, course_id: 3, title: "Counter-pressure and massage", snippet: "", at: null },
    ]);
    // The instructor, who opens every course, reads its words.
    expect((await search("rebozo", instructor)).lessons.map((lesson) => lesson.lesson_id)).toEqual([LOCKED_LESSON]);

    await saveLesson(DRAFT_LESSON, { content_summary_html: "<p>A journaling prompt about your birth story.</p>" });
    expect((await search("journaling")).lessons.map((lesson) => lesson.lesson_id)).toEqual([DRAFT_LESSON]);
    const course = (
      await context.app.inject({ method: "GET", url: `/reactapi/studio/courses/${DRAFT_COURSE}`, headers: { cookie: instructor } })
    ).json();
    expect(
      (await post(`/reactapi/studio/courses/${DRAFT_COURSE}/publication`, { published: false, revision: course.revision })).statusCode,
    ).toBe(200);
    expect((await search("journaling")).lessons).toEqual([]);
  });

  it("lets no search tell whether a locked lesson's words hold a word: it is found by its title alone", async () => {
    await saveLesson(LOCKED_LESSON, { content_summary_html: "<p>Warm compresses and the rebozo.</p>" });
    const ids = (results: SearchResults) => results.lessons.map((lesson) => lesson.lesson_id);
    // Its title, "Counter-pressure and massage", matches both; only its words hold "rebozo".
    expect(await search("massage -rebozo")).toEqual(await search("massage -zebra"));
    expect(ids(await search("massage -rebozo"))).toContain(LOCKED_LESSON);
    expect(await search("rebozo or massage")).toEqual(await search("zebra or massage"));
    expect(ids(await search("breathing -rebozo"))).toEqual(ids(await search("breathing -zebra")));
    expect(ids(await search("warm -rebozo or breathing"))).toEqual(ids(await search("warm -zebra or breathing")));
    // The instructor, who opens it, is answered by all its words.
    expect(ids(await search("massage -rebozo", instructor))).not.toContain(LOCKED_LESSON);
    expect(ids(await search("massage -zebra", instructor))).toContain(LOCKED_LESSON);
  });

  it("finds Spanish words through their stems on a Spanish site", async () => {
    await saveLesson(1006, { content_summary_html: "<p>Las contracciones se vuelven más largas y más seguidas.</p>" });
    expect((await post("/reactapi/studio/site/language", { language: "es" })).statusCode).toBe(200);
    try {
      const found = await search("contracción larga");
      expect(found.lessons.map((lesson) => lesson.lesson_id)).toEqual([1006]);
      expect(found.lessons[0]!.snippet).toContain("<mark>contracciones</mark>");
    } finally {
      expect((await post("/reactapi/studio/site/language", { language: "en" })).statusCode).toBe(200);
    }
  });

  it("finds conversations she may read, never one in a topic she cannot, nor a post waiting for approval", async () => {
    const topic = async (title: string, courseId: number | null) => {
      const created = await post("/reactapi/studio/community/topics", { title, course_id: courseId });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };
    const start = async (topicId: number, title: string, body: string) => {
      const started = await post(`/reactapi/community/topics/${topicId}/threads`, { title, body }, instructor);
      expect(started.statusCode, started.body).toBe(201);
      return started.json().id as number;
    };
    const everyone = await topic("Everyone", null);
    const open = await start(everyone, "Peanut ball", "The peanut ball opens the pelvis while resting <3 & more.");
    await start(await topic("Dads only", 3), "Peanut ball for dads", "Dads can fetch the peanut ball.");
    // A newcomer's first post waits for the instructor's approval: no one else finds it yet.
    const newcomer = (await signedInMember(context.app, "search-newcomer")).cookie;
    const waiting = await post(
      `/reactapi/community/topics/${everyone}/threads`,
      { title: "Peanut question", body: "Where do I buy a peanut ball?" },
      newcomer,
    );
    expect(waiting.json().status).toBe("pending");
    const found = await search("peanut");
    expect(found.conversations).toEqual([
      { thread_id: open, title: "Peanut ball", snippet: "The <mark>peanut</mark> ball opens the pelvis while resting &lt;3 &amp; more." },
    ]);
  });

  it("forgives a typo in a longer word, refuses an empty search, and answers 401 to a visitor", async () => {
    expect((await search("Breathnig")).lessons.map((lesson) => lesson.title)).toContain("Breathing through contractions");
    expect((await context.app.inject({ method: "GET", url: "/reactapi/search?q=%20", headers: { cookie: member } })).statusCode).toBe(400);
    expect((await context.app.inject({ method: "GET", url: "/reactapi/search?q=labour" })).statusCode).toBe(401);
    // Only words no language indexes ("the"): nothing, calmly.
    expect(await search("the")).toEqual({ lessons: [], conversations: [] });
  });
});
