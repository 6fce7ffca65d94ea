import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalS3, type LocalS3 } from "../../../testing/s3-server.ts";
import { loadConfig } from "../config.ts";
import { buffer } from "node:stream/consumers";
import { openMediaStorage } from "./media-storage.ts";
import type { MediaStorage } from "./storage.ts";

// One behaviour on both kinds of storage (docs/storage.md): what a capability stores it reads back,
// in parts as a video player asks, and removes, whichever the operator configured.
describe.each(["disk", "s3"] as const)("media storage on %s", (kind) => {
  let folder: string;
  let s3: LocalS3 | undefined;
  let storage: MediaStorage;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "media-storage-"));
    s3 = kind === "s3" ? await startLocalS3() : undefined;
    storage = await openMediaStorage(loadConfig({ DATA_DIR: folder, ...s3?.environment }).storage);
  });
  afterAll(async () => {
    storage.close();
    await s3?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it("says which it is and where", () => {
    expect(storage.kind).toBe(kind);
    expect(storage.place).toContain(kind === "disk" ? path.join(folder, "media") : "doula-media");
  });

  it("reads back what it stored, whole or a range of it", async () => {
    await storage.put("videos/1/a/master.m3u8", "#EXTM3U\n", "application/vnd.apple.mpegurl");
    const whole = await storage.read("videos/1/a/master.m3u8");
    expect(whole?.size).toBe(8);
    expect((await buffer(whole!.body)).toString()).toBe("#EXTM3U\n");

    const file = path.join(folder, "segment.ts");
    await writeFile(file, Buffer.from("0123456789"));
    await storage.putFile("videos/1/a/360p/0.ts", file, "video/mp2t");
    const part = await storage.read("videos/1/a/360p/0.ts", { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect((await buffer(part!.body)).toString()).toBe("2345");
    expect(await storage.size("videos/1/a/360p/0.ts")).toBe(10);
  });

  it("answers null for what it does not have", async () => {
    expect(await storage.read("videos/nothing-here.ts")).toBeNull();
    expect(await storage.size("videos/nothing-here.ts")).toBeNull();
  });

  it("lists and removes one key or a whole prefix", async () => {
    await storage.put("videos/2/b/master.m3u8", "x", "text/plain");
    await storage.put("videos/2/b/720p/0.ts", "y", "video/mp2t");
    await storage.put("videos/20/c/master.m3u8", "z", "text/plain");
    expect((await storage.list("videos/2/")).sort()).toEqual(["videos/2/b/720p/0.ts", "videos/2/b/master.m3u8"]);

    await storage.remove("videos/2/b/720p/0.ts");
    expect(await storage.list("videos/2/")).toEqual(["videos/2/b/master.m3u8"]);
    await storage.removeAll("videos/2/");
    expect(await storage.list("videos/2/")).toEqual([]);
    // A prefix is a folder: removing videos/2/ leaves videos/20/.
    expect(await storage.list("videos/20/")).toEqual(["videos/20/c/master.m3u8"]);
  });

  it("refuses a key that could leave its folder", async () => {
    for (const key of ["../secrets", "videos/../../x", "/etc/passwd", "videos//x", "videos/a b"]) {
      await expect(storage.put(key, "x", "text/plain")).rejects.toThrow("Not a storage key");
    }
    await expect(storage.removeAll("videos")).rejects.toThrow('ends with "/"');
  });

  it(
    kind === "s3" ? "hands out a presigned address the browser fetches itself" : "serves its files itself (no direct address)",
    async () => {
      await storage.put("videos/3/poster.jpg", Buffer.from([1, 2, 3]), "image/jpeg");
      const url = await storage.directUrl("videos/3/poster.jpg", 60);
      if (kind === "disk") {
        expect(url).toBeNull();
        return;
      }
      expect(url).toMatch(/X-Amz-Expires=60/);
      const fetched = await fetch(url!);
      expect(fetched.status).toBe(200);
      expect(Buffer.from(await fetched.arrayBuffer())).toEqual(Buffer.from([1, 2, 3]));
    },
  );
});

describe("storage settings", () => {
  it("keeps files on the disk under DATA_DIR/media unless a bucket is named", () => {
    expect(loadConfig({ DATA_DIR: "/srv/doula" }).storage).toEqual({ dataDir: "/srv/doula", s3: null });
  });

  it("refuses S3 settings without a bucket, and half a key pair, with a sentence", () => {
    expect(() => loadConfig({ S3_ENDPOINT: "https://s3.example.com" })).toThrow("S3_BUCKET: the S3 settings name no bucket");
    expect(() => loadConfig({ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key" })).toThrow(
      "S3_SECRET_ACCESS_KEY: an S3 key needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    );
    expect(() => loadConfig({ S3_BUCKET: "Not A Bucket" })).toThrow("S3_BUCKET must be a bucket's name");
  });

  it("reads a bucket, its endpoint and region", () => {
    const { s3 } = loadConfig({ S3_BUCKET: "her-media", S3_ENDPOINT: "https://acct.r2.cloudflarestorage.com", S3_REGION: "auto" }).storage;
    expect(s3).toEqual({
      bucket: "her-media",
      endpoint: "https://acct.r2.cloudflarestorage.com",
      region: "auto",
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
  });
});
