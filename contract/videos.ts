import { z } from "zod";
import { ApiError } from "./errors.ts";
import { LessonIdParams } from "./progress.ts";
import { StudioOutcome } from "./studio/studio-shared.ts";
import { type Endpoint, ok } from "./endpoint.ts";

// Her own videos (docs/videos.md): a lesson's video uploaded in the studio through tus, transcoded
// to HLS by ffmpeg, and streamed from signed addresses that expire.

/** Where the studio's resumable uploads go (the tus 1.0 protocol: creation, creation-with-upload, termination). */
export const VIDEO_UPLOADS_PATH = "/reactapi/studio/uploads";
/** The kinds of file the studio takes; what ffmpeg cannot read fails in transcoding, with a sentence. */
export const VIDEO_EXTENSIONS = ["mp4", "m4v", "mov", "webm"] as const;

export const VideoStatus = z.enum(["uploading", "queued", "transcoding", "ready", "failed"]);
export type VideoStatus = z.infer<typeof VideoStatus>;

export const Rendition = z.object({ height: z.number().int(), bandwidth: z.number().int() });

/** The newest upload's state; `duration_seconds` and `renditions` describe the video members play (the last that was ready). */
export const StudioLessonVideo = z.object({
  status: VideoStatus,
  progress: z.number().int().min(0).max(100),
  duration_seconds: z.number().int().nullable(),
  renditions: z.array(Rendition),
  filename: z.string(),
  error: z.string().nullable(),
  /** Whether members have a video to play now (an earlier one plays while a new one transcodes). */
  playable: z.boolean(),
});
export type StudioLessonVideo = z.infer<typeof StudioLessonVideo>;

export const LessonVideoCaption = z.object({ language: z.string(), label: z.string(), url: z.string() });

/**
 * What a member's player needs: every address is signed and expires (VIDEO_URL_HOURS). A lesson she
 * may open without a video of its own ready answers nulls (its link plays): every lesson page asks,
 * and a 404 would be an error in the console of most of them.
 */
export const LessonOwnVideo = z.object({
  playlist_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  duration_seconds: z.number().int().nullable(),
  captions: z.array(LessonVideoCaption),
  /** When the addresses stop playing: a page still open asks for new ones before then. */
  expires_at: z.string().nullable(),
  /** Stands for this video: a new upload has another, the same video's renewed addresses keep it. */
  version: z.string().nullable(),
});
export type LessonOwnVideo = z.infer<typeof LessonOwnVideo>;

/** An upload in progress, as tus names it in the address it gives. */
export const UploadParams = z.object({
  uploadId: z.string().regex(/^upload-[0-9a-f]{32}$/, { error: "There is no such upload." }),
});

/** A file of a video's folder, at the address its signature covers (docs/videos.md). */
export const VideoFileParams = z.object({
  expires: z.string().regex(/^\d{1,12}$/, { error: "This video's address is not valid. Open the lesson again to play it." }),
  signature: z.string().regex(/^[\w-]{43}$/, { error: "This video's address is not valid. Open the lesson again to play it." }),
  lessonId: z.string().regex(/^\d{1,10}$/, { error: "This video's address is not valid. Open the lesson again to play it." }),
  version: z.string().regex(/^[0-9a-f]{24}$/, { error: "This video's address is not valid. Open the lesson again to play it." }),
  "*": z.string().regex(/^([0-9]{2,4}p\/)?[a-z0-9-]+\.(m3u8|ts|jpg|vtt)$/, { error: "There is no such file of this video." }),
});

const tusAnswers = {
  400: { description: "The upload names no lesson, or not a video file, or not its size.", schema: ApiError },
  404: { description: "No such lesson or upload.", schema: ApiError },
  413: { description: "Larger than VIDEO_MAX_MB.", schema: ApiError },
  503: { description: "ffmpeg is not installed on this server.", schema: ApiError },
};

/** This capability's entries of the endpoint table (contract/api.ts composes every part). */
export const videosEndpoints = {
  startVideoUpload: {
    method: "POST",
    path: VIDEO_UPLOADS_PATH,
    summary:
      "tus 1.0 creation (and creation-with-upload): a lesson's video, its Upload-Metadata naming lesson_id and filename; the Location answered is where the rest goes",
    access: "instructor",
    travels: "none",
    answers: { 201: { description: "Created; Location names the upload and Upload-Offset says what arrived." }, ...tusAnswers },
  },
  continueVideoUpload: {
    method: "PATCH",
    path: `${VIDEO_UPLOADS_PATH}/:uploadId`,
    summary: "tus 1.0: the next bytes of an upload, from Upload-Offset (HEAD on the same address says where it stopped)",
    access: "instructor",
    travels: "none",
    params: UploadParams,
    answers: { 204: { description: "Kept; Upload-Offset says what arrived." }, ...tusAnswers },
  },
  stopVideoUpload: {
    method: "DELETE",
    path: `${VIDEO_UPLOADS_PATH}/:uploadId`,
    summary: "tus 1.0 termination: stops an upload and removes what arrived of it",
    access: "instructor",
    travels: "none",
    params: UploadParams,
    answers: { 204: { description: "Stopped and removed." }, ...tusAnswers },
  },
  videoFile: {
    method: "GET",
    path: "/reactapi/videos/:expires/:signature/:lessonId/:version/*",
    summary: "A file of a lesson's video (its playlists, segments, poster), at a signed address that expires; Range is honoured",
    access: "anyone",
    travels: "none",
    params: VideoFileParams,
    answers: {
      200: { description: "The file (a playlist, a segment or the poster).", contentType: "application/octet-stream" },
      403: { description: "The address was changed or has expired.", schema: ApiError },
      404: { description: "No such file.", schema: ApiError },
      416: { description: "The range asked for is beyond the file.", schema: ApiError },
    },
  },
  studioLessonVideo: {
    method: "GET",
    path: "/reactapi/studio/lessons/:lessonId/video",
    summary: "A lesson's own video as the studio follows it: its upload's status and progress, its length and renditions",
    access: "instructor",
    travels: "videos-studio",
    params: LessonIdParams,
    answers: { ...ok(StudioLessonVideo), 404: { description: "No such lesson, or it has no video of its own.", schema: ApiError } },
  },
  removeLessonVideo: {
    method: "POST",
    path: "/reactapi/studio/lessons/:lessonId/video/delete",
    summary: "Removes a lesson's own video (its upload, its transcoding and its stored renditions)",
    access: "instructor",
    travels: "videos-studio",
    invalidates: ["studioLessonVideo", "lessonOwnVideo"],
    params: LessonIdParams,
    answers: { ...ok(StudioOutcome), 404: { description: "The lesson has no video of its own.", schema: ApiError } },
  },
  lessonOwnVideo: {
    method: "GET",
    path: "/reactapi/lessons/:lessonId/video",
    summary: "A lesson's own video for a member who may open the lesson: its signed playlist, poster and captions",
    access: "member",
    travels: "videos",
    params: LessonIdParams,
    answers: {
      ...ok(LessonOwnVideo),
      403: { description: "The lesson is in a course she has not unlocked.", schema: ApiError },
      404: { description: "No such lesson.", schema: ApiError },
    },
  },
} satisfies Record<string, Endpoint>;
