import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type LocalS3 = {
  /** The S3 settings an app reads (S3_BUCKET, S3_ENDPOINT and a key pair). */
  environment: Record<string, string>;
  endpoint: string;
  close: () => Promise<void>;
};

/**
 * An S3-compatible server on this machine, with one empty bucket: the tests store media in it as a
 * deployment stores them in AWS S3, R2, B2 or MinIO, which this machine cannot reach. It is s3rver,
 * with the two calls of multipart uploads it lacks and tus's S3 store makes (ListParts and
 * AbortMultipartUpload), answered here from the parts s3rver keeps in its folder.
 */
export async function startLocalS3(bucket = "doula-media"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const answer = s3rver.callback();
  // Where s3rver keeps an unfinished multipart upload's parts (its file system store's layout).
  const uploadFolder = (uploadId: string) => path.join(directory, bucket, "._S3rver_uploads", uploadId);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const uploadId = url.searchParams.get("uploadId");
    const [, bucketName, ...keyParts] = url.pathname.split("/");
    if (uploadId && /^[0-9a-f]{32}$/.test(uploadId) && bucketName === bucket && !url.searchParams.has("partNumber")) {
      if (request.method === "GET") return void listParts(uploadId, decodeURIComponent(keyParts.join("/")), response);
      if (request.method === "DELETE") {
        void rm(uploadFolder(uploadId), { recursive: true, force: true }).then(() => response.writeHead(204).end());
        return;
      }
    }
    answer(request, response);
  });

  async function listParts(uploadId: string, key: string, response: ServerResponse) {
    const folder = uploadFolder(uploadId);
    const names = await readdir(folder).catch(() => null);
    if (!names) {
      response.writeHead(404, { "content-type": "application/xml" });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`,
      );
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const size = (await stat(path.join(folder, String(number)))).size;
        const md5 = (await readFile(path.join(folder, `${number}.md5`), "utf8")).trim();
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    response.writeHead(200, { "content-type": "application/xml" });
    response.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
        `<IsTruncated>false</IsTruncated>${parts.join("")}</ListPartsResult>`,
    );
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    environment: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
