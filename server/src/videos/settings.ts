import { z } from "zod";

/**
 * Her own videos' settings (docs/videos.md, README's configuration table), read from the
 * environment as the capability starts: the largest upload, how many videos this server
 * transcodes at once, and how long a signed address plays.
 */
export const videoSettings = z
  .object({
    VIDEO_MAX_MB: z.coerce
      .number({ error: "VIDEO_MAX_MB must be a number of megabytes" })
      .int("VIDEO_MAX_MB must be a whole number of megabytes")
      .min(1, "VIDEO_MAX_MB must be at least 1")
      .max(50_000, "VIDEO_MAX_MB can be at most 50000 (50 GB)")
      .default(4096),
    VIDEO_TRANSCODES: z.coerce
      .number({ error: "VIDEO_TRANSCODES must be a whole number" })
      .int("VIDEO_TRANSCODES must be a whole number")
      .min(1, "VIDEO_TRANSCODES must be at least 1")
      .max(8, "VIDEO_TRANSCODES can be at most 8")
      .default(1),
    VIDEO_URL_HOURS: z.coerce
      .number({ error: "VIDEO_URL_HOURS must be a number of hours" })
      .min(0.1, "VIDEO_URL_HOURS must be at least 0.1")
      .max(168, "VIDEO_URL_HOURS can be at most 168 (S3 presigns for a week at most)")
      .default(6),
  })
  .transform((values) => ({
    /** The largest upload, in bytes (mebibytes, as tus counts them). */
    maxBytes: values.VIDEO_MAX_MB * 1024 * 1024,
    transcodesAtOnce: values.VIDEO_TRANSCODES,
    /** How long a signed address of a video's playlist or segments plays, in seconds. */
    urlSeconds: Math.round(values.VIDEO_URL_HOURS * 3600),
  }));

export type VideoSettings = z.output<typeof videoSettings>;
