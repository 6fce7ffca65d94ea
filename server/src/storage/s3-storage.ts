import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { type ByteRange, checkedKey, checkedPrefix, type MediaStorage, type S3Settings, s3ClientConfig } from "./storage.ts";

const isMissing = (error: unknown) => error instanceof Error && (error.name === "NotFound" || error.name === "NoSuchKey");

/**
 * Media in an S3-compatible bucket. The SDK is imported here, when a bucket is configured, so a
 * server that keeps its files on the disk never loads it (its idle memory, docs/performance.md).
 */
export class S3Storage implements MediaStorage {
  readonly kind = "s3";
  private constructor(
    private readonly settings: S3Settings,
    private readonly sdk: typeof import("@aws-sdk/client-s3"),
    private readonly presign: typeof import("@aws-sdk/s3-request-presigner").getSignedUrl,
    private readonly client: import("@aws-sdk/client-s3").S3Client,
  ) {}

  static async open(settings: S3Settings): Promise<S3Storage> {
    const sdk = await import("@aws-sdk/client-s3");
    const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
    return new S3Storage(settings, sdk, getSignedUrl, new sdk.S3Client(s3ClientConfig(settings)));
  }

  get place() {
    return `the bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${new URL(this.settings.endpoint).origin}` : ""}`;
  }

  async put(key: string, body: Buffer | string, contentType: string) {
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key), Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, file: string, contentType: string) {
    const { size } = await stat(file);
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkedKey(key),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async size(key: string) {
    try {
      const head = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange) {
    try {
      const answer = await this.client.send(
        new this.sdk.GetObjectCommand({
          Bucket: this.settings.bucket,
          Key: checkedKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      const total = answer.ContentRange?.match(/\/(\d+)$/)?.[1];
      return {
        body: answer.Body as Readable,
        size: total ? Number(total) : (answer.ContentLength ?? 0),
        contentType: answer.ContentType,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async list(prefix: string) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: checkedPrefix(prefix), ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async remove(key: string) {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }));
  }

  async removeAll(prefix: string) {
    const keys = await this.list(prefix);
    // S3 deletes at most 1,000 keys a request.
    for (let from = 0; from < keys.length; from += 1000) {
      const Objects = keys.slice(from, from + 1000).map((Key) => ({ Key }));
      await this.client.send(new this.sdk.DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects, Quiet: true } }));
    }
  }

  async directUrl(key: string, seconds: number) {
    return this.presign(this.client, new this.sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key: checkedKey(key) }), {
      expiresIn: seconds,
    });
  }

  close() {
    this.client.destroy();
  }
}
