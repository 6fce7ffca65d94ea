import { createHmac, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/client.ts";
import { signingSecret } from "./videos-repository.ts";

// A video's files are reached only through addresses that expire (docs/videos.md): the address
// names the video's folder, the second it stops playing, and a signature of both made with a key
// only the servers know. A player follows the playlists' relative addresses inside that folder.

export const MEDIA_PREFIX = "/reactapi/videos";

export type AddressCheck = "good" | "expired" | "tampered";

export class SignedAddresses {
  private secret: Promise<string> | undefined;
  constructor(private readonly db: Queryable) {}

  private key() {
    this.secret ??= signingSecret(this.db).catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return this.secret;
  }

  private static signature(secret: string, folder: string, expires: number) {
    return createHmac("sha256", secret).update(`${folder}\n${expires}`).digest("base64url");
  }

  /** The address of a video's folder ("videos/12/3f9a…/"), good until `expires` (seconds since 1970). */
  async folderAddress(folder: string, expires: number): Promise<string> {
    const signature = SignedAddresses.signature(await this.key(), folder, expires);
    return `${MEDIA_PREFIX}/${expires}/${signature}/${folder.slice("videos/".length)}`;
  }

  async check(folder: string, expires: number, signature: string, now: Date): Promise<AddressCheck> {
    const expected = Buffer.from(SignedAddresses.signature(await this.key(), folder, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "tampered";
    return now.getTime() / 1000 < expires ? "good" : "expired";
  }
}
