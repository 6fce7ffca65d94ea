import { sentence } from "../../../../contract/languages.ts";
import multipart from "@fastify/multipart";
import { route } from "../../http/endpoint-route.ts";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../../http/errors.ts";
import { moveLessonFile, renameLessonFile, uploadLessonFile } from "../../catalogue/lesson-files-repository.ts";
import { actorOf, type StudioOptions } from "../studio-scope.ts";
import { deleteLessonFile } from "../../catalogue/trash-repository.ts";

const cutOff = sentence("The upload was cut off or arrived damaged. Please try again.");

/** The bytes as they arrive; a broken or malformed upload is her 400, not the server's failure. */
async function* arriving(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    yield* stream;
  } catch {
    throw new HttpError(400, cutOff);
  }
}

/** A lesson's downloads in the studio: upload, rename, reorder, delete (to the Trash). */
export async function fileRoutes(app: FastifyInstance, { db, storage, clock, uploadMaxBytes }: StudioOptions) {
  // Registered here, so that no other route accepts multipart. One file per request; the size limit
  // ends the stream early (`truncated`), and the operation answers 413 with a sentence.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: uploadMaxBytes, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 20 },
  });

  route(
    app,
    "uploadLessonFile",
    async ({ params: { lessonId } }, request) => {
      if (!request.isMultipart()) throw new HttpError(415, "Send the file as multipart/form-data, in a field named file.");
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch {
        throw new HttpError(400, cutOff);
      }
      if (!part) throw new HttpError(400, "Choose a file to upload.", { file: "Choose a file to upload." });
      const file = part.file;
      return uploadLessonFile(
        { db, storage },
        actorOf(request),
        lessonId,
        { filename: part.filename, content: arriving(file), truncated: () => file.truncated },
        uploadMaxBytes,
        clock.now(),
      );
    },
    { sameOriginExemption: "multipart-upload" },
  );

  route(app, "renameFile", async ({ params: { fileId }, body: { filename, revision } }, request) =>
    renameLessonFile(db, actorOf(request), fileId, revision, filename),
  );

  route(app, "moveFile", async ({ params: { fileId }, body: { direction, revision } }, request) =>
    moveLessonFile(db, actorOf(request), fileId, revision, direction),
  );

  route(app, "deleteFile", async ({ params: { fileId }, body: { revision } }, request) =>
    deleteLessonFile(db, actorOf(request), fileId, revision),
  );
}
