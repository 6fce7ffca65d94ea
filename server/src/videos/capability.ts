import { sentence } from "../../../contract/languages.ts";
import { VIDEO_UPLOADS_PATH } from "../../../contract/videos.ts";
import { defineCapability, mount } from "../capabilities/capability.ts";
import { SignedAddresses } from "./signed-addresses.ts";
import { onPath } from "./transcode.ts";
import { Transcoder } from "./transcoder.ts";
import { openUploads, type Uploads } from "./uploads.ts";
import { videosRoutes, videosStudioRoutes } from "./videos-routes.ts";
import { beginUpload, uploadArrived, uploadCancelled } from "./videos-repository.ts";
import { forgetAbandonedUploads, forgetStoredLeftovers } from "./leftovers.ts";
import { videoSettings } from "./settings.ts";

/** Her own videos: uploaded in the studio, transcoded to HLS, streamed from signed addresses (docs/videos.md). */
export default defineCapability({
  name: "videos",
  optional: { title: sentence("Own videos") },
  needs: ["catalogue"],
  // The captions come from the transcripts, asked as a member opens a lesson.
  later: ["lessonCaptions"],
  settings: videoSettings,
  start: ({ db, clock, config, storage, log, use, settings }) => {
    const ffmpegReady = onPath("ffmpeg") && onPath("ffprobe");
    if (!ffmpegReady)
      log.warn("ffmpeg is not installed: lesson videos cannot be uploaded or transcoded (apt-get install ffmpeg, see the README).");
    let uploads: Promise<Uploads> | undefined;
    const transcoder = new Transcoder({ db, clock, storage, log, uploads: () => openOnce(), atOnce: settings.transcodesAtOnce });
    const openOnce = () =>
      (uploads ??= openUploads(
        config,
        settings.maxBytes,
        VIDEO_UPLOADS_PATH,
        {
          onUploadCreate: async (_request, upload) => {
            const metadata = upload.metadata ?? {};
            const { replacedUploadId } = await beginUpload(db, {
              lessonId: Number(metadata.lesson_id),
              uploadId: upload.id,
              filename: (metadata.filename ?? "").trim(),
              sizeBytes: upload.size ?? 0,
              now: clock.now(),
            });
            if (replacedUploadId) void openOnce().then((opened) => opened.remove(replacedUploadId));
            return {};
          },
          onUploadFinish: async (_request, upload) => {
            if (await uploadArrived(db, upload.id, clock.now())) transcoder.wake();
            return {};
          },
        },
        (uploadId) => void uploadCancelled(db, uploadId, clock.now()).catch(() => {}),
      ));
    const deps = {
      db,
      clock,
      storage,
      addresses: new SignedAddresses(db),
      catalogue: use("catalogue"),
      captions: (lessonId: number) => use("lessonCaptions")(lessonId),
      uploads: openOnce,
      ffmpegReady,
      maxBytes: settings.maxBytes,
      urlSeconds: settings.urlSeconds,
    };
    return {
      routes: [mount("/reactapi", videosRoutes, deps)],
      studio: [mount("", videosStudioRoutes, deps)],
      timedWork: ffmpegReady ? [transcoder.work()] : [],
      sweeps: [() => forgetStoredLeftovers(db, storage), () => forgetAbandonedUploads(db, openOnce, clock.now())],
      close: () => transcoder.close(),
    };
  },
});
