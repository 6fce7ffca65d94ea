import { answerWith } from "../../../contract/languages.ts";
import { directionWords } from "./course-editor-repository.ts";
import { and, asc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { staleRevisionMessage } from "../../../contract/constants.ts";
import { lessonFileKindsList, nameForKind, readableFileSize } from "../../../contract/lesson-files.ts";
import type { StudioFile } from "../../../contract/studio/courses.ts";
import { type Actor, recordActivity } from "../activity/activity-repository.ts";
import { changeCatalogue } from "./catalogue-repository.ts";
import { FILE_CHUNK_BYTES, inChunks, type LessonFileStore, storeFileContent } from "./files-repository.ts";
import { detectLessonFileType } from "../lib/file-types.ts";
import type { Database, Queryable } from "../db/client.ts";
import { lessonFiles, lessons, modules } from "./catalogue-schema.ts";
import { HttpError } from "../http/errors.ts";
import { lessonNotFound, movedOnePlace, nextCatalogueId, positionAfterLast, renumber } from "./course-editor-repository.ts";
import { toStudioFile } from "./lesson-file-list.ts";

// A lesson's downloads as the studio handles them: uploaded in a stream to the media storage (files-repository.ts), checked by
// their content, renamed, put in order. Deleting one is in trash-repository.ts, like every delete.

const UPLOAD_SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

export const fileNotFound = (fileId: number) =>
  HttpError.withValues(404, "There is no file with the id {id}. It may have been deleted meanwhile.", { id: fileId });

/**
 * The name a member saves the file under, from what her computer called it: without folders or
 * characters other computers refuse, and short enough to read.
 */
export function cleanFileName(given: string): string {
  const base = given.split(/[\\/]/).at(-1) ?? "";
  const cleaned = base
    .replace(/[:*?"<>|\u0000-\u001f\u007f]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
  if (cleaned === "" || cleaned === "." || cleaned === "..") return "download";
  if (cleaned.length <= 200) return cleaned;
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(cleaned)?.[0] ?? "";
  return `${cleaned.slice(0, 200 - extension.length).trimEnd()}${extension}`;
}

export type Upload = {
  filename: string;
  /** The file's bytes as they arrive. */
  content: AsyncIterable<Uint8Array>;
  /** Whether the content stopped at the size limit (read after it has ended). */
  truncated: () => boolean;
};

const tooLarge = (limitBytes: number) =>
  HttpError.withValues(
    413,
    "That file is larger than {size}, the most one download can be. Make it smaller (a PDF saved at a lower quality, audio as MP3), or ask whoever runs the site to raise the limit (UPLOAD_MAX_MB).",
    { size: readableFileSize(limitBytes) },
  );

async function drain(chunks: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of chunks);
}

/**
 * Adds an uploaded file at the end of a lesson's downloads. The content goes to the media storage
 * as it arrives (files-repository.ts); only when the last byte is in does one short transaction
 * add the row that names it. A refused type, a file over the limit or a broken connection adds no
 * row, and a file stored for nothing is removed (or, should that fail, swept later).
 */
export async function uploadLessonFile(
  { db, storage }: LessonFileStore & { db: Database },
  actor: Actor,
  lessonId: number,
  upload: Upload,
  limitBytes: number,
  now: Date,
): Promise<{ file: StudioFile; message: string }> {
  const [lesson] = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId));
  const chunks = inChunks(upload.content);
  if (!lesson) {
    await drain(chunks);
    throw lessonNotFound(lessonId);
  }
  const first = await chunks.next();
  const beginning = first.done ? Buffer.alloc(0) : first.value;
  if (beginning.length === 0) throw new HttpError(400, "That file is empty. Choose the file again, or another one.");
  // inChunks yields full chunks until the last: a shorter first one is the whole file.
  const type = await detectLessonFileType(beginning, beginning.length < FILE_CHUNK_BYTES);
  if (!type) {
    await drain(chunks);
    if (upload.truncated()) throw tooLarge(limitBytes);
    throw HttpError.withValues(415, '"{name}" is not a kind of file a lesson can offer. A lesson\'s downloads can be {kinds} files.', {
      name: cleanFileName(upload.filename),
      kinds: lessonFileKindsList,
    });
  }
  const filename = nameForKind(cleanFileName(upload.filename), type.contentType);
  let stored: { key: string; size: number };
  try {
    stored = await storeFileContent(
      storage,
      (async function* () {
        yield beginning;
        yield* chunks;
      })(),
      type.contentType,
      now,
      () => (upload.truncated() ? tooLarge(limitBytes) : null),
    );
  } catch (error) {
    await drain(chunks).catch(() => {});
    throw error;
  }
  const { key, size } = stored;
  try {
    return await changeCatalogue(db, async (tx) => {
      const [row] = await tx.select({ title: lessons.title }).from(lessons).where(eq(lessons.id, lessonId)).for("update");
      if (!row) throw new HttpError(404, "The lesson was deleted while the file was uploading; nothing was added.");
      const id = await nextCatalogueId(tx, lessonFiles, "files");
      const position = await positionAfterLast(tx, lessonFiles, eq(lessonFiles.lessonId, lessonId));
      const [added] = await tx
        .insert(lessonFiles)
        .values({ id, lessonId, position, filename, contentType: type.contentType, size, storageKey: key })
        .returning();
      await recordActivity(tx, actor, "catalogue", `Uploaded "${filename}" (${readableFileSize(size)}) to the lesson "${row.title}".`);
      return {
        file: toStudioFile(added!),
        message: answerWith('Added "{filename}" ({size}). Members can download it from the lesson now.', {
          filename,
          size: readableFileSize(size),
        }),
      };
    });
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/**
 * The file, locked until the transaction ends, with its lesson and that lesson's module; 404 for a
 * file in the Trash or still uploading, 409 when she opened an older revision. Rename, move and
 * delete (trash-repository.ts) all start here.
 */
export async function lessonFileForChange(tx: Queryable, fileId: number, revision: number) {
  const [row] = await tx
    .select({ file: lessonFiles, lesson: lessons, module: modules })
    .from(lessonFiles)
    .innerJoin(lessons, eq(lessons.id, lessonFiles.lessonId))
    .innerJoin(modules, eq(modules.id, lessons.moduleId))
    .where(eq(lessonFiles.id, fileId))
    .for("update", { of: lessonFiles });
  if (!row) throw fileNotFound(fileId);
  if (row.file.revision !== revision) throw new HttpError(409, staleRevisionMessage);
  return row;
}

export async function renameLessonFile(
  db: Database,
  actor: Actor,
  fileId: number,
  revision: number,
  filename: string,
): Promise<{ file: StudioFile; message: string }> {
  return changeCatalogue(db, async (tx) => {
    const { file, lesson } = await lessonFileForChange(tx, fileId, revision);
    filename = nameForKind(filename, file.contentType);
    const [renamed] = await tx
      .update(lessonFiles)
      .set({ filename, revision: sql`${lessonFiles.revision} + 1` })
      .where(eq(lessonFiles.id, fileId))
      .returning();
    await recordActivity(tx, actor, "catalogue", `Renamed the file "${file.filename}" to "${filename}" in the lesson "${lesson.title}".`);
    return { file: toStudioFile(renamed!), message: answerWith('Renamed it "{filename}".', { filename }) };
  });
}

export async function moveLessonFile(
  db: Database,
  actor: Actor,
  fileId: number,
  revision: number,
  direction: "up" | "down",
): Promise<{ message: string }> {
  return changeCatalogue(db, async (tx) => {
    const { file, lesson } = await lessonFileForChange(tx, fileId, revision);
    const siblings = await tx
      .select({ id: lessonFiles.id })
      .from(lessonFiles)
      .where(eq(lessonFiles.lessonId, lesson.id))
      .orderBy(asc(lessonFiles.position), asc(lessonFiles.id));
    await renumber(movedOnePlace(siblings, { id: file.id, title: file.filename }, direction), (id, position) =>
      tx
        .update(lessonFiles)
        .set({ position, revision: sql`${lessonFiles.revision} + 1` })
        .where(and(eq(lessonFiles.id, id), ne(lessonFiles.position, position))),
    );
    await recordActivity(tx, actor, "catalogue", `Moved the file "${file.filename}" ${direction} in the lesson "${lesson.title}".`);
    return { message: answerWith('Moved "{filename}" {direction}.', { filename: file.filename, direction: directionWords[direction] }) };
  });
}

/**
 * Forgets the rows an earlier version added for uploads that never finished (a closed laptop, a
 * server restarted mid-upload), after a day. Uploads now add their row only once complete.
 */
export async function forgetUnfinishedUploads(db: Queryable, now = new Date()): Promise<void> {
  await db
    .delete(lessonFiles)
    .where(
      and(
        isNull(lessonFiles.lessonId),
        isNull(lessonFiles.trashItemId),
        lt(lessonFiles.createdAt, new Date(now.getTime() - UPLOAD_SWEEP_AFTER_MS)),
      ),
    );
}
