import { Readable } from "node:stream";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { fileChunks } from "./catalogue-schema.ts";

// Lesson files live in the database (so that every app server on one PostgreSQL serves the same
// ones) as numbered chunks, written and read one at a time: an upload or a download of any size
// holds one chunk in memory, never the whole file, on PGlite and on PostgreSQL alike.

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

/** Appends chunks to a file, numbering them on from `firstSequence`; answers the bytes written. */
export async function writeFileChunks(
  db: Queryable,
  fileId: number,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  firstSequence = 0,
): Promise<number> {
  let sequence = firstSequence;
  let written = 0;
  for await (const chunk of chunks) {
    await db.insert(fileChunks).values({ fileId, sequence, bytes: chunk });
    sequence += 1;
    written += chunk.length;
  }
  return written;
}

/** Replaces whole files' contents at once (a content import, whose files arrive whole in its JSON). */
export async function replaceFileContents(tx: Queryable, files: { id: number; bytes: Buffer }[]): Promise<void> {
  if (files.length === 0) return;
  await tx.delete(fileChunks).where(
    inArray(
      fileChunks.fileId,
      files.map((file) => file.id),
    ),
  );
  for (const file of files) await writeFileChunks(tx, file.id, inChunks([file.bytes]));
}

/** Every file's whole content, by id (the content export, which writes them inline). */
export async function readFileContents(db: Queryable, fileIds: number[]): Promise<Map<number, Buffer>> {
  const contents = new Map<number, Buffer>();
  if (fileIds.length === 0) return contents;
  const rows = await db
    .select({ fileId: fileChunks.fileId, bytes: sql<Buffer>`string_agg(${fileChunks.bytes}, ''::bytea order by ${fileChunks.sequence})` })
    .from(fileChunks)
    .where(inArray(fileChunks.fileId, fileIds))
    .groupBy(fileChunks.fileId);
  for (const row of rows) contents.set(row.fileId, Buffer.from(row.bytes));
  return contents;
}

/**
 * A file's content as a stream that reads the next chunk only when the previous one has been
 * taken (backpressure): a slow phone on a large file costs one chunk of memory. A file deleted
 * meanwhile ends the stream early with an error, so the download is cut rather than silently short.
 */
export function streamFileContent(db: Database, fileId: number, expectedBytes: number): Readable {
  async function* chunks() {
    let sequence = 0;
    let sent = 0;
    while (sent < expectedBytes) {
      const [chunk] = await db
        .select({ bytes: fileChunks.bytes })
        .from(fileChunks)
        .where(and(eq(fileChunks.fileId, fileId), eq(fileChunks.sequence, sequence)));
      if (!chunk)
        throw new Error(`File ${fileId} ended after ${sent} of ${expectedBytes} bytes; it was probably deleted or replaced meanwhile.`);
      sent += chunk.bytes.length;
      sequence += 1;
      yield Buffer.from(chunk.bytes);
    }
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
}
