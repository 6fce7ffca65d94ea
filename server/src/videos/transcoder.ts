import { sentence } from "../../../contract/languages.ts";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/client.ts";
import type { Clock } from "../lib/clock.ts";
import type { MediaStorage } from "../storage/storage.ts";
import type { TimedWork } from "../timed-work/timed-work.ts";
import { mediaType, NotAVideo, transcodeToHls } from "./transcode.ts";
import type { Uploads } from "./uploads.ts";
import { claimJob, finishFailed, finishReady, type LessonVideoRow, MAX_ATTEMPTS, releaseJob, saveProgress } from "./videos-repository.ts";

/** How often a transcoding server saves its progress, which also says it is still at work. */
const PROGRESS_EVERY_MS = 2_000;

export type TranscoderDeps = {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  uploads: () => Promise<Uploads>;
  log: FastifyBaseLogger;
  /** How many videos this server transcodes at once (VIDEO_TRANSCODES). */
  atOnce: number;
};

/**
 * Takes waiting videos from the database and transcodes them on this server, at most `atOnce` at a
 * time. Every server runs one: a job is the row, taken by one server (videos-repository.ts), and a
 * job whose server went quiet is taken again, so a restart resumes what it left.
 */
export class Transcoder {
  private readonly serverId = randomBytes(8).toString("hex");
  private readonly running = new Map<number, { controller: AbortController; done: Promise<void> }>();
  private filling: Promise<void> | undefined;
  private closed = false;
  private lookAgain = false;

  constructor(private readonly deps: TranscoderDeps) {}

  /** The timed work that picks up jobs left by another server or a restart. */
  work(): TimedWork {
    return { name: "videos: transcoding", everyMs: 5_000, firstAfterMs: 1_000, run: () => this.fill() };
  }

  /** An upload just arrived: start on it now rather than at the next tick. */
  wake(): void {
    this.fill().catch((error: unknown) => this.deps.log.warn({ err: error }, "videos: could not start a transcode"));
  }

  /**
   * Claims jobs while this server has room. A wake while it is claiming makes it look once more,
   * since the upload that woke it may have arrived after its last look.
   */
  private fill(): Promise<void> {
    this.lookAgain = true;
    // Cleared in a then-callback, which runs after the assignment even when nothing was awaited.
    this.filling ??= this.claimWhileRoom().finally(() => (this.filling = undefined));
    return this.filling;
  }

  private async claimWhileRoom() {
    while (this.lookAgain && !this.closed) {
      this.lookAgain = false;
      while (!this.closed && this.running.size < this.deps.atOnce) {
        const job = await claimJob(this.deps.db, this.serverId, this.deps.clock.now());
        if (!job) break;
        this.start(job);
      }
    }
  }

  private start(job: LessonVideoRow) {
    const controller = new AbortController();
    const done = this.transcode(job, controller.signal)
      .catch((error: unknown) => this.deps.log.warn({ err: error, lesson: job.lessonId }, "videos: a transcode stopped"))
      .finally(() => {
        this.running.delete(job.lessonId);
        if (!this.closed) this.wake();
      });
    this.running.set(job.lessonId, { controller, done });
  }

  private async transcode(job: LessonVideoRow, signal: AbortSignal) {
    const { db, clock, storage } = this.deps;
    const owned = { lessonId: job.lessonId, uploadId: job.uploadId!, serverId: this.serverId };
    const uploads = await this.deps.uploads();
    const work = await mkdtemp(path.join(tmpdir(), "video-"));
    let lastSaved = 0;
    let stillOurs = true;
    try {
      const source = await uploads.localFile(owned.uploadId);
      try {
        const made = await transcodeToHls(source.file, work, {
          signal,
          onProgress: (share) => {
            const now = clock.now();
            if (now.getTime() - lastSaved < PROGRESS_EVERY_MS) return;
            lastSaved = now.getTime();
            void saveProgress(db, owned, share * 100, now).then(
              (ours) => {
                // A newer upload or a removal took the job from us: stop.
                if (!ours && !signal.aborted) {
                  stillOurs = false;
                  this.running.get(job.lessonId)?.controller.abort();
                }
              },
              () => {},
            );
          },
        });
        const folder = `videos/${job.lessonId}/${randomBytes(12).toString("hex")}/`;
        for (const file of made.files) await storage.putFile(folder + file, path.join(work, file), mediaType(file));
        const finished = await finishReady(
          db,
          owned,
          { folder, durationSeconds: made.durationSeconds, renditions: made.renditions },
          clock.now(),
        );
        if (!finished) {
          await storage.removeAll(folder);
          return;
        }
        if (finished.replacedFolder) await storage.removeAll(finished.replacedFolder);
        await uploads.remove(owned.uploadId);
      } finally {
        await source.done();
      }
    } catch (error) {
      if (signal.aborted) {
        if (stillOurs) await releaseJob(db, owned, clock.now());
        return;
      }
      if (error instanceof NotAVideo || job.attempts >= MAX_ATTEMPTS) {
        const refusal =
          error instanceof NotAVideo
            ? error.message
            : sentence("We could not finish this video after several tries. Please upload it again.");
        // The file goes first: once the studio reads "failed", nothing of it is kept.
        await uploads.remove(owned.uploadId);
        await finishFailed(db, owned, refusal, clock.now());
        if (!(error instanceof NotAVideo)) throw error;
        return;
      }
      await releaseJob(db, owned, clock.now());
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /** Stops this server's transcodes and gives their jobs back, for another server or the next start. */
  async close() {
    this.closed = true;
    await this.filling;
    const running = [...this.running.values()];
    for (const { controller } of running) controller.abort();
    await Promise.all(running.map(({ done }) => done));
  }
}
