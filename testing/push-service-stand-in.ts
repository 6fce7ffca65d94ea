import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// A browser's push service cannot be reached from here, so the tests run this local server in its
// place, admitted through PUSH_SERVICES like any other: our sender runs unchanged. It keeps what it
// was sent, and answers each endpoint as the test says (201 by default, 410 for one it forgot).

export type DeliveredPush = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer };

export type PushServiceStandIn = {
  origin: string;
  delivered: DeliveredPush[];
  /** Answer pushes to this path with this status from now on (410: the browser unsubscribed). */
  answer: (path: string, status: number) => void;
  close: () => Promise<void>;
};

export async function startPushServiceStandIn(): Promise<PushServiceStandIn> {
  const delivered: DeliveredPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      delivered.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    delivered,
    answer: (path, status) => void statuses.set(path, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291), and the JSON it sends us. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } },
    /** Decrypts an aes128gcm body (RFC 8188, keys from RFC 8291) as the browser would. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), serverPublicKey]);
      const inputKey = Buffer.from(hkdfSync("sha256", shared, auth, keyInfo, 32));
      const contentKey = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
      const nonce = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02, then any padding of zeros.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error("not the last record's delimiter");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}
