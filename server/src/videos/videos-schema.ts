import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.ts";
import { lessons } from "../catalogue/catalogue-schema.ts";

// The tables this capability owns (docs/architecture.md, "Tables"; docs/videos.md).

export type StoredRendition = { height: number; bandwidth: number };

/**
 * A lesson's own video: its newest upload and the job that transcodes it (the row is the job,
 * claimed by one server with FOR UPDATE SKIP LOCKED), and the folder of the video members play,
 * which stays until a newer upload is ready.
 */
export const lessonVideos = pgTable(
  "lesson_videos",
  {
    lessonId: integer("lesson_id")
      .primaryKey()
      .references(() => lessons.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["uploading", "queued", "transcoding", "ready", "failed"] }).notNull(),
    // The tus upload of the newest file, until it is transcoded or refused.
    uploadId: text("upload_id"),
    filename: text("filename").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    progress: integer("progress").notNull().default(0),
    error: text("error"),
    // The server transcoding it, and when it last said so: a job whose server went quiet is taken again.
    claimedBy: text("claimed_by"),
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    // The video members play: its folder in the media storage ("videos/12/3f9a…/"), length and renditions.
    folder: text("folder"),
    durationSeconds: integer("duration_seconds"),
    renditions: jsonb("renditions").$type<StoredRendition[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("lesson_videos_progress_range", sql`${table.progress} between 0 and 100`),
    index("lesson_videos_waiting_idx").on(table.status, table.updatedAt),
  ],
);

/** The key that signs the addresses of her videos, made once and shared by every app server. */
export const videoSigningKeys = pgTable("video_signing_keys", {
  id: integer("id").primaryKey().default(1),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});
