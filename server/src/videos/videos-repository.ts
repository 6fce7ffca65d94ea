import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { lessonVideos, type StoredRendition, videoSigningKeys } from "./videos-schema.ts";

export type LessonVideoRow = typeof lessonVideos.$inferSelect;

/** A transcoding server that says nothing for this long has stopped (a restart, a crash): its job is taken again. */
export const STALE_AFTER_MS = 60_000;
/** A file that failed this often is refused for good, with the last sentence. */
export const MAX_ATTEMPTS = 3;

export async function lessonVideo(db: Queryable, lessonId: number): Promise<LessonVideoRow | undefined> {
  const [row] = await db.select().from(lessonVideos).where(eq(lessonVideos.lessonId, lessonId));
  return row;
}

/**
 * A new upload of a lesson's video begins: its row says "uploading" with the new file, and keeps
 * the folder of the video members play until the new one is ready. Answers the upload it replaces,
 * whose file is removed.
 */
export async function beginUpload(
  db: Database,
  upload: { lessonId: number; uploadId: string; filename: string; sizeBytes: number; now: Date },
): Promise<{ replacedUploadId: string | null }> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ uploadId: lessonVideos.uploadId })
      .from(lessonVideos)
      .where(eq(lessonVideos.lessonId, upload.lessonId))
      .for("update");
    const fresh = {
      status: "uploading" as const,
      uploadId: upload.uploadId,
      filename: upload.filename,
      sizeBytes: upload.sizeBytes,
      progress: 0,
      error: null,
      claimedBy: null,
      heartbeatAt: null,
      attempts: 0,
      updatedAt: upload.now,
    };
    await tx
      .insert(lessonVideos)
      .values({ lessonId: upload.lessonId, ...fresh, createdAt: upload.now })
      .onConflictDoUpdate({ target: lessonVideos.lessonId, set: fresh });
    return { replacedUploadId: before?.uploadId && before.uploadId !== upload.uploadId ? before.uploadId : null };
  });
}

/** Its last byte arrived: the upload waits for a server to transcode it. */
export async function uploadArrived(db: Queryable, uploadId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(lessonVideos)
    .set({ status: "queued", progress: 0, updatedAt: now })
    .where(and(eq(lessonVideos.uploadId, uploadId), eq(lessonVideos.status, "uploading")))
    .returning({ lessonId: lessonVideos.lessonId });
  return rows.length > 0;
}

/**
 * Takes the oldest waiting job for this server, or one whose server went quiet, in one statement
 * (FOR UPDATE SKIP LOCKED): with several app servers on one PostgreSQL, each job is taken by one.
 */
export async function claimJob(db: Database, serverId: string, now: Date): Promise<LessonVideoRow | undefined> {
  return db.transaction(async (tx) => {
    const [waiting] = await tx
      .select({ lessonId: lessonVideos.lessonId })
      .from(lessonVideos)
      .where(
        or(
          eq(lessonVideos.status, "queued"),
          and(eq(lessonVideos.status, "transcoding"), lt(lessonVideos.heartbeatAt, new Date(now.getTime() - STALE_AFTER_MS))),
        ),
      )
      .orderBy(asc(lessonVideos.updatedAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!waiting) return undefined;
    const [claimed] = await tx
      .update(lessonVideos)
      .set({ status: "transcoding", claimedBy: serverId, heartbeatAt: now, attempts: sql`${lessonVideos.attempts} + 1`, updatedAt: now })
      .where(eq(lessonVideos.lessonId, waiting.lessonId))
      .returning();
    return claimed;
  });
}

/** Saves a job's progress; false when the job is no longer this server's (a new upload replaced it, or it was removed). */
export async function saveProgress(
  db: Queryable,
  job: { lessonId: number; uploadId: string; serverId: string },
  progress: number,
  now: Date,
) {
  const rows = await db
    .update(lessonVideos)
    .set({ progress: Math.max(0, Math.min(99, Math.floor(progress))), heartbeatAt: now })
    .where(ownJob(job))
    .returning({ lessonId: lessonVideos.lessonId });
  return rows.length > 0;
}

const ownJob = (job: { lessonId: number; uploadId: string; serverId: string }) =>
  and(
    eq(lessonVideos.lessonId, job.lessonId),
    eq(lessonVideos.uploadId, job.uploadId),
    eq(lessonVideos.claimedBy, job.serverId),
    eq(lessonVideos.status, "transcoding"),
  );

/** The job is done: members play the new folder. Answers the folder it replaced, to be removed, or undefined when the job was no longer this server's. */
export async function finishReady(
  db: Database,
  job: { lessonId: number; uploadId: string; serverId: string },
  video: { folder: string; durationSeconds: number; renditions: StoredRendition[] },
  now: Date,
): Promise<{ replacedFolder: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ folder: lessonVideos.folder }).from(lessonVideos).where(ownJob(job)).for("update");
    if (!before) return undefined;
    await tx
      .update(lessonVideos)
      .set({ status: "ready", progress: 100, uploadId: null, error: null, claimedBy: null, updatedAt: now, ...video })
      .where(eq(lessonVideos.lessonId, job.lessonId));
    return { replacedFolder: before.folder };
  });
}

/** The job failed for good: her sentence is kept, the upload is gone; the video members played before stays. */
export async function finishFailed(db: Queryable, job: { lessonId: number; uploadId: string; serverId: string }, error: string, now: Date) {
  await db
    .update(lessonVideos)
    .set({ status: "failed", uploadId: null, error, claimedBy: null, progress: 0, updatedAt: now })
    .where(ownJob(job));
}

/** Gives a job back to the queue (this server is closing, or a passing fault): another server, or this one later, takes it. */
export async function releaseJob(db: Queryable, job: { lessonId: number; uploadId: string; serverId: string }, now: Date) {
  await db.update(lessonVideos).set({ status: "queued", claimedBy: null, updatedAt: now }).where(ownJob(job));
}

/** Removes a lesson's video; answers what was stored of it, for the caller to remove from the storage. */
export async function removeLessonVideo(db: Queryable, lessonId: number) {
  const [removed] = await db
    .delete(lessonVideos)
    .where(eq(lessonVideos.lessonId, lessonId))
    .returning({ uploadId: lessonVideos.uploadId, folder: lessonVideos.folder });
  return removed;
}

/** Which of these lessons still have a video row (the sweep removes stored folders of lessons deleted since). */
export async function lessonsWithVideos(db: Queryable, lessonIds: number[]) {
  if (lessonIds.length === 0) return new Map<number, { folder: string | null; status: LessonVideoRow["status"] }>();
  const rows = await db
    .select({ lessonId: lessonVideos.lessonId, folder: lessonVideos.folder, status: lessonVideos.status })
    .from(lessonVideos)
    .where(inArray(lessonVideos.lessonId, lessonIds));
  return new Map(rows.map((row) => [row.lessonId, { folder: row.folder, status: row.status }]));
}

/** The key that signs video addresses: made by the first server that asks, the same for every server after. */
export async function signingSecret(db: Queryable): Promise<string> {
  await db
    .insert(videoSigningKeys)
    .values({ id: 1, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: videoSigningKeys.secret }).from(videoSigningKeys).where(eq(videoSigningKeys.id, 1));
  return row!.secret;
}

/** Uploads begun before `startedBefore` whose last byte never came. */
export async function abandonedUploads(db: Queryable, startedBefore: Date): Promise<string[]> {
  const rows = await db
    .select({ uploadId: lessonVideos.uploadId })
    .from(lessonVideos)
    .where(and(eq(lessonVideos.status, "uploading"), lt(lessonVideos.updatedAt, startedBefore)));
  return rows.flatMap((row) => (row.uploadId ? [row.uploadId] : []));
}

/** She stopped an upload (tus termination): the video members played before, if any, is hers again. */
export async function uploadCancelled(db: Queryable, uploadId: string, now: Date) {
  await db.delete(lessonVideos).where(and(eq(lessonVideos.uploadId, uploadId), sql`${lessonVideos.folder} is null`));
  await db
    .update(lessonVideos)
    .set({ status: "ready", uploadId: null, progress: 100, error: null, updatedAt: now })
    .where(eq(lessonVideos.uploadId, uploadId));
}
