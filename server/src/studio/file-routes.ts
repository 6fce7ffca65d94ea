import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { LessonIdParams } from "../../../contract/progress.ts";
import { FileIdParams, FileMove, FileRename, type FileUploaded, RevisionRequest, type StudioOutcome } from "../../../contract/studio.ts";
import type { Database } from "../db/client.ts";
import { HttpError, parseInput } from "../http/errors.ts";
import { moveLessonFile, renameLessonFile, uploadLessonFile } from "./file-operations.ts";
import { actorOf } from "./studio-routes.ts";
import { deleteLessonFile } from "./trash-operations.ts";

const cutOff = "The upload was cut off or arrived damaged. Please try again.";

/** The bytes as they arrive; a broken or malformed upload is her 400, not the server's failure. */
async function* arriving(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* stream;
  } catch {
    throw new HttpError(400, cutOff);
  }
}

/** A lesson's downloads in the studio: upload, rename, reorder, delete (to the Trash). */
export async function fileStudioRoutes(app: FastifyInstance, { db, uploadMaxBytes }: { db: Database; uploadMaxBytes: number }) {
  // Registered here, so that no other route accepts multipart. One file per request; the size limit
  // ends the stream early (`truncated`), and the operation answers 413 with a sentence.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 20 },
  });

  app.post("/reactapi/studio/lessons/:lessonId/files", async (request, reply) => {
    const { lessonId } = parseInput(LessonIdParams, request.params);
    if (!request.isMultipart()) throw new HttpError(415, "Send the file as multipart/form-data, in a field named file.");
    let part: Awaited<ReturnType<typeof request.file>>;
    try {
      part = await request.file();
    } catch {
      throw new HttpError(400, cutOff);
    }
    if (!part) throw new HttpError(400, "Choose a file to upload.", { file: "Choose a file to upload." });
    const file = part.file;
    const uploaded = await uploadLessonFile(
      db,
      actorOf(request),
      lessonId,
      { filename: part.filename, content: arriving(file), truncated: () => file.truncated },
      uploadMaxBytes,
    );
    return reply.code(201).send(uploaded satisfies FileUploaded);
  });

  app.post("/reactapi/studio/files/:fileId", async (request): Promise<FileUploaded> => {
    const { fileId } = parseInput(FileIdParams, request.params);
    const { filename, revision } = parseInput(FileRename, request.body);
    return renameLessonFile(db, actorOf(request), fileId, revision, filename);
  });

  app.post("/reactapi/studio/files/:fileId/move", async (request): Promise<StudioOutcome> => {
    const { fileId } = parseInput(FileIdParams, request.params);
    const { direction, revision } = parseInput(FileMove, request.body);
    return moveLessonFile(db, actorOf(request), fileId, revision, direction);
  });

  app.post("/reactapi/studio/files/:fileId/delete", async (request): Promise<StudioOutcome> => {
    const { fileId } = parseInput(FileIdParams, request.params);
    const { revision } = parseInput(RevisionRequest, request.body);
    return deleteLessonFile(db, actorOf(request), fileId, revision);
  });
}
