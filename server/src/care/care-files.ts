import multipart from "@fastify/multipart";
import type { Readable } from "node:stream";
import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { answerWith, sentence } from "../../../contract/languages.ts";
import type { CareFile } from "../../../contract/care.ts";
import { CARE_FILE_MAX_MB } from "../../../contract/care-fields.ts";
import { lessonFileKindsList, nameForKind, readableFileSize } from "../../../contract/lesson-files.ts";
import { cleanFileName } from "../catalogue/lesson-files-repository.ts";
import type { Database, Queryable } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import { detectLessonFileType } from "../lib/file-types.ts";
import type { Clock } from "../lib/clock.ts";
import { newFileKey, removeUnnamedFiles } from "../storage/named-files.ts";
import type { MediaStorage } from "../storage/storage.ts";
import { careFiles, careRecords } from "./care-schema.ts";

// Files the doula shares with one client (docs/care.md, "Her client space"): the kinds a lesson's
// downloads may be, judged from their content. Each is a file of the media storage (docs/storage.md)
// its row names; one an earlier version kept in its row is served from there until the sweep moves it.

export const CARE_FILES_FOLDER = "care-files/";

/** Where a client's files are kept. */
export type CareFileStore = { db: Queryable; storage: MediaStorage };

export const CARE_FILE_MAX_BYTES = CARE_FILE_MAX_MB * 1024 * 1024;

type FileRow = Omit<typeof careFiles.$inferSelect, "content" | "storageKey">;

/** The columns a list needs: never the content. */
const listed = {
  id: careFiles.id,
  recordId: careFiles.recordId,
  filename: careFiles.filename,
  contentType: careFiles.contentType,
  size: careFiles.size,
  createdAt: careFiles.createdAt,
};

export const toCareFile = (row: FileRow): CareFile => ({
  id: row.id,
  filename: row.filename,
  content_type: row.contentType,
  size: row.size,
  shared_at: row.createdAt.toISOString(),
});

/** Each record's shared files, oldest first, without their content. */
export async function filesOfRecords(db: Queryable, recordIds: number[]): Promise<Map<number, CareFile[]>> {
  const byRecord = new Map<number, CareFile[]>();
  if (recordIds.length === 0) return byRecord;
  const rows = await db
    .select(listed)
    .from(careFiles)
    .where(inArray(careFiles.recordId, recordIds))
    .orderBy(asc(careFiles.createdAt), asc(careFiles.id));
  for (const row of rows) byRecord.set(row.recordId, [...(byRecord.get(row.recordId) ?? []), toCareFile(row)]);
  return byRecord;
}

const noSuchFile = () => new HttpError(404, sentence("There is no such file in this care record."));

/** The file with its content, when it belongs to this record (and, for her side, the record to her). */
async function fileOf(db: Queryable, recordId: number, fileId: number, memberId?: number) {
  const [row] = await db
    .select({ file: careFiles })
    .from(careFiles)
    .innerJoin(careRecords, eq(careRecords.id, careFiles.recordId))
    .where(
      and(
        eq(careFiles.id, fileId),
        eq(careFiles.recordId, recordId),
        memberId === undefined ? undefined : eq(careRecords.memberId, memberId),
      ),
    );
  if (!row) throw noSuchFile();
  return row.file;
}

async function sendFile(storage: MediaStorage, reply: FastifyReply, file: typeof careFiles.$inferSelect) {
  let content: Buffer | Readable;
  if (file.storageKey) {
    const stored = await storage.read(file.storageKey);
    if (!stored) throw new HttpError(404, sentence("This file is missing from the site's storage. Ask your doula to share it again."));
    content = stored.body;
  } else content = Buffer.from(file.content!);
  return reply
    .header("content-type", file.contentType)
    .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
    .header("cache-control", "private, no-store")
    .header("content-length", file.size)
    .send(content);
}

const cutOff = sentence("The upload was cut off or arrived damaged. Please try again.");
const tooLarge = () =>
  HttpError.withValues(413, "That file is larger than {size}, the most a shared file can be. Nothing was kept.", {
    size: `${CARE_FILE_MAX_MB} MB`,
  });

/** The doula's side: share a file with a client, read it back, take it away. */
export async function careFileStudioRoutes(
  app: FastifyInstance,
  { db, clock, storage }: { db: Database; clock: Clock; storage: MediaStorage },
) {
  // Registered in this plugin alone, so that no other route of the studio accepts multipart.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: CARE_FILE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3, headerPairs: 20 },
  });

  route(
    app,
    "shareCareFile",
    async ({ params: { id } }, request, reply) => {
      const [record] = await db.select({ id: careRecords.id }).from(careRecords).where(eq(careRecords.id, id));
      if (!record) throw HttpError.withValues(404, "There is no client with the id {id}.", { id });
      if (!request.isMultipart()) throw new HttpError(415, "Send the file as multipart/form-data, in a field named file.");
      let part: Awaited<ReturnType<typeof request.file>>;
      let content: Buffer;
      try {
        part = await request.file();
        content = part ? await part.toBuffer() : Buffer.alloc(0);
      } catch {
        throw new HttpError(400, cutOff);
      }
      if (!part) throw new HttpError(400, "Choose a file to share.", { file: "Choose a file to share." });
      if (part.file.truncated) throw tooLarge();
      if (content.length === 0) throw new HttpError(400, "That file is empty. Choose the file again, or another one.");
      const type = await detectLessonFileType(content, true);
      if (!type)
        throw HttpError.withValues(415, '"{name}" is not a kind of file you can share. A shared file can be {kinds} files.', {
          name: cleanFileName(part.filename),
          kinds: lessonFileKindsList,
        });
      const filename = nameForKind(cleanFileName(part.filename), type.contentType);
      // The file first, then the row that names it: a row never names a file that is not there.
      const storageKey = newFileKey(CARE_FILES_FOLDER, clock.now());
      await storage.put(storageKey, content, type.contentType);
      let saved: FileRow | undefined;
      try {
        [saved] = await db
          .insert(careFiles)
          .values({ recordId: id, filename, contentType: type.contentType, size: content.length, storageKey, createdAt: clock.now() })
          .returning(listed);
      } catch (error) {
        await storage.remove(storageKey).catch(() => {});
        throw error;
      }
      return reply.code(201).send({
        file: toCareFile(saved!),
        message: answerWith('Shared "{filename}" ({size}). She can download it from her client space now.', {
          filename,
          size: readableFileSize(content.length),
        }),
      });
    },
    { sameOriginExemption: "multipart-upload" },
  );

  route(app, "careClientFile", async ({ params: { id, fileId } }, _request, reply) =>
    sendFile(storage, reply, await fileOf(db, id, fileId)),
  );

  route(app, "unshareCareFile", async ({ params: { id, fileId } }) => {
    const [deleted] = await db
      .delete(careFiles)
      .where(and(eq(careFiles.id, fileId), eq(careFiles.recordId, id)))
      .returning({ filename: careFiles.filename, storageKey: careFiles.storageKey });
    if (!deleted) throw noSuchFile();
    // Should this fail, the sweep removes the file no row names.
    if (deleted.storageKey) await storage.remove(deleted.storageKey).catch(() => {});
    return { message: answerWith('Took "{filename}" out of her client space.', { filename: deleted.filename }) };
  });
}

/** Her side: a file of one of her own records; anyone else's is a 404 that says nothing of it. */
export function careFileRoute(app: FastifyInstance, db: Database, storage: MediaStorage) {
  route(app, "myCareFile", async ({ params: { id, fileId } }, request, reply) =>
    sendFile(storage, reply, await fileOf(db, id, fileId, requireMember(request).id)),
  );
}

/** The keys of the files of her records, for her account's deletion to remove once it has committed. */
export async function fileKeysOfMember(tx: Queryable, memberId: number): Promise<string[]> {
  const rows = await tx
    .select({ key: careFiles.storageKey })
    .from(careFiles)
    .innerJoin(careRecords, eq(careRecords.id, careFiles.recordId))
    .where(and(eq(careRecords.memberId, memberId), isNotNull(careFiles.storageKey)));
  return rows.map((row) => row.key!);
}

/**
 * Moves the files an earlier version kept in their rows into the media storage, a few at a time
 * (the sweep); answers how many. Two servers may move the same one: only the first names its copy.
 */
export async function moveCareFilesToStorage({ db, storage }: CareFileStore, now: Date, batch = 20): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ id: careFiles.id, content: careFiles.content, contentType: careFiles.contentType })
      .from(careFiles)
      .where(isNull(careFiles.storageKey))
      .orderBy(careFiles.id)
      .limit(batch);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      const key = newFileKey(CARE_FILES_FOLDER, now);
      await storage.put(key, Buffer.from(row.content ?? Buffer.alloc(0)), row.contentType);
      const [named] = await db
        .update(careFiles)
        .set({ storageKey: key, content: null })
        .where(and(eq(careFiles.id, row.id), isNull(careFiles.storageKey)))
        .returning({ id: careFiles.id });
      if (named) moved += 1;
      else await storage.remove(key);
    }
  }
}

/** Removes the files no row names any more (taken away, or their client's account deleted). */
export function removeUnnamedCareFiles({ db, storage }: CareFileStore, now: Date): Promise<number> {
  return removeUnnamedFiles(
    storage,
    CARE_FILES_FOLDER,
    async (keys) =>
      new Set(
        (await db.select({ key: careFiles.storageKey }).from(careFiles).where(inArray(careFiles.storageKey, keys))).map((row) => row.key!),
      ),
    now,
  );
}
