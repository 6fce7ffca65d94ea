import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { HttpError } from "../http/errors.ts";
import { newFileKey, removeUnnamedFiles } from "../storage/named-files.ts";
import type { MediaStorage } from "../storage/storage.ts";
import { fileChunks, lessonFiles } from "./catalogue-schema.ts";

// A lesson's downloads live in the media storage (docs/storage.md), the disk or her S3 bucket, so
// that every app server serves the same ones; the row names its file by key. An upload goes to a
// scratch file as it arrives and then to the storage, so no server holds a whole file in memory.
// Files an earlier version kept in the database (file_chunks) are served from there until the
// sweep moves them.

/** Where a lesson's downloads are kept. */
export type LessonFileStore = { db: Queryable; storage: MediaStorage };

export const LESSON_FILES_FOLDER = "lesson-files/";

/** The first piece of an upload, whose content says what kind of file it is. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** Regroups a stream's pieces (of whatever size it delivers) into chunks of `size` bytes, the last one shorter. */
export async function* inChunks(pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, size = FILE_CHUNK_BYTES): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of pieces) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending, size);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}

/**
 * Writes a file to a new key of the media storage as its pieces arrive, through a scratch file of
 * this machine; answers the key and the bytes written. `stopped` is asked once the pieces have
 * ended: when it answers an error (the upload was over its limit), nothing is stored.
 */
export async function storeFileContent(
  storage: MediaStorage,
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  contentType: string,
  now: Date,
  stopped: () => Error | null = () => null,
): Promise<{ key: string; size: number }> {
  const scratch = await mkdtemp(path.join(tmpdir(), "lesson-file-"));
  try {
    const file = path.join(scratch, "content");
    let size = 0;
    await pipeline(
      Readable.from(
        (async function* () {
          for await (const piece of pieces) {
            size += piece.byteLength;
            yield piece;
          }
        })(),
      ),
      createWriteStream(file),
    );
    const refusal = stopped();
    if (refusal) throw refusal;
    const key = newFileKey(LESSON_FILES_FOLDER, now);
    await storage.putFile(key, file, contentType);
    return { key, size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

type FileRef = { id: number; storageKey: string | null; size: number };

const missingFile = () =>
  new HttpError(404, "That download's file is missing from the site's storage. Tell the instructor, who can upload it again.");

/**
 * A file's content as a stream. From the media storage it comes as the storage sends it; a file
 * still in the database is read one piece at a time, the next only once the previous has been
 * taken, and a file deleted meanwhile ends the stream with an error, so the download is cut rather
 * than silently short.
 */
export async function openFileContent({ db, storage }: LessonFileStore, file: FileRef): Promise<Readable> {
  if (file.storageKey) {
    const stored = await storage.read(file.storageKey);
    if (!stored) throw missingFile();
    return stored.body;
  }
  async function* chunks() {
    let sequence = 0;
    let sent = 0;
    while (sent < file.size) {
      const [chunk] = await db
        .select({ bytes: fileChunks.bytes })
        .from(fileChunks)
        .where(and(eq(fileChunks.fileId, file.id), eq(fileChunks.sequence, sequence)));
      if (!chunk)
        throw new Error(`File ${file.id} ended after ${sent} of ${file.size} bytes; it was probably deleted or replaced meanwhile.`);
      sent += chunk.bytes.length;
      sequence += 1;
      yield Buffer.from(chunk.bytes);
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}

/** Every file's whole content, by id (the content export, which writes them inline). */
export async function readFileContents(store: LessonFileStore, files: FileRef[]): Promise<Map<number, Buffer>> {
  const contents = new Map<number, Buffer>();
  for (const file of files) {
    const pieces: Buffer[] = [];
    for await (const piece of await openFileContent(store, file)) pieces.push(Buffer.from(piece as Uint8Array));
    contents.set(file.id, Buffer.concat(pieces));
  }
  return contents;
}

/**
 * Moves the files an earlier version kept in the database into the media storage, one at a time
 * (the sweep runs it at start and every few hours); answers how many. Two servers may move the same
 * one: only the first names its copy, and the other removes its own.
 */
export async function moveLessonFilesToStorage({ db, storage }: LessonFileStore, now: Date, batch = 20): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ id: lessonFiles.id, storageKey: lessonFiles.storageKey, size: lessonFiles.size, contentType: lessonFiles.contentType })
      .from(lessonFiles)
      .where(isNull(lessonFiles.storageKey))
      .orderBy(lessonFiles.id)
      .limit(batch);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      const { key } = await storeFileContent(
        storage,
        (await openFileContent({ db, storage }, row)) as AsyncIterable<Uint8Array>,
        row.contentType,
        now,
      );
      const [named] = await db
        .update(lessonFiles)
        .set({ storageKey: key })
        .where(and(eq(lessonFiles.id, row.id), isNull(lessonFiles.storageKey)))
        .returning({ id: lessonFiles.id });
      if (named) {
        await db.delete(fileChunks).where(eq(fileChunks.fileId, row.id));
        moved += 1;
      } else await storage.remove(key);
    }
  }
}

/** Removes the files no download names any more (deleted from the Trash, replaced by an import). */
export function removeUnnamedLessonFiles({ db, storage }: LessonFileStore, now: Date): Promise<number> {
  return removeUnnamedFiles(
    storage,
    LESSON_FILES_FOLDER,
    async (keys) =>
      new Set(
        (await db.select({ key: lessonFiles.storageKey }).from(lessonFiles).where(inArray(lessonFiles.storageKey, keys))).map(
          (row) => row.key!,
        ),
      ),
    now,
  );
}

/** Deletes what an earlier version kept of these files in the database (a content import gives them new content). */
export async function forgetFileChunks(tx: Queryable, fileIds: number[]): Promise<void> {
  if (fileIds.length > 0) await tx.delete(fileChunks).where(inArray(fileChunks.fileId, fileIds));
}
