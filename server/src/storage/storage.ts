import type { Readable } from "node:stream";

/** A byte range of an object, both ends included (HTTP's `Range: bytes=start-end`). */
export type ByteRange = { start: number; end: number };

export type StoredObject = {
  body: Readable;
  /** The whole object's size in bytes, whatever part of it `body` carries. */
  size: number;
  contentType: string | undefined;
};

/**
 * Where files and media live (docs/storage.md): videos, their renditions and posters, and every
 * file a capability keeps outside the database. One interface, the disk by default and any
 * S3-compatible store when S3_BUCKET is set, so a capability never asks which.
 */
export interface MediaStorage {
  /** "disk" or "s3", for the start-up line and the backups. */
  readonly kind: "disk" | "s3";
  /** Where it is, as a sentence for the operator (a folder, or a bucket at an endpoint). */
  readonly place: string;
  put(key: string, body: Buffer | string, contentType: string): Promise<void>;
  /** Stores a file of this machine (a transcoded segment) without reading it into memory. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The object, or the part of it `range` asks for; null when there is none. */
  read(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Every key under a prefix ("videos/12/"), in no promised order. */
  list(prefix: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  /** Removes every object under a prefix; a prefix must end with "/". */
  removeAll(prefix: string): Promise<void>;
  /**
   * An address the browser may fetch the object from itself for `seconds` (a presigned URL), or
   * null where the server serves it (the disk).
   */
  directUrl(key: string, seconds: number): Promise<string | null>;
  close(): void;
}

export type S3Settings = {
  bucket: string;
  /** An S3-compatible service's address (Cloudflare R2, Backblaze B2, MinIO); AWS S3 when unset. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

export type StorageSettings = { dataDir: string; s3: S3Settings | null };

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*\/?$/;

/** A key is a path of plain names: no "..", no absolute path, nothing a file system reads as a way out. */
export function checkedKey(key: string): string {
  if (!keyPattern.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function checkedPrefix(prefix: string): string {
  if (!prefix.endsWith("/")) throw new Error(`A storage prefix ends with "/": ${JSON.stringify(prefix)}`);
  return checkedKey(prefix);
}

/** The S3 client's settings, shared with the resumable uploads' store (the videos' tus store). */
export function s3ClientConfig(settings: S3Settings) {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Some S3-compatible stores keep the SDK's streamed checksums as part of the object: send them only where S3 requires one.
    requestChecksumCalculation: "WHEN_REQUIRED" as const,
    responseChecksumValidation: "WHEN_REQUIRED" as const,
  };
}

/**
 * The origin the browser fetches presigned objects from: the endpoint's (path-style addressing), or
 * AWS's virtual-hosted bucket address. The pages' Content-Security-Policy allows it for media.
 */
export function browserOrigins(settings: StorageSettings): string[] {
  if (!settings.s3) return [];
  const { endpoint, bucket, region } = settings.s3;
  return [endpoint ? new URL(endpoint).origin : `https://${bucket}.s3.${region}.amazonaws.com`];
}
