import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { answerWith, sentence } from "../../../contract/languages.ts";
import { TRANSCRIPT_FILE_MAX_BYTES, TranscriptLanguage } from "../../../contract/transcripts.ts";
import { type CatalogueReader, lessonHomes } from "../catalogue/catalogue-repository.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError, parseInput } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { type TranscriptFormat, timedCues, transcriptFormat, untimedCues, webVtt } from "./transcript-files.ts";
import { captionCues, keepTranscript, removeTranscript, transcriptsOfLesson, transcriptToRead } from "./transcripts-repository.ts";

type TranscriptOptions = { db: Database; clock: Clock };

const cutOff = sentence("The upload was cut off or arrived damaged. Please try again.");
const LanguageField = z.object({ language: TranscriptLanguage });

async function requireLesson(db: Database, lessonId: number) {
  if (!(await lessonHomes(db, [lessonId])).has(lessonId))
    throw HttpError.withValues(404, "There is no lesson with the id {id}.", { id: lessonId });
}

/** The studio's side, behind its guard (its manifest's studio areas): add, list and delete a lesson's transcripts. */
export async function transcriptsStudioRoutes(app: FastifyInstance, { db, clock }: TranscriptOptions) {
  // Registered in this plugin alone, so that no other route of the studio accepts multipart.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: TRANSCRIPT_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 20 },
  });

  route(
    app,
    "addTranscript",
    async ({ params: { lessonId }, body }, request, reply) => {
      await requireLesson(db, lessonId);
      let language: string;
      let format: TranscriptFormat;
      let content: string;
      if (body) {
        ({ language } = body);
        format = "text";
        content = body.text;
      } else {
        if (!request.isMultipart())
          throw new HttpError(
            415,
            "Send the transcript as multipart/form-data (a language field, then the file), or as JSON with its words.",
          );
        let part: Awaited<ReturnType<typeof request.file>>;
        let bytes: Buffer;
        try {
          part = await request.file();
          bytes = part ? await part.toBuffer() : Buffer.alloc(0);
        } catch {
          throw new HttpError(400, cutOff);
        }
        if (!part) throw new HttpError(400, "Choose a transcript file.", { file: "Choose a transcript file." });
        if (part.file.truncated) throw new HttpError(413, "A transcript file can be at most 2 MB. Nothing was kept.");
        const field = part.fields.language;
        ({ language } = parseInput(LanguageField, { language: field && "value" in field ? field.value : undefined }));
        try {
          content = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        } catch {
          throw new HttpError(400, "The file is not text in UTF-8. Save it again as UTF-8 WebVTT or SRT. Nothing was kept.");
        }
        const judged = transcriptFormat(content, part.filename, part.mimetype);
        if (!judged)
          throw new HttpError(
            400,
            "A transcript file is WebVTT (.vtt) or SRT (.srt). For words without times, paste them instead. Nothing was kept.",
          );
        format = judged;
      }
      const timed = format !== "text";
      const cues = format === "text" ? untimedCues(content) : await timedCues(content, format);
      if (cues.length === 0) throw new HttpError(400, "Paste the transcript's words.");
      const { summary, replaced } = await keepTranscript(db, { lessonId, language, timed, cues, at: clock.now() });
      const values = { language, count: cues.length };
      return reply.code(201).send({
        transcript: summary,
        message: replaced
          ? answerWith("Replaced the {language} transcript: {count} parts. Members see it under the video now.", values)
          : answerWith("Added the {language} transcript: {count} parts. Members see it under the video now.", values),
      });
    },
    { sameOriginExemption: "multipart-upload" },
  );

  route(app, "studioTranscripts", async ({ params: { lessonId } }) => {
    await requireLesson(db, lessonId);
    return { transcripts: await transcriptsOfLesson(db, lessonId) };
  });

  route(app, "removeTranscript", async ({ params: { lessonId, language } }) => {
    if (!(await removeTranscript(db, lessonId, language)))
      throw HttpError.withValues(404, "This lesson has no {language} transcript.", { language });
    return { message: answerWith("Deleted the {language} transcript.", { language }) };
  });
}

async function requireOpenLesson(catalogue: CatalogueReader, request: FastifyRequest, lessonId: number) {
  const place = await catalogue.lessonAccess(requireMember(request), lessonId);
  if (place.access === "missing") throw HttpError.withValues(404, "There is no lesson with the id {id}.", { id: lessonId });
  if (place.access === "locked")
    throw new HttpError(403, "This lesson is part of the full course. Unlock it to watch the video and read its transcript.");
}

/** Her side: a lesson's transcript, for whoever may open the lesson (its preview included), and its captions as WebVTT. */
export async function transcriptsRoutes(app: FastifyInstance, { db, catalogue }: { db: Database; catalogue: CatalogueReader }) {
  route(app, "lessonCaptions", async ({ params: { lessonId, language } }, request, reply) => {
    await requireOpenLesson(catalogue, request, lessonId);
    const cues = await captionCues(db, lessonId, language);
    if (!cues) throw HttpError.withValues(404, "This lesson has no timed {language} transcript.", { language });
    return reply.header("content-type", "text/vtt; charset=utf-8").send(webVtt(cues));
  });

  route(app, "lessonTranscript", async ({ params: { lessonId }, query }, request) => {
    await requireOpenLesson(catalogue, request, lessonId);
    const transcript = await transcriptToRead(db, lessonId, query.language);
    if (!transcript) throw new HttpError(404, "This lesson has no transcript yet.");
    return transcript;
  });
}
