import { sentence } from "../../../contract/languages.ts";
import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { StoredRendition } from "./videos-schema.ts";

// HLS from her upload with Debian's ffmpeg (docs/videos.md): H.264 and AAC renditions that fit the
// source (at most 360p, 720p and 1080p), segments of about six seconds, a poster frame, the length.

/** The heights we make, each only where the source is at least that tall. */
const LADDER = [360, 720, 1080] as const;
const SEGMENT_SECONDS = 6;
/** The bitrates each height is held to (kbit/s): a phone on a weak signal still starts the smallest. */
const VIDEO_KBITS: Record<number, number> = { 360: 800, 720: 2800, 1080: 5000 };
const AUDIO_KBITS = 128;

/** Whether a program is on the PATH, without starting it (every app checks at start). */
export function onPath(program: string, pathVariable = process.env.PATH ?? ""): boolean {
  return pathVariable
    .split(path.delimiter)
    .filter(Boolean)
    .some((folder) => {
      try {
        accessSync(path.join(folder, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** A sentence for her: the file cannot become a video. */
export class NotAVideo extends Error {}

type Probe = { durationSeconds: number; width: number; height: number; hasAudio: boolean };

function run(program: string, args: string[], signal: AbortSignal, onLine?: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let output = "";
    let errors = "";
    let pending = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (!onLine) return void (output += chunk);
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      lines.forEach(onLine);
    });
    // Only the end of ffmpeg's complaint is kept: it can say a lot about a long broken file.
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors = (errors + chunk).slice(-4000)));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(output) : reject(new Error(`${program} exited with ${code}: ${errors.trim()}`))));
  });
}

async function probe(source: string, signal: AbortSignal): Promise<Probe> {
  let answer: string;
  try {
    answer = await run("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", "-show_format", source], signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NotAVideo(sentence("This file is not a video we can read. Upload an MP4, MOV or WebM file."));
  }
  const read = JSON.parse(answer) as {
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
    format?: { duration?: string };
  };
  const video = read.streams?.find((stream) => stream.codec_type === "video" && !stream.disposition?.attached_pic);
  const durationSeconds = Number(read.format?.duration ?? video?.duration);
  if (!video?.width || !video.height)
    throw new NotAVideo(sentence("This file has no picture we can read. Upload an MP4, MOV or WebM video."));
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0)
    throw new NotAVideo(sentence("This video has no length we can read. Export it again as MP4 and upload that."));
  return {
    durationSeconds,
    width: video.width,
    height: video.height,
    hasAudio: read.streams?.some((stream) => stream.codec_type === "audio") ?? false,
  };
}

/** The heights that fit the source: each rung not taller than it, or the source's own (even) height when it is below the first. */
export function renditionHeights(sourceHeight: number): number[] {
  const fitting = LADDER.filter((height) => height <= sourceHeight);
  return fitting.length > 0 ? fitting : [Math.max(2, sourceHeight - (sourceHeight % 2))];
}

/** The peak bitrate of a rendition, from its segments' sizes and lengths, as HLS's BANDWIDTH wants. */
async function peakBandwidth(folder: string): Promise<number> {
  const playlist = await readFile(path.join(folder, "index.m3u8"), "utf8");
  let seconds = 0;
  let peak = 0;
  for (const line of playlist.split("\n")) {
    const length = line.match(/^#EXTINF:([\d.]+)/);
    if (length) seconds = Number(length[1]);
    else if (line && !line.startsWith("#")) {
      const { size } = await stat(path.join(folder, line.trim()));
      if (seconds > 0) peak = Math.max(peak, Math.ceil((size * 8) / seconds));
    }
  }
  return peak;
}

export type Transcoded = { durationSeconds: number; renditions: StoredRendition[]; files: string[] };

/**
 * Makes the HLS video of `source` in `folder`: master.m3u8, one folder per height with its playlist
 * and segments, and poster.jpg. `onProgress` hears the share done (0 to 1) as ffmpeg works.
 */
export async function transcodeToHls(
  source: string,
  folder: string,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (share: number) => void },
): Promise<Transcoded> {
  const probed = await probe(source, signal);
  const heights = renditionHeights(probed.height);
  const renditions: (StoredRendition & { width: number })[] = [];
  for (const [index, height] of heights.entries()) {
    const out = path.join(folder, `${height}p`);
    const kbits = VIDEO_KBITS[height] ?? VIDEO_KBITS[360]!;
    const args = [
      ...["-hide_banner", "-nostats", "-loglevel", "error", "-y", "-i", source],
      ...["-map", "0:v:0", ...(probed.hasAudio ? ["-map", "0:a:0"] : [])],
      ...["-vf", `scale=-2:${height}`, "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "main", "-pix_fmt", "yuv420p"],
      ...["-b:v", `${kbits}k`, "-maxrate", `${Math.round(kbits * 1.07)}k`, "-bufsize", `${kbits * 2}k`],
      // A key frame every six seconds, so each segment starts with one and players switch heights cleanly.
      ...["-force_key_frames", `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, "-sc_threshold", "0"],
      ...(probed.hasAudio ? ["-c:a", "aac", "-b:a", `${AUDIO_KBITS}k`, "-ac", "2"] : []),
      ...["-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod"],
      ...["-hls_segment_filename", path.join(out, "segment-%04d.ts"), "-progress", "pipe:1"],
      path.join(out, "index.m3u8"),
    ];
    await mkdir(out, { recursive: true });
    try {
      await run("ffmpeg", args, signal, (line) => {
        const done = line.match(/^out_time_us=(\d+)/);
        if (done) onProgress((index + Math.min(1, Number(done[1]) / 1e6 / probed.durationSeconds)) / heights.length);
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new NotAVideo(
        sentence("ffmpeg could not turn this file into a video for the web. Export it again as MP4 (H.264) and upload that."),
      );
    }
    const width = Math.round((probed.width * height) / probed.height / 2) * 2;
    renditions.push({ height, width, bandwidth: await peakBandwidth(out) });
    onProgress((index + 1) / heights.length);
  }
  const posterAt = Math.min(1, probed.durationSeconds / 2).toFixed(2);
  await run(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-ss",
      posterAt,
      "-i",
      source,
      "-frames:v",
      "1",
      "-vf",
      `scale=-2:${Math.min(720, heights.at(-1)!)}`,
      path.join(folder, "poster.jpg"),
    ],
    signal,
  );
  const codecs = probed.hasAudio ? 'CODECS="avc1.4d401f,mp4a.40.2"' : 'CODECS="avc1.4d401f"';
  const master = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    ...renditions.flatMap(({ height, width, bandwidth }) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${width}x${height},${codecs}`,
      `${height}p/index.m3u8`,
    ]),
    "",
  ].join("\n");
  await writeFile(path.join(folder, "master.m3u8"), master);
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  return {
    durationSeconds: Math.round(probed.durationSeconds),
    renditions: renditions.map(({ height, bandwidth }) => ({ height, bandwidth })),
    files,
  };
}

/** The content type of a file of a video's folder. */
export function mediaType(file: string): string {
  if (file.endsWith(".m3u8")) return "application/vnd.apple.mpegurl";
  if (file.endsWith(".ts")) return "video/mp2t";
  if (file.endsWith(".jpg")) return "image/jpeg";
  if (file.endsWith(".vtt")) return "text/vtt; charset=utf-8";
  return "application/octet-stream";
}
