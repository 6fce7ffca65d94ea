import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sentence } from "../../../contract/languages.ts";
import { VIDEO_EXTENSIONS, VIDEO_UPLOADS_PATH } from "../../../contract/videos.ts";
import { type CatalogueReader, lessonHomes } from "../catalogue/catalogue-repository.ts";
import type { Offered } from "../capabilities/capability.ts";
import type { Database } from "../db/client.ts";
import { route } from "../http/endpoint-route.ts";
import { HttpError } from "../http/errors.ts";
import { requireMember } from "../http/signed-in-member.ts";
import type { Clock } from "../lib/clock.ts";
import { text } from "node:stream/consumers";
import type { MediaStorage } from "../storage/storage.ts";
import type { SignedAddresses } from "./signed-addresses.ts";
import { mediaType } from "./transcode.ts";
import { type Uploads, uploadIdPattern } from "./uploads.ts";
import { lessonVideo, removeLessonVideo } from "./videos-repository.ts";

export type VideosDeps = {
  db: Database;
  clock: Clock;
  storage: MediaStorage;
  addresses: SignedAddresses;
  catalogue: CatalogueReader;
  /** The captions tracks of a lesson (its timed transcripts), none while transcripts are off. */
  captions: Offered["lessonCaptions"];
  uploads: () => Promise<Uploads>;
  /** Whether ffmpeg and ffprobe are on this server: without them an upload is refused at once. */
  ffmpegReady: boolean;
  maxBytes: number;
  /** How long a signed address plays, in seconds. */
  urlSeconds: number;
};

const noSuchLesson = (id: number) => HttpError.withValues(404, "There is no lesson with the id {id}.", { id });

/** A language's name in the reader's language ("English", "inglés"), for a captions track's label. */
function languageName(tag: string, reader: string): string {
  try {
    return new Intl.DisplayNames([reader], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The Upload-Metadata header of tus: comma-separated "key base64value" pairs. */
export function uploadMetadata(header: string | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [key, value] = pair.trim().split(" ");
    if (key) fields[key] = value ? Buffer.from(value, "base64").toString("utf8") : "";
  }
  return fields;
}

/** Refuses, with a sentence and before tus stores a byte, an upload the studio should not have sent. */
async function checkNewUpload(request: FastifyRequest, { db, maxBytes }: VideosDeps) {
  const metadata = uploadMetadata(request.headers["upload-metadata"] as string | undefined);
  const lessonId = Number(metadata.lesson_id);
  if (!/^[1-9]\d{0,9}$/.test(metadata.lesson_id ?? "")) throw new HttpError(400, "Say which lesson the video is for (lesson_id).");
  const filename = (metadata.filename ?? "").trim();
  const extension = filename.split(".").pop()?.toLowerCase() ?? "";
  if (!filename || !(VIDEO_EXTENSIONS as readonly string[]).includes(extension))
    throw new HttpError(400, "A lesson's video is an MP4, MOV or WebM file. Nothing was kept.");
  const length = Number(request.headers["upload-length"]);
  if (!request.headers["upload-length"] || !Number.isSafeInteger(length) || length <= 0)
    throw new HttpError(400, "Say how large the video is (Upload-Length): the studio sends it for you.");
  if (length > maxBytes)
    throw HttpError.withValues(413, "A lesson's video can be at most {size} MB. Nothing was kept.", {
      size: Math.floor(maxBytes / 1024 / 1024),
    });
  if (!(await lessonHomes(db, [lessonId])).has(lessonId)) throw noSuchLesson(lessonId);
}

/** The studio's side, behind its guard: the resumable uploads (tus), and a lesson's video as she follows it. */
export async function videosStudioRoutes(app: FastifyInstance, deps: VideosDeps) {
  const { db } = deps;
  // tus sends its bytes as they are; they go to the uploads' store without passing through a parser.
  app.addContentTypeParser("application/offset+octet-stream", (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!deps.ffmpegReady)
      throw new HttpError(
        503,
        "Videos cannot be uploaded to this server yet: ffmpeg is not installed on it. Ask whoever runs the server to install it (see the README).",
      );
    if (request.method === "POST") await checkNewUpload(request, deps);
    const uploads = await deps.uploads();
    reply.hijack();
    await uploads.handle(request.raw, reply.raw);
    return reply;
  };
  const exempt = { sameOriginExemption: "resumable-upload" } as const;
  route(app, "startVideoUpload", (_input, request, reply) => handOver(request, reply), exempt);
  route(app, "continueVideoUpload", (_input, request, reply) => handOver(request, reply), exempt);
  route(app, "stopVideoUpload", (_input, request, reply) => handOver(request, reply), exempt);
  // tus asks where an upload stopped with HEAD, which has no entry of its own (a HEAD is never described).
  app.head(
    `${VIDEO_UPLOADS_PATH.slice(app.prefix.length)}/:uploadId`,
    async (request: FastifyRequest<{ Params: { uploadId: string } }>, reply) => {
      if (!uploadIdPattern.test(request.params.uploadId)) throw new HttpError(404, "There is no such upload.");
      return handOver(request, reply);
    },
  );

  route(app, "studioLessonVideo", async ({ params: { lessonId } }) => {
    const video = await lessonVideo(db, lessonId);
    if (!video) {
      if (!(await lessonHomes(db, [lessonId])).has(lessonId)) throw noSuchLesson(lessonId);
      throw new HttpError(404, "This lesson has no video of its own.");
    }
    return {
      status: video.status,
      progress: video.progress,
      duration_seconds: video.durationSeconds,
      renditions: video.renditions,
      filename: video.filename,
      error: video.error,
      playable: video.folder !== null,
    };
  });

  route(app, "removeLessonVideo", async ({ params: { lessonId } }) => {
    const removed = await removeLessonVideo(db, lessonId);
    if (!removed) throw new HttpError(404, "This lesson has no video of its own.");
    if (removed.folder) await deps.storage.removeAll(removed.folder);
    if (removed.uploadId) await (await deps.uploads()).remove(removed.uploadId);
    return { message: sentence("Removed the lesson's video. Members see its link again, if it has one.") };
  });
}

/** Her side: a lesson's video for whoever may open the lesson, and its files through their signed addresses. */
export async function videosRoutes(app: FastifyInstance, deps: VideosDeps) {
  const { db, clock, storage, addresses, catalogue, captions, urlSeconds } = deps;

  route(app, "lessonOwnVideo", async ({ params: { lessonId } }, request) => {
    const place = await catalogue.lessonAccess(requireMember(request), lessonId);
    if (place.access === "missing") throw noSuchLesson(lessonId);
    if (place.access === "locked") throw new HttpError(403, "This lesson is part of the full course. Unlock it to watch the video.");
    const video = await lessonVideo(db, lessonId);
    if (!video?.folder)
      return { playlist_url: null, poster_url: null, duration_seconds: null, captions: [], expires_at: null, version: null };
    // Whole minutes, so a page opened twice in a minute gets the same addresses (the player's cache keeps them).
    const expires = Math.floor(clock.now().getTime() / 60_000) * 60 + urlSeconds;
    const folderAddress = await addresses.folderAddress(video.folder, expires);
    const posterDirect = await storage.directUrl(`${video.folder}poster.jpg`, urlSeconds);
    return {
      playlist_url: `${folderAddress}master.m3u8`,
      poster_url: posterDirect ?? `${folderAddress}poster.jpg`,
      duration_seconds: video.durationSeconds,
      captions: (await captions(lessonId)).map((track) => ({ ...track, label: languageName(track.language, request.language) })),
      expires_at: new Date(expires * 1000).toISOString(),
      version: video.folder,
    };
  });

  // The files of a video's folder: playlists from here (their segments' addresses made for the
  // storage), segments and the poster from here too when the storage is the disk.
  route(app, "videoFile", async ({ params }, request, reply) => {
    const { expires, signature, lessonId, version } = params;
    const file = params["*"];
    const folder = `videos/${lessonId}/${version}/`;
    const checked = await addresses.check(folder, Number(expires), signature, clock.now());
    if (checked === "tampered") throw new HttpError(403, "This video's address is not valid. Open the lesson again to play it.");
    if (checked === "expired") throw new HttpError(403, "This video's address has expired. Open the lesson again to play it.");
    const secondsLeft = Math.max(1, Number(expires) - Math.floor(clock.now().getTime() / 1000));
    reply.header("cache-control", `private, max-age=${Math.min(secondsLeft, 3600)}`);
    reply.header("content-type", mediaType(file));
    if (file.endsWith(".m3u8")) {
      const stored = await storage.read(folder + file);
      if (!stored) throw new HttpError(404, "There is no such file of this video.");
      const playlist = await text(stored.body);
      const base = file.includes("/") ? file.slice(0, file.lastIndexOf("/") + 1) : "";
      // From S3, a rendition's segments are fetched from the store itself, at addresses it signed for as long.
      const lines = await Promise.all(
        playlist.split("\n").map(async (line) => {
          if (!line || line.startsWith("#") || line.endsWith(".m3u8")) return line;
          return (await storage.directUrl(folder + base + line, secondsLeft)) ?? line;
        }),
      );
      return reply.send(lines.join("\n"));
    }
    const size = await storage.size(folder + file);
    if (size === null) throw new HttpError(404, "There is no such file of this video.");
    reply.header("accept-ranges", "bytes");
    const range = parseRange(request.headers.range, size);
    if (range === "unsatisfiable") {
      reply.header("content-range", `bytes */${size}`);
      throw new HttpError(416, "That part of the video does not exist.");
    }
    const stored = await storage.read(folder + file, range ?? undefined);
    if (!stored) throw new HttpError(404, "There is no such file of this video.");
    if (range) {
      reply.code(206).header("content-range", `bytes ${range.start}-${range.end}/${size}`);
      reply.header("content-length", range.end - range.start + 1);
    } else reply.header("content-length", size);
    return reply.send(stored.body);
  });
}

/** One byte range of `Range: bytes=…` (players ask one), null for the whole file. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | "unsatisfiable" {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}
