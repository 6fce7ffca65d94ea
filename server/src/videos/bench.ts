import { execFileSync } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { Upload } from "tus-js-client";
import type { LessonOwnVideo, StudioLessonVideo } from "../../../contract/videos.ts";
import type { BenchPart } from "../../../bench/part.ts";
import { atLeast, atMost } from "../../../bench/targets.ts";
import { users } from "../accounts/accounts-schema.ts";
import { startSession } from "../accounts/sessions-repository.ts";
import { buildApp } from "../app.ts";
import { importCatalogue } from "../catalogue/catalogue-transfer.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { serverPaths } from "../paths.ts";
import { mediaType } from "./transcode.ts";

// Her own videos in `npm run bench` (docs/videos.md, docs/performance.md): how long a video waits
// for its renditions, and how fast the server hands its segments to many players at once.

/** A lesson of the demo catalogue's free first course. */
const LESSON = 1001;
const CLIP_SECONDS = 60;
const PLAYERS = 50;

/** A minute of ffmpeg's moving test picture at 720p with a tone, as a phone's video would arrive. */
function generateClip(file: string) {
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", `testsrc2=size=1280x720:rate=30:duration=${CLIP_SECONDS}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${CLIP_SECONDS}`],
    ...["-c:v", "libx264", "-preset", "veryfast", "-c:a", "aac", "-shortest", file],
  ]);
}

function upload(address: string, cookie: string, file: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    new Upload(file, {
      endpoint: `${address}/reactapi/studio/uploads`,
      headers: { cookie },
      metadata: { lesson_id: String(LESSON), filename: "bench-clip.mp4" },
      chunkSize: 8 * 1024 * 1024,
      onSuccess: () => resolve(),
      onError: reject,
    }).start();
  });
}

/** Bare static serving of a folder's files (the baseline): a file read from the disk per request, as the server reads it. */
function serveFolder(folder: string): Promise<{ server: Server; address: string }> {
  const server = createServer((request, response) => {
    const file = path.join(folder, decodeURIComponent(new URL(request.url ?? "/", "http://bench").pathname));
    if (!file.startsWith(folder)) return void response.writeHead(404).end();
    const { size } = statSync(file);
    response.writeHead(200, { "content-type": mediaType(file), "content-length": size });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ server, address: `http://127.0.0.1:${port}` });
    }),
  );
}

/** Megabytes a second that 50 players fetching these files over and over receive. */
async function throughput(base: string, files: string[], headers: Record<string, string>, seconds: number) {
  const result = await autocannon({
    url: base,
    connections: PLAYERS,
    duration: seconds,
    headers,
    requests: files.map((file) => ({ method: "GET", path: file })),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`serving segments: ${result.non2xx} refusals and ${result.errors} errors`);
  return result.throughput.average / 1e6;
}

export async function measureVideos(databaseUrl: string | undefined, seconds: number): Promise<Record<string, number>> {
  const suffix = databaseUrl ? "_postgres" : "";
  const work = await mkdtemp(path.join(tmpdir(), "video-bench-"));
  const dataDir = path.join(work, "data");
  const database = await openDatabase({ dataDir: "memory", databaseUrl, poolSize: 4 });
  const app = await buildApp({ db: database.db, config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }) });
  let baseline: Server | undefined;
  try {
    const clip = path.join(work, "clip.mp4");
    generateClip(clip);
    await importCatalogue(
      database.db,
      JSON.parse(await readFile(serverPaths.demoCatalogue, "utf8")) as Record<string, unknown>,
      app.mediaStorage,
    );
    const [instructor] = await database.db
      .insert(users)
      .values({ email: "bench-video-maker@example.com", passwordHash: "x", role: "admin" })
      .returning();
    const { token } = await startSession(database.db, instructor!.id, 1, undefined);
    const cookie = `session=${token}`;
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const ask = async (url: string) => {
      const response = await fetch(`${address}${url}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return response;
    };

    await upload(address, cookie, await readFile(clip));
    const uploaded = performance.now();
    let video: StudioLessonVideo;
    for (;;) {
      video = (await (await ask(`/reactapi/studio/lessons/${LESSON}/video`)).json()) as StudioLessonVideo;
      if (video.status === "ready") break;
      if (video.status === "failed") throw new Error(`the bench's clip failed: ${video.error}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const transcodeSeconds = (performance.now() - uploaded) / 1000;

    // The 720p rendition's playlist and segments, at the addresses a member's player gets.
    const playing = (await (await ask(`/reactapi/lessons/${LESSON}/video`)).json()) as LessonOwnVideo;
    const master = new URL(playing.playlist_url!, address);
    const masterText = await (await ask(master.pathname)).text();
    const rendition = masterText.split("\n").find((line) => line.includes("720") && !line.startsWith("#"));
    if (!rendition) throw new Error(`no 720p rendition in ${masterText}`);
    const renditionUrl = new URL(rendition, master);
    const segments = (await (await ask(renditionUrl.pathname)).text())
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((segment) => new URL(segment, renditionUrl).pathname);
    const served = await throughput(address, segments, { cookie }, seconds);

    // The same files from the disk, by a bare server.
    const folder = path.join(dataDir, "media", playing.version!);
    const bare = await serveFolder(folder);
    baseline = bare.server;
    const renditionFolder = path.posix.dirname(segments[0]!).split("/").at(-1)!;
    const bareMb = await throughput(
      bare.address,
      segments.map((segment) => `/${renditionFolder}/${path.posix.basename(segment)}`),
      {},
      seconds,
    );
    return {
      [`videos.transcode_s_per_video_s${suffix}`]: transcodeSeconds / CLIP_SECONDS,
      [`videos.segments_mb_s${suffix}`]: served,
      [`videos.segments_ratio${suffix}`]: served / bareMb,
    };
  } finally {
    baseline?.close();
    await app.close();
    await database.close();
    await rm(work, { recursive: true, force: true });
  }
}

/** Its part of `npm run bench` (bench/part.ts). */
export default {
  measure: measureVideos,
  targets: {
    // She waits no longer for the renditions than the video lasts, on the two-core server.
    "videos.transcode_s_per_video_s": atMost(1),
    "videos.transcode_s_per_video_s_postgres": atMost(1),
    // Segments go out through signed addresses at least half as fast as a bare static server sends them.
    "videos.segments_ratio": atLeast(0.5),
    "videos.segments_ratio_postgres": atLeast(0.5),
  },
} satisfies BenchPart;
