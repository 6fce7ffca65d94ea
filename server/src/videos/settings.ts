import { z } from "zod";
import { numberSetting } from "../config.ts";

/**
 * Her own videos' settings (docs/videos.md, README's configuration table), read from the
 * environment as the capability starts: the largest upload, how many videos this server
 * transcodes at once, and how long a signed address plays.
 */
export const videoSettings = z
  .object({
    VIDEO_MAX_MB: numberSetting("VIDEO_MAX_MB", { unit: "megabytes", min: 1, max: 50_000, maxNote: "50 GB", fallback: 4096 }),
    VIDEO_TRANSCODES: numberSetting("VIDEO_TRANSCODES", { min: 1, max: 8, fallback: 1 }),
    VIDEO_URL_HOURS: numberSetting("VIDEO_URL_HOURS", {
      unit: "hours",
      whole: false,
      min: 0.1,
      max: 168,
      maxNote: "S3 presigns for a week at most",
      fallback: 6,
    }),
  })
  .transform((values) => ({
    /** The largest upload, in bytes (mebibytes, as tus counts them). */
    maxBytes: values.VIDEO_MAX_MB * 1024 * 1024,
    transcodesAtOnce: values.VIDEO_TRANSCODES,
    /** How long a signed address of a video's playlist or segments plays, in seconds. */
    urlSeconds: Math.round(values.VIDEO_URL_HOURS * 3600),
  }));

export type VideoSettings = z.output<typeof videoSettings>;
