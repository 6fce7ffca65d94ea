import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { type ByteRange, checkedKey, checkedPrefix, type MediaStorage, type StorageSettings } from "./storage.ts";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";

/** The storage the settings name; the S3 client is loaded only where a bucket is configured. */
export async function openMediaStorage(settings: StorageSettings): Promise<MediaStorage> {
  if (!settings.s3) return new DiskStorage(path.join(settings.dataDir, "media"));
  const { S3Storage } = await import("./s3-storage.ts");
  return S3Storage.open(settings.s3);
}

class DiskStorage implements MediaStorage {
  readonly kind = "disk";
  constructor(private readonly root: string) {}

  get place() {
    return `the folder ${this.root}`;
  }

  private fileOf(key: string) {
    return path.join(this.root, ...checkedKey(key).split("/"));
  }

  /** Written beside its place and renamed into it, so a reader never finds half a file. */
  private async writeThrough(key: string, write: (temporary: string) => Promise<void>) {
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.partial`;
    try {
      await write(temporary);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async put(key: string, body: Buffer | string) {
    await this.writeThrough(key, async (temporary) => {
      const handle = await open(temporary, "w");
      try {
        await handle.writeFile(body);
      } finally {
        await handle.close();
      }
    });
  }

  async putFile(key: string, file: string) {
    await this.writeThrough(key, (temporary) => pipeline(createReadStream(file), createWriteStream(temporary)));
  }

  async size(key: string) {
    try {
      const found = await stat(this.fileOf(key));
      return found.isFile() ? found.size : null;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange) {
    const size = await this.size(key);
    if (size === null) return null;
    const body = createReadStream(this.fileOf(key), range ? { start: range.start, end: range.end } : {});
    return { body, size, contentType: undefined };
  }

  async list(prefix: string) {
    const folder = this.fileOf(checkedPrefix(prefix));
    const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(".partial"))
      .map((entry) => prefix + path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
  }

  async remove(key: string) {
    await rm(this.fileOf(key), { force: true });
  }

  async removeAll(prefix: string) {
    await rm(this.fileOf(checkedPrefix(prefix)), { recursive: true, force: true });
  }

  async directUrl() {
    return null;
  }

  close() {}
}
