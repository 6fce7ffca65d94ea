import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LessonTranscript } from "../../../contract/transcripts.ts";
import { backends, createTestApp, jsonHeaders, signedInInstructor, signedInMember, type TestApp } from "../../../testing/test-app.ts";

// docs/transcripts.md: a lesson's transcript, from a WebVTT or SRT file or pasted words, read by
// whoever may open the lesson.

const ORIGIN = { host: "localhost:5000", origin: "http://localhost:5000" };
// Lesson 1001 is in the demo's free first course; course 3 is not free: 1021 is its preview, 1022 locked.
const OPEN_LESSON = 1001;
const PREVIEW_LESSON = 1021;
const LOCKED_LESSON = 1022;

const vtt = [
  "WEBVTT",
  "Kind: captions",
  "Language: en",
  "",
  "00:00:01.000 --> 00:00:04.500",
  "Welcome to the lesson.",
  "",
  "NOTE the next one has markup",
  "",
  "intro-2",
  "00:04:32.000 --> 00:04:36.250 align:start",
  "<v Anna>Counter-pressure</v> helps &amp; soothes",
  "in the lower back.",
  "",
].join("\n");

const srt = [
  "1",
  "00:00:01,000 --> 00:00:04,500",
  "Welcome to the lesson.",
  "",
  "2",
  "00:04:32,000 --> 00:04:36,250",
  "<i>Counter-pressure</i> helps &amp; soothes",
  "in the lower back.",
  "",
].join("\r\n");

const expectedCues = [
  { start: 1, end: 4.5, text: "Welcome to the lesson." },
  { start: 272, end: 276.25, text: "Counter-pressure helps & soothes in the lower back." },
];

describe.each(backends)("a lesson's transcripts on %s", (backend) => {
  let context: TestApp;
  let instructor: string;
  let member: string;
  beforeAll(async () => {
    context = await createTestApp(backend);
    instructor = (await signedInInstructor(context.app, context.database.db, "transcript-writer")).cookie;
    member = (await signedInMember(context.app, "transcript-reader")).cookie;
  });
  afterAll(() => context.close());

  const upload = (lessonId: number, content: string, filename: string, type: string, language: string | null = "en", as = instructor) => {
    const form = new FormData();
    if (language !== null) form.append("language", language);
    form.append("file", new Blob([content], { type }), filename);
    return context.app.inject({
      method: "POST",
      url: `/reactapi/studio/lessons/${lessonId}/transcripts`,
      headers: { cookie: as, ...ORIGIN },
      payload: form,
    });
  };
  const paste = (lessonId: number, payload: unknown, as = instructor) =>
    context.app.inject({
      method: "POST",
      url: `/reactapi/studio/lessons/${lessonId}/transcripts`,
      headers: { ...jsonHeaders, cookie: as },
      payload: payload as Record<string, unknown>,
    });
  const read = (lessonId: number, language?: string, as = member) =>
    context.app.inject({
      method: "GET",
      url: `/reactapi/lessons/${lessonId}/transcript${language ? `?language=${language}` : ""}`,
      headers: { cookie: as },
    });

  it("reads a WebVTT file and an SRT file to the same cues, in seconds, as plain text", async () => {
    const fromVtt = await upload(OPEN_LESSON, vtt, "lesson.vtt", "text/vtt");
    expect(fromVtt.statusCode).toBe(201);
    expect(fromVtt.json()).toMatchObject({
      transcript: { language: "en", timed: true, cue_count: 2 },
      message: "Added the en transcript: 2 parts. Members see it under the video now.",
    });
    const vttAnswer = (await read(OPEN_LESSON, "en")).json() as LessonTranscript;
    expect(vttAnswer).toEqual({ language: "en", languages: ["en"], timed: true, cues: expectedCues });

    const fromSrt = await upload(OPEN_LESSON, srt, "lesson.srt", "application/x-subrip");
    expect(fromSrt.statusCode).toBe(201);
    expect(fromSrt.json().message).toBe("Replaced the en transcript: 2 parts. Members see it under the video now.");
    expect(((await read(OPEN_LESSON, "en")).json() as LessonTranscript).cues).toEqual(expectedCues);
  });

  it("refuses a broken file with the line that is wrong, counted from 1, and keeps what was there", async () => {
    const badTime = vtt.replace("00:04:32.000", "00:04:3x.000");
    const refused = await upload(OPEN_LESSON, badTime, "broken.vtt", "text/vtt");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Line 11: its times cannot be read/);

    const noHeader = await upload(OPEN_LESSON, vtt.replace("WEBVTT\n", ""), "headless.vtt", "text/vtt");
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error).toMatch(/^Line 1: a WebVTT file begins with the word WEBVTT/);

    // Arrows the parser would pass over in silence, and times running backwards, are named too.
    const badArrow = await upload(OPEN_LESSON, srt.replace("00:04:32,000 --> 00:04:36,250", "00:04:32,000 -> 00:04:36,250"), "a.srt", "");
    expect(badArrow.statusCode).toBe(400);
    expect(badArrow.json().error).toMatch(/^Line 6: this is not a caption/);
    const backwards = await upload(OPEN_LESSON, srt.replace("00:04:32,000 --> 00:04:36,250", "00:04:39,000 --> 00:04:36,250"), "b.srt", "");
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatch(/^Line 6:/);
    const stray = await upload(OPEN_LESSON, vtt.replace("intro-2\n00:04:32.000 --> 00:04:36.250 align:start\n", ""), "c.vtt", "text/vtt");
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error).toMatch(/^Line 10: this is not a caption/);

    expect((await upload(OPEN_LESSON, "just some words", "notes.pdf", "application/pdf")).statusCode).toBe(400);
    expect((await upload(OPEN_LESSON, vtt, "lesson.vtt", "text/vtt", null)).json()).toMatchObject({
      details: { language: 'Say which language the transcript is in, such as "en" or "es".' },
    });
    expect((await upload(OPEN_LESSON, "WEBVTT\n", "empty.vtt", "text/vtt")).json().error).toMatch(/no captions/);
    // Still the SRT's cues.
    expect(((await read(OPEN_LESSON)).json() as LessonTranscript).cues).toEqual(expectedCues);
  });

  it("keeps pasted words as a transcript without times, beside the other languages", async () => {
    const pasted = await paste(OPEN_LESSON, { language: "ES", text: "Bienvenida a la lección.\n\nLa contrapresión  alivia\nla espalda." });
    expect(pasted.statusCode).toBe(201);
    expect(pasted.json().transcript).toMatchObject({ language: "es", timed: false, cue_count: 2 });
    expect((await read(OPEN_LESSON, "es-MX")).json()).toEqual({
      language: "es",
      languages: ["en", "es"],
      timed: false,
      cues: [
        { start: null, end: null, text: "Bienvenida a la lección." },
        { start: null, end: null, text: "La contrapresión alivia la espalda." },
      ],
    });
    // A language the lesson lacks: its first transcript.
    expect(((await read(OPEN_LESSON, "fr")).json() as LessonTranscript).language).toBe("en");
    expect((await paste(OPEN_LESSON, { language: "not a language!", text: "x" })).statusCode).toBe(400);
    expect((await paste(OPEN_LESSON, { language: "en", text: "   " })).json().details).toMatchObject({
      text: "Paste the transcript's words.",
    });

    const listed = await context.app.inject({
      method: "GET",
      url: `/reactapi/studio/lessons/${OPEN_LESSON}/transcripts`,
      headers: { cookie: instructor },
    });
    expect(listed.json().transcripts.map((entry: { language: string; cue_count: number }) => [entry.language, entry.cue_count])).toEqual([
      ["en", 2],
      ["es", 2],
    ]);
    const removed = await context.app.inject({
      method: "POST",
      url: `/reactapi/studio/lessons/${OPEN_LESSON}/transcripts/es/delete`,
      headers: { ...jsonHeaders, cookie: instructor },
      payload: {},
    });
    expect(removed.json().message).toBe("Deleted the es transcript.");
    expect(((await read(OPEN_LESSON, "es")).json() as LessonTranscript).languages).toEqual(["en"]);
  });

  it("answers only whoever may open the lesson: 403 for a locked lesson, 404 without a transcript or lesson, 401/403 before any body", async () => {
    expect((await upload(LOCKED_LESSON, vtt, "lesson.vtt", "text/vtt")).statusCode).toBe(201);
    expect((await upload(PREVIEW_LESSON, vtt, "lesson.vtt", "text/vtt")).statusCode).toBe(201);
    const locked = await read(LOCKED_LESSON);
    expect(locked.statusCode).toBe(403);
    expect(locked.body).not.toContain("Counter-pressure");
    expect((await read(PREVIEW_LESSON)).statusCode).toBe(200);
    // The instructor opens every lesson.
    expect((await read(LOCKED_LESSON, "en", instructor)).statusCode).toBe(200);
    expect((await read(1002)).statusCode).toBe(404);
    expect((await read(99999)).statusCode).toBe(404);
    expect((await context.app.inject({ method: "GET", url: `/reactapi/lessons/${OPEN_LESSON}/transcript` })).statusCode).toBe(401);
    expect((await upload(OPEN_LESSON, vtt, "lesson.vtt", "text/vtt", "en", member)).statusCode).toBe(403);
    expect((await paste(99999, { language: "en", text: "Words." })).statusCode).toBe(404);
  });

  it("gives a timed transcript to a player as a WebVTT captions track, to whoever may open the lesson", async () => {
    const captions = (lessonId: number, language: string, as = member) =>
      context.app.inject({ method: "GET", url: `/reactapi/lessons/${lessonId}/captions/${language}`, headers: as ? { cookie: as } : {} });
    expect((await upload(OPEN_LESSON, vtt, "lesson.vtt", "text/vtt")).statusCode).toBe(201);
    const track = await captions(OPEN_LESSON, "en");
    expect(track.statusCode).toBe(200);
    expect(track.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    // Its cues as plain text: the markup read, "&" written as WebVTT wants it.
    expect(track.body).toBe(
      [
        "WEBVTT",
        "",
        "00:00:01.000 --> 00:00:04.500",
        "Welcome to the lesson.",
        "",
        "00:04:32.000 --> 00:04:36.250",
        "Counter-pressure helps &amp; soothes in the lower back.",
        "",
      ].join("\n"),
    );
    // Pasted words have no times: no track.
    await paste(OPEN_LESSON, { language: "es", text: "Bienvenida." });
    expect((await captions(OPEN_LESSON, "es")).statusCode).toBe(404);
    expect((await upload(LOCKED_LESSON, vtt, "lesson.vtt", "text/vtt")).statusCode).toBe(201);
    expect((await captions(LOCKED_LESSON, "en")).statusCode).toBe(403);
    expect((await captions(OPEN_LESSON, "en", "")).statusCode).toBe(401);
  });
});
