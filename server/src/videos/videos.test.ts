import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Upload } from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LessonOwnVideo, StudioLessonVideo } from "../../../contract/videos.ts";
import { startLocalS3, type LocalS3 } from "../../../testing/s3-server.ts";
import {
  backends,
  createTestApp,
  demoCatalogue,
  jsonHeaders,
  postgresMissingNotice,
  signedInInstructor,
  signedInMember,
  type TestApp,
  useAppServers,
} from "../../../testing/test-app.ts";
import { beginUpload, claimJob, uploadArrived } from "./videos-repository.ts";
import { importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { movableClock } from "../lib/clock.ts";
import { parseRange, uploadMetadata } from "./videos-routes.ts";
import { onPath, renditionHeights } from "./transcode.ts";

// docs/videos.md: her own videos, uploaded through tus, transcoded by ffmpeg into HLS, and played
// from signed addresses that expire, from the disk or an S3-compatible store.

// Lesson 1001 is in the demo's free first course; course 3 is not free: 1022 is locked to a new member.
const LESSON = 1001;
const LOCKED_LESSON = 1022;
/** Another lesson of the free course, for an upload of its own. */
const OTHER_LESSON = 1002;
/** The answer for a lesson whose own video is ready. */
type Playing = LessonOwnVideo & { playlist_url: string };
const noOwnVideo = { playlist_url: null, poster_url: null, duration_seconds: null, captions: [], expires_at: null, version: null };
const ORIGIN = { host: "localhost:5000", origin: "http://localhost:5000" };

let fixtures: string;
let sampleVideo: Buffer;
beforeAll(async () => {
  if (!onPath("ffmpeg") || !onPath("ffprobe")) throw new Error("The video tests need Debian's ffmpeg: apt-get install ffmpeg (README).");
  fixtures = await mkdtemp(path.join(tmpdir(), "video-fixtures-"));
  const file = path.join(fixtures, "sample.mp4");
  // Two seconds of a test picture at 720p with a tone: enough for two renditions and a poster.
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=1280x720:rate=15:duration=2"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-shortest", file],
  ]);
  sampleVideo = await readFile(file);
});
afterAll(() => rm(fixtures, { recursive: true, force: true }));

/** Sends a file with the tus client the studio uses, over HTTP to a listening app. */
function tusUpload(
  address: string,
  cookie: string,
  file: Buffer,
  metadata: Record<string, string>,
  options: { chunkSize?: number; stopAfterBytes?: number; uploadUrl?: string } = {},
) {
  return new Promise<{ url: string; stopped: boolean }>((resolve, reject) => {
    const upload: Upload = new Upload(file, {
      endpoint: `${address}/reactapi/studio/uploads`,
      headers: { cookie },
      metadata,
      chunkSize: options.chunkSize ?? Infinity,
      uploadUrl: options.uploadUrl ?? null,
      retryDelays: null,
      onProgress: (sent) => {
        if (options.stopAfterBytes !== undefined && sent >= options.stopAfterBytes) {
          void upload.abort().then(() => resolve({ url: upload.url!, stopped: true }));
        }
      },
      onSuccess: () => resolve({ url: upload.url!, stopped: false }),
      onError: reject,
    });
    upload.start();
  });
}

// The storage is the same whatever the database, so S3 runs once, on PGlite; PostgreSQL keeps the disk.
describe.each([...backends.map((backend) => `${backend} and the disk`), "pglite and S3"])("her own videos on %s", (setup) => {
  const backend = setup.startsWith("postgres") ? "postgres" : "pglite";
  const onS3 = setup.endsWith("S3");
  const clock = movableClock(new Date());
  let context: TestApp;
  let s3: LocalS3 | undefined;
  let dataDir: string;
  let address: string;
  let instructor: string;
  let member: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "videos-data-"));
    s3 = onS3 ? await startLocalS3() : undefined;
    context = await createTestApp(backend, { clock, environment: { DATA_DIR: dataDir, ...s3?.environment } });
    address = await context.app.listen({ host: "127.0.0.1", port: 0 });
    instructor = (await signedInInstructor(context.app, context.database.db, "video-maker")).cookie;
    member = (await signedInMember(context.app, "video-watcher")).cookie;
  });
  afterAll(async () => {
    await context.close();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const studioVideo = (lessonId = LESSON) =>
    context.app.inject({ method: "GET", url: `/reactapi/studio/lessons/${lessonId}/video`, headers: { cookie: instructor } });
  const memberVideo = (lessonId = LESSON, cookie = member) =>
    context.app.inject({ method: "GET", url: `/reactapi/lessons/${lessonId}/video`, headers: cookie ? { cookie } : {} });
  const untilSettled = () =>
    vi.waitFor(
      async () => {
        const video = studioVideo().then((answer) => answer.json<StudioLessonVideo>());
        const { status } = await video;
        if (status !== "ready" && status !== "failed") throw new Error(`still ${status}`);
        return video;
      },
      { timeout: 25_000, interval: 200 },
    );
  const get = (url: string, headers: Record<string, string> = {}) => context.app.inject({ method: "GET", url, headers });
  const newUpload = (headers: Record<string, string>, metadata = `lesson_id ${b64(String(LESSON))},filename ${b64("birth.mp4")}`) =>
    context.app.inject({
      method: "POST",
      url: "/reactapi/studio/uploads",
      headers: { "tus-resumable": "1.0.0", "upload-length": "1000", "upload-metadata": metadata, ...ORIGIN, ...headers },
    });
  const b64 = (text: string) => Buffer.from(text).toString("base64");

  it("lets only the instructor upload: a visitor is told 401 and a member 403, before a byte is kept", async () => {
    expect((await newUpload({})).statusCode).toBe(401);
    expect((await newUpload({ cookie: member })).statusCode).toBe(403);
    const patch = await context.app.inject({
      method: "PATCH",
      url: `/reactapi/studio/uploads/upload-${"0".repeat(32)}`,
      headers: {
        "tus-resumable": "1.0.0",
        "content-type": "application/offset+octet-stream",
        "upload-offset": "0",
        cookie: member,
        ...ORIGIN,
      },
      payload: Buffer.alloc(10),
    });
    expect(patch.statusCode).toBe(403);
    if (!onS3) expect(await readdir(path.join(dataDir, "uploads")).catch(() => [])).toEqual([]);
  });

  it("refuses, with a sentence, an upload that names no lesson, a file that is not a video, or one too large", async () => {
    const refusal = async (headers: Record<string, string>, metadata?: string) => {
      const answer = await newUpload({ cookie: instructor, ...headers }, metadata);
      return [answer.statusCode, answer.json<{ error: string }>().error];
    };
    expect(await refusal({}, `filename ${b64("birth.mp4")}`)).toEqual([400, "Say which lesson the video is for (lesson_id)."]);
    expect(await refusal({}, `lesson_id ${b64("1001")},filename ${b64("notes.pdf")}`)).toEqual([
      400,
      "A lesson's video is an MP4, MOV or WebM file. Nothing was kept.",
    ]);
    expect(await refusal({}, `lesson_id ${b64("999999")},filename ${b64("a.mp4")}`)).toEqual([
      404,
      "There is no lesson with the id 999999.",
    ]);
    expect(await refusal({ "upload-length": String(5 * 1024 ** 3) })).toEqual([
      413,
      "A lesson's video can be at most 4096 MB. Nothing was kept.",
    ]);
    expect(await refusal({ "upload-length": "" })).toEqual([
      400,
      "Say how large the video is (Upload-Length): the studio sends it for you.",
    ]);
    // A request another site's page sent is refused, whatever it carries.
    expect((await newUpload({ cookie: instructor, origin: "https://elsewhere.example" })).statusCode).toBe(403);
    expect((await studioVideo()).statusCode).toBe(404);
    // Her lesson page asks every lesson: one without a video of its own answers that, so its link plays.
    expect((await memberVideo()).json()).toEqual(noOwnVideo);
  });

  it("takes a video in parts, resumes where it stopped, transcodes it to HLS and plays it to a member from signed addresses", async () => {
    const metadata = { lesson_id: String(LESSON), filename: "Breathing for labour.mp4" };
    const first = await tusUpload(address, instructor, sampleVideo, metadata, { chunkSize: 64 * 1024, stopAfterBytes: 64 * 1024 });
    expect(first.stopped).toBe(true);
    expect((await studioVideo()).json()).toMatchObject({ status: "uploading", filename: "Breathing for labour.mp4", playable: false });
    // Wi-Fi comes back: the client asks where the upload stopped and sends the rest.
    await tusUpload(address, instructor, sampleVideo, metadata, { chunkSize: 64 * 1024, uploadUrl: first.url });

    const ready = await untilSettled();
    expect(ready).toMatchObject({ status: "ready", progress: 100, duration_seconds: 2, error: null, playable: true });
    expect(ready.renditions.map((rendition) => rendition.height)).toEqual([360, 720]);
    expect(ready.renditions.every((rendition) => rendition.bandwidth > 0)).toBe(true);

    expect((await memberVideo(LESSON, "")).statusCode).toBe(401);
    expect((await memberVideo(LOCKED_LESSON)).statusCode).toBe(403);
    const answer = await memberVideo();
    expect(answer.statusCode).toBe(200);
    const video = answer.json<Playing>();
    expect(video).toMatchObject({ duration_seconds: 2, captions: [] });

    // Her timed transcript becomes the player's captions track, named in the reader's language.
    const vtt = "WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nBreathe in & out slowly\n";
    const added = await context.app.inject({
      method: "POST",
      url: `/reactapi/studio/lessons/${LESSON}/transcripts`,
      headers: { cookie: instructor, ...ORIGIN },
      payload: (() => {
        const form = new FormData();
        form.append("language", "en");
        form.append("file", new Blob([vtt], { type: "text/vtt" }), "breathing.vtt");
        return form;
      })(),
    });
    expect(added.statusCode).toBe(201);
    const withCaptions = await context.app.inject({
      method: "GET",
      url: `/reactapi/lessons/${LESSON}/video`,
      headers: { cookie: member, "accept-language": "es" },
    });
    expect(withCaptions.json<Playing>().captions).toEqual([
      { language: "en", label: "inglés", url: `/reactapi/lessons/${LESSON}/captions/en` },
    ]);
    const track = await get(`/reactapi/lessons/${LESSON}/captions/en`, { cookie: member });
    expect(track.headers["content-type"]).toBe("text/vtt; charset=utf-8");
    expect(track.body).toBe("WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nBreathe in &amp; out slowly\n");
    expect(video.playlist_url).toMatch(/^\/reactapi\/videos\/\d+\/[\w-]+\/1001\/[0-9a-f]{24}\/master\.m3u8$/);

    const master = await get(video.playlist_url);
    expect(master.statusCode).toBe(200);
    expect(master.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    expect(master.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(master.body).toContain("RESOLUTION=640x360");
    expect(master.body).toContain("720p/index.m3u8");
    const folder = video.playlist_url.replace(/master\.m3u8$/, "");
    const rendition = await get(`${folder}360p/index.m3u8`);
    const segments = rendition.body.split("\n").filter((line) => line && !line.startsWith("#"));
    expect(segments.length).toBeGreaterThan(0);
    expect(rendition.body).toContain("#EXT-X-ENDLIST");

    if (onS3) {
      // From S3 the segments come from the store itself, at addresses it signed.
      expect(segments[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/doula-media\/videos\/1001\/.+X-Amz-Signature=/);
      const segment = await fetch(segments[0]!);
      expect(segment.status).toBe(200);
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(video.poster_url).toMatch(/poster\.jpg\?.*X-Amz-Signature=/);
    } else {
      expect(segments[0]).toBe("segment-0000.ts");
      const whole = await get(`${folder}360p/${segments[0]}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-type"]).toBe("video/mp2t");
      const part = await get(`${folder}360p/${segments[0]}`, { range: "bytes=188-375" });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 188-375/${whole.rawPayload.length}`);
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(188, 376));
      expect((await get(`${folder}360p/${segments[0]}`, { range: "bytes=99999999-" })).statusCode).toBe(416);
      const poster = await get(video.poster_url!);
      expect(poster.headers["content-type"]).toBe("image/jpeg");
      expect(poster.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
      // The upload itself is gone once transcoded (removed just after the video is marked ready).
      await vi.waitFor(async () => expect(await readdir(path.join(dataDir, "uploads"))).toEqual([]));
    }

    // A changed character of the signature, or of the folder it signs, is refused.
    const tampered = video.playlist_url.replace(
      /\/(\d+)\/([\w-])/,
      (_all, expires: string, first: string) => `/${expires}/${first === "A" ? "B" : "A"}`,
    );
    expect((await get(tampered)).statusCode).toBe(403);
    expect((await get(video.playlist_url.replace("/1001/", "/1002/"))).statusCode).toBe(403);
    // Six hours on, the address has expired: the page asks for a new one.
    clock.advance(6 * 3600_000 + 60_000);
    const expired = await get(video.playlist_url);
    expect([expired.statusCode, expired.json<{ error: string }>().error]).toEqual([
      403,
      "This video's address has expired. Open the lesson again to play it.",
    ]);
    const renewed = (await memberVideo()).json<Playing>();
    expect((await get(renewed.playlist_url)).statusCode).toBe(200);
    // The same video at new addresses: the page keeps its player and swaps the addresses in.
    expect(renewed.version).toBe(video.version);
    expect(renewed.version).toMatch(new RegExp(`/${LESSON}/`));
    expect(Date.parse(renewed.expires_at!) - Date.parse(video.expires_at!)).toBeGreaterThanOrEqual(6 * 3600_000);
  });

  it("keeps playing the last video while a new upload transcodes, and ends a file ffmpeg cannot read as failed with a sentence", async () => {
    const before = (await memberVideo()).json<Playing>();
    await tusUpload(address, instructor, Buffer.from("this is a letter, not a film\n".repeat(100)), {
      lesson_id: String(LESSON),
      filename: "letter.mp4",
    });
    const failed = await untilSettled();
    expect(failed).toMatchObject({
      status: "failed",
      filename: "letter.mp4",
      error: "This file is not a video we can read. Upload an MP4, MOV or WebM file.",
      playable: true,
    });
    // The earlier video still plays, from the same folder.
    const after = (await memberVideo()).json<Playing>();
    expect(after.playlist_url.split("/").slice(-2)[0]).toBe(before.playlist_url.split("/").slice(-2)[0]);
    expect(after.version).toBe(before.version);
    if (!onS3) expect(await readdir(path.join(dataDir, "uploads"))).toEqual([]);
  });

  it("lets the pages play media from this server, and from the bucket's origin only when there is one", async () => {
    const policy = String((await get("/reactapi/getcourses")).headers["content-security-policy"]);
    const origin = s3 ? new URL(s3.endpoint).origin : null;
    expect(policy).toContain(origin ? `media-src 'self' blob: ${origin}` : "media-src 'self' blob:;");
    expect(policy).toContain(origin ? `connect-src 'self' ${origin}` : "connect-src 'self';");
  });

  it("removes a lesson's video with its stored files", async () => {
    const { playlist_url } = (await memberVideo()).json<Playing>();
    const removed = await context.app.inject({
      method: "POST",
      url: `/reactapi/studio/lessons/${LESSON}/video/delete`,
      headers: { ...jsonHeaders, cookie: instructor },
      payload: {},
    });
    expect(removed.json()).toEqual({ message: "Removed the lesson's video. Members see its link again, if it has one." });
    expect((await memberVideo()).json()).toEqual(noOwnVideo);
    expect((await get(playlist_url)).statusCode).toBe(404);
    expect((await studioVideo()).statusCode).toBe(404);
  });

  it("forgets an upload left unfinished for seven days, its file too, as if she had cancelled it", async () => {
    const metadata = { lesson_id: String(OTHER_LESSON), filename: "Left half-way.mp4" };
    const left = await tusUpload(address, instructor, sampleVideo, metadata, { chunkSize: 64 * 1024, stopAfterBytes: 64 * 1024 });
    expect((await studioVideo(OTHER_LESSON)).json()).toMatchObject({ status: "uploading", filename: "Left half-way.mp4" });
    const uploadHead = () =>
      context.app.inject({
        method: "HEAD",
        url: new URL(left.url, address).pathname,
        headers: { cookie: instructor, "tus-resumable": "1.0.0" },
      });
    expect((await uploadHead()).statusCode).toBe(200);

    // Six days on she may still resume it.
    clock.advance(6 * 24 * 3600_000);
    await context.app.sweepOldRecords();
    expect((await studioVideo(OTHER_LESSON)).json()).toMatchObject({ status: "uploading" });
    expect((await uploadHead()).statusCode).toBe(200);

    clock.advance(24 * 3600_000 + 60_000);
    await context.app.sweepOldRecords();
    expect((await studioVideo(OTHER_LESSON)).statusCode).toBe(404);
    expect((await uploadHead()).statusCode).toBe(404);
  });
});

describe("tus and HTTP details", () => {
  it("reads its own settings from the environment as it starts, and a value it refuses stops the start with its sentence", async () => {
    await expect(createTestApp("pglite", { seed: false, environment: { VIDEO_MAX_MB: "lots", VIDEO_URL_HOURS: "200" } })).rejects.toThrow(
      "Invalid configuration of videos:\n  VIDEO_MAX_MB: VIDEO_MAX_MB must be a number of megabytes\n  VIDEO_URL_HOURS: VIDEO_URL_HOURS can be at most 168 (S3 presigns for a week at most)",
    );
    const small = await createTestApp("pglite", { environment: { VIDEO_MAX_MB: "1" } });
    try {
      const instructor = (await signedInInstructor(small.app, small.database.db, "small-limit")).cookie;
      const metadata = `lesson_id ${Buffer.from("1001").toString("base64")},filename ${Buffer.from("birth.mp4").toString("base64")}`;
      const tooLarge = await small.app.inject({
        method: "POST",
        url: "/reactapi/studio/uploads",
        headers: {
          "tus-resumable": "1.0.0",
          "upload-length": String(2 * 1024 * 1024),
          "upload-metadata": metadata,
          ...ORIGIN,
          cookie: instructor,
        },
      });
      expect([tooLarge.statusCode, tooLarge.json<{ error: string }>().error]).toEqual([
        413,
        "A lesson's video can be at most 1 MB. Nothing was kept.",
      ]);
    } finally {
      await small.close();
    }
  });

  it("reads tus's metadata header", () => {
    expect(uploadMetadata("lesson_id MTAwMQ==,filename YmlydGgubXA0,is_confidential")).toEqual({
      lesson_id: "1001",
      filename: "birth.mp4",
      is_confidential: "",
    });
  });

  it("reads one byte range, from the start, from the end or open-ended", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
  });

  it("makes the renditions that fit the source, never taller", () => {
    expect(renditionHeights(2160)).toEqual([360, 720, 1080]);
    expect(renditionHeights(1080)).toEqual([360, 720, 1080]);
    expect(renditionHeights(720)).toEqual([360, 720]);
    expect(renditionHeights(480)).toEqual([360]);
    expect(renditionHeights(241)).toEqual([240]);
  });
});

if (!backends.includes("postgres")) it.skip(`her videos on two app servers: ${postgresMissingNotice}`, () => {});
else
  describe("her videos on two app servers sharing PostgreSQL", () => {
    const servers = useAppServers();
    beforeAll(() => importCatalogue(servers[0]!.handle.db, demoCatalogue, servers[0]!.app.mediaStorage));

    it("gives a waiting video to one server only, however many ask at once", async () => {
      const [first, second] = servers.map((server) => server.handle.db);
      const now = new Date();
      await beginUpload(first!, { lessonId: LESSON, uploadId: `upload-${"a".repeat(32)}`, filename: "a.mp4", sizeBytes: 10, now });
      expect(await uploadArrived(first!, `upload-${"a".repeat(32)}`, now)).toBe(true);
      const claims = await Promise.all([
        claimJob(first!, "server-one", now),
        claimJob(second!, "server-two", now),
        claimJob(first!, "server-one", now),
        claimJob(second!, "server-two", now),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      // A server that goes quiet for a minute loses it to one that asks later, once.
      const later = new Date(now.getTime() + 61_000);
      const retaken = await Promise.all([claimJob(first!, "server-one", later), claimJob(second!, "server-two", later)]);
      expect(retaken.filter(Boolean)).toEqual([expect.objectContaining({ lessonId: LESSON, status: "transcoding", attempts: 2 })]);
    });

    it("goes on with an upload one server began when the other takes the rest (a restart, a balancer's choice), and makes it ready", async () => {
      const addresses = await Promise.all(servers.map((server) => server.app.listen({ host: "127.0.0.1", port: 0 })));
      const [one, two] = servers;
      const instructor = (await signedInInstructor(one!.app, one!.handle.db, "two-server-uploader")).cookie;
      const metadata = { lesson_id: String(OTHER_LESSON), filename: "Two servers.mp4" };
      const begun = await tusUpload(addresses[0]!, instructor, sampleVideo, metadata, { chunkSize: 64 * 1024, stopAfterBytes: 64 * 1024 });
      expect(begun.stopped).toBe(true);
      // Her next request reaches the other server: it finds where the upload stopped and takes the rest.
      const rest = await tusUpload(addresses[1]!, instructor, sampleVideo, metadata, {
        chunkSize: 64 * 1024,
        uploadUrl: begun.url.replace(addresses[0]!, addresses[1]!),
      });
      expect(rest.stopped).toBe(false);
      const settled = await vi.waitFor(
        async () => {
          const answer = await two!.app.inject({
            method: "GET",
            url: `/reactapi/studio/lessons/${OTHER_LESSON}/video`,
            headers: { cookie: instructor },
          });
          const video = answer.json<StudioLessonVideo>();
          if (video.status !== "ready" && video.status !== "failed") throw new Error(`still ${video.status}`);
          return video;
        },
        { timeout: 25_000, interval: 200 },
      );
      expect(settled).toMatchObject({ status: "ready", filename: "Two servers.mp4", duration_seconds: 2, error: null });
      expect(settled.renditions.map((rendition) => rendition.height)).toEqual([360, 720]);
    });
  });
