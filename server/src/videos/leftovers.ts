import type { Database } from "../db/client.ts";
import type { MediaStorage } from "../storage/storage.ts";
import type { Uploads } from "./uploads.ts";
import { abandonedUploads, lessonsWithVideos, uploadCancelled } from "./videos-repository.ts";

/**
 * How long an upload may take from its start: long enough for a slow connection resumed over
 * days, short enough that a video she gave up on does not fill the disk or the bucket.
 */
export const UPLOAD_KEEP_DAYS = 7;

/**
 * Removes stored video folders no lesson plays any more: a lesson deleted with its video (the row
 * goes with the lesson), or a folder a server stopped writing before it could say so; never
 * while the lesson's video is transcoding.
 */
export async function forgetStoredLeftovers(db: Database, storage: MediaStorage) {
  const folders = new Set((await storage.list("videos/")).map((key) => key.split("/").slice(0, 3).join("/") + "/"));
  const lessonIds = [...new Set([...folders].map((folder) => Number(folder.split("/")[1])))].filter(Number.isSafeInteger);
  const played = await lessonsWithVideos(db, lessonIds);
  for (const folder of folders) {
    const video = played.get(Number(folder.split("/")[1]));
    // A transcoding server writes its new folder before the row names it.
    if (video?.status === "transcoding" || video?.folder === folder) continue;
    await storage.removeAll(folder);
  }
}

/**
 * Forgets uploads begun more than UPLOAD_KEEP_DAYS ago that never finished, as if she had cancelled
 * them: the file goes, and the lesson shows the video it had before, if any (docs/videos.md).
 */
export async function forgetAbandonedUploads(db: Database, uploads: () => Promise<Uploads>, now: Date) {
  const abandoned = await abandonedUploads(db, new Date(now.getTime() - UPLOAD_KEEP_DAYS * 24 * 3600_000));
  // The upload server is loaded only when there is something to remove.
  if (abandoned.length === 0) return;
  const opened = await uploads();
  for (const uploadId of abandoned) {
    await opened.remove(uploadId);
    await uploadCancelled(db, uploadId, now);
  }
}
