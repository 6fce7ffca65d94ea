import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { DataStore, ServerOptions } from "@tus/server";
import type { Config } from "../config.ts";
import { s3ClientConfig } from "../storage/storage.ts";

/** The resumable uploads' store and the tus server over it, loaded at the first upload (docs/videos.md). */
export type Uploads = {
  handle: (request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => Promise<void>;
  /** The uploaded file as a file of this machine for ffmpeg; `done` removes a copy made for it. */
  localFile: (uploadId: string) => Promise<{ file: string; done: () => Promise<void> }>;
  remove: (uploadId: string) => Promise<void>;
};

/** tus names an upload in its address; ours are random and say what they are. */
export const uploadIdPattern = /^upload-[0-9a-f]{32}$/;

/**
 * Uploads in progress live where every app server reaches them: the S3 bucket when one is
 * configured (any server resumes or transcodes them), else DATA_DIR/uploads on the one server.
 */
export async function openUploads(
  config: Config,
  maxBytes: number,
  path_: string,
  hooks: Pick<ServerOptions, "onUploadCreate" | "onUploadFinish">,
  onTerminated: (uploadId: string) => void,
): Promise<Uploads> {
  const { Server, EVENTS } = await import("@tus/server");
  let store: DataStore & { read: (id: string) => Readable | Promise<Readable> };
  let directory: string | undefined;
  const s3 = config.storage.s3;
  if (s3) {
    const { S3Store } = await import("@tus/s3-store");
    store = new S3Store({ partSize: 8 * 1024 * 1024, useTags: false, s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) } });
  } else {
    const { FileStore } = await import("@tus/file-store");
    directory = path.join(config.storage.dataDir, "uploads");
    store = new FileStore({ directory });
  }
  const server = new Server({
    path: path_,
    datastore: store,
    maxSize: maxBytes,
    relativeLocation: true,
    // Same origin only: no Access-Control-Allow-Origin, so no other site's page reads an answer.
    allowedOrigins: [],
    respectForwardedHeaders: config.trustProxy,
    namingFunction: () => `upload-${randomBytes(16).toString("hex")}`,
    ...hooks,
  });
  server.on(EVENTS.POST_TERMINATE, (_request, _response, id) => onTerminated(id));
  return {
    handle: (request, response) => server.handle(request, response),
    localFile: async (uploadId) => {
      if (directory) return { file: path.join(directory, uploadId), done: async () => {} };
      const folder = await mkdtemp(path.join(tmpdir(), "video-source-"));
      const file = path.join(folder, "source");
      await pipeline(await store.read(uploadId), createWriteStream(file));
      return { file, done: () => rm(folder, { recursive: true, force: true }) };
    },
    remove: async (uploadId) => {
      await store.remove(uploadId).catch(() => {});
    },
  };
}
