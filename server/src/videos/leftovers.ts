import type { Database } from "../db/client.ts";
import type { MediaStorage } from "../storage/storage.ts";
import { lessonsWithVideos } from "./videos-repository.ts";

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
