import { afterEach, describe, expect, it } from "vitest";
import { chooseSavedHeight, savedVideoOf } from "./saved-video.ts";

// docs/videos.md, "Saved for the waiting room": a saved lesson keeps its video in one picture size.
const folder = "/reactapi/videos/1900000000/abc/12/0123456789abcdef01234567/";
const own = {
  playlist_url: `${folder}master.m3u8`,
  poster_url: `${folder}poster.jpg`,
  duration_seconds: 14,
  captions: [{ language: "en", label: "English", url: "/reactapi/lessons/12/captions/en" }],
  expires_at: "2030-03-17T17:46:40.000Z",
  version: "videos/12/0123456789abcdef01234567/",
};
// As the transcoder writes it (server/src/videos/transcode.ts).
const master = [
  "#EXTM3U",
  "#EXT-X-VERSION:3",
  '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"',
  "360p/index.m3u8",
  '#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
  "720p/index.m3u8",
  '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080,CODECS="avc1.640028,mp4a.40.2"',
  "1080p/index.m3u8",
  "",
].join("\n");
const rendition = (segments: string[]) =>
  ["#EXTM3U", "#EXT-X-TARGETDURATION:6", ...segments.flatMap((segment) => ["#EXTINF:6.0,", segment]), "#EXT-X-ENDLIST", ""].join("\n");

function serve(files: Record<string, string>) {
  const asked: string[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const address = String(input);
    asked.push(address);
    const body = files[address];
    return body === undefined ? new Response("", { status: 404 }) : new Response(body, { status: 200 });
  }) as typeof fetch;
  return asked;
}

afterEach(() => localStorage.clear());

describe("a lesson's own video saved for offline", () => {
  const answer = (body: unknown) => JSON.stringify(body);

  it("keeps the 360p rendition by default: the answer names its playlist and never expires, with its segments, poster and captions", async () => {
    const asked = serve({
      "/reactapi/lessons/12/video": answer(own),
      [`${folder}master.m3u8`]: master,
      [`${folder}360p/index.m3u8`]: rendition(["segment-0000.ts", "segment-0001.ts", "segment-0002.ts"]),
    });
    const saved = await savedVideoOf(12);
    expect(saved.video).toBe(true);
    const [answerCopy, ...others] = saved.written ?? [];
    expect(others).toEqual([]);
    expect(answerCopy?.address).toBe("/reactapi/lessons/12/video");
    expect(JSON.parse(answerCopy!.body)).toEqual({ ...own, playlist_url: `${folder}360p/index.m3u8`, expires_at: null });
    expect(saved.addresses).toEqual([
      `${folder}360p/index.m3u8`,
      `${folder}360p/segment-0000.ts`,
      `${folder}360p/segment-0001.ts`,
      `${folder}360p/segment-0002.ts`,
      `${folder}poster.jpg`,
      "/reactapi/lessons/12/captions/en",
    ]);
    expect(asked.some((address) => address.includes("720p"))).toBe(false);
  });

  it("keeps 720p when she chose it, and the largest there is under it when the video has no 720p", async () => {
    chooseSavedHeight(720);
    serve({
      "/reactapi/lessons/12/video": answer(own),
      [`${folder}master.m3u8`]: master,
      [`${folder}720p/index.m3u8`]: rendition(["segment-0000.ts"]),
    });
    expect((await savedVideoOf(12)).addresses?.slice(0, 2)).toEqual([`${folder}720p/index.m3u8`, `${folder}720p/segment-0000.ts`]);

    const small = master.split("\n").slice(0, 4).join("\n");
    serve({
      "/reactapi/lessons/12/video": answer(own),
      [`${folder}master.m3u8`]: small,
      [`${folder}360p/index.m3u8`]: rendition(["segment-0000.ts"]),
    });
    expect((await savedVideoOf(12)).addresses?.slice(0, 2)).toEqual([`${folder}360p/index.m3u8`, `${folder}360p/segment-0000.ts`]);
  });

  it("keeps segments the store signed (S3) at their own addresses", async () => {
    const signed = "https://media.example.org/videos/12/0123456789abcdef01234567/360p/segment-0000.ts?X-Amz-Signature=abc";
    serve({
      "/reactapi/lessons/12/video": answer(own),
      [`${folder}master.m3u8`]: master,
      [`${folder}360p/index.m3u8`]: rendition([signed]),
    });
    expect((await savedVideoOf(12)).addresses?.[1]).toBe(signed);
  });

  it("keeps nothing of a lesson without a video of its own, and fails when the playlist cannot be read", async () => {
    serve({ "/reactapi/lessons/12/video": answer({ ...own, playlist_url: null, poster_url: null, version: null, expires_at: null }) });
    expect(await savedVideoOf(12)).toEqual({});
    serve({ "/reactapi/lessons/12/video": answer(own) });
    await expect(savedVideoOf(12)).rejects.toThrow("master.m3u8 answered 404");
  });
});
