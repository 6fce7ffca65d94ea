import { z } from "zod";
import { ApiError } from "./errors.ts";
import { LessonIdParams } from "./progress.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// A lesson's transcripts (docs/transcripts.md): the words of its video, timed (WebVTT, or SRT
// turned into WebVTT) or as plain text, in one or more languages.

/** A BCP 47 tag such as "en" or "es-MX", as Intl canonicalises it; anything else is refused with a sentence. */
export const TranscriptLanguage = z
  .string({ error: 'Say which language the transcript is in, such as "en" or "es".' })
  .trim()
  .min(2, { error: 'Say which language the transcript is in, such as "en" or "es".' })
  .max(35, { error: 'Say which language the transcript is in, such as "en" or "es".' })
  .transform((value, context) => {
    try {
      return Intl.getCanonicalLocales(value)[0]!;
    } catch {
      context.addIssue({ code: "custom", message: 'Say which language the transcript is in, such as "en" or "es".' });
      return z.NEVER;
    }
  });

/** Pasted words, kept as a transcript without times (a paragraph per blank line). */
export const TranscriptText = z.object({
  language: TranscriptLanguage,
  text: z
    .string({ error: "Paste the transcript's words." })
    .trim()
    .min(1, { error: "Paste the transcript's words." })
    .max(500_000, { error: "A transcript can be at most 500,000 characters. Split the lesson, or shorten it." }),
});

/** One cue: seconds from the start of the video (null in a transcript without times) and its words as plain text. */
export const TranscriptCue = z.object({ start: z.number().nullable(), end: z.number().nullable(), text: z.string() });
export type TranscriptCue = z.infer<typeof TranscriptCue>;

export const LessonTranscript = z.object({
  language: z.string(),
  /** Every language the lesson has a transcript in, for her to choose. */
  languages: z.array(z.string()),
  timed: z.boolean(),
  cues: z.array(TranscriptCue),
});
export type LessonTranscript = z.infer<typeof LessonTranscript>;

export const TranscriptSummary = z.object({ language: z.string(), timed: z.boolean(), cue_count: z.number(), updated_at: z.string() });
export type TranscriptSummary = z.infer<typeof TranscriptSummary>;
export const StudioTranscripts = z.object({ transcripts: z.array(TranscriptSummary) });

export const TranscriptQuery = z.object({ language: z.string().max(35).optional() });
export const TranscriptParams = LessonIdParams.extend({ language: z.string().max(35) });

/** The longest transcript file the studio takes: far more than a long lesson's captions. */
export const TRANSCRIPT_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const transcriptsEndpoints = {
  addTranscript: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/transcripts",
    summary:
      "Adds (or replaces) a lesson's transcript in one language: multipart with a `language` field then a WebVTT (text/vtt) or SRT (application/x-subrip) `file`, or JSON { language, text } for words without times. The multipart request must carry the page's Origin",
    access: "instructor",
    travels: "transcripts-studio",
    params: LessonIdParams,
    // Without a body the request is multipart (a file); with one, pasted words.
    body: TranscriptText.optional(),
    upload: true,
    invalidates: ["studioTranscripts", "lessonTranscript"],
    answers: {
      201: { description: "Kept.", schema: z.object({ transcript: TranscriptSummary, message: z.string() }) },
      400: { description: "A broken file (the sentence names its line), no language, or no words.", schema: ApiError },
      404: { description: "No such lesson.", schema: ApiError },
      413: { description: "Larger than 2 MB; nothing kept.", schema: ApiError },
    },
  },
  studioTranscripts: {
    method: "GET",
    path: "/reactapi/studio/lessons/:lessonId/transcripts",
    summary: "A lesson's transcripts: their languages, whether they are timed, and how many cues each has",
    access: "instructor",
    travels: "transcripts-studio",
    params: LessonIdParams,
    answers: { ...ok(StudioTranscripts), 404: { description: "No such lesson.", schema: ApiError } },
  },
  removeTranscript: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/transcripts/:language/delete",
    summary: "Deletes a lesson's transcript in one language",
    access: "instructor",
    travels: "transcripts-studio",
    params: TranscriptParams,
    invalidates: ["studioTranscripts", "lessonTranscript"],
    answers: { ...ok(StudioOutcome), 404: { description: "No transcript in that language.", schema: ApiError } },
  },
  lessonCaptions: {
    method: "GET",
    path: "/reactapi/lessons/:lessonId/captions/:language",
    summary:
      "A lesson's timed transcript in one language as a WebVTT file, for a player's captions track, for a member who may open the lesson",
    access: "member",
    // Asked by the browser's <track> element, never by the app's client.
    travels: "none",
    params: TranscriptParams,
    answers: {
      200: { description: "The captions, WebVTT.", contentType: "text/vtt" },
      403: { description: "The lesson is in a course she has not unlocked.", schema: ApiError },
      404: { description: "No such lesson, or no timed transcript in that language.", schema: ApiError },
    },
  },
  lessonTranscript: {
    method: "GET",
    path: "/reactapi/lessons/:lessonId/transcript",
    summary:
      "A lesson's transcript for a member who may open the lesson: in the language asked when it has one, else in its first; cues in seconds",
    access: "member",
    travels: "transcripts",
    params: LessonIdParams,
    query: TranscriptQuery,
    answers: {
      ...ok(LessonTranscript),
      403: { description: "The lesson is in a course she has not unlocked.", schema: ApiError },
      404: { description: "No such lesson, or it has no transcript.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
