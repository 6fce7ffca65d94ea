import { sentence } from "../../../contract/languages.ts";
import { createHash } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { PICTURE_MAX_BYTES, PICTURE_WIDTHS } from "../../../contract/pictures.ts";
import type { Queryable } from "../db/client.ts";
import { pictureVariants } from "./pictures-schema.ts";
import { HttpError } from "../http/errors.ts";
import type { MediaStorage, StoredObject } from "../storage/storage.ts";

/** Where pictures are kept: their sizes in the database, their files in the media storage. */
export type PictureStore = { db: Queryable; storage: MediaStorage };

const WEBP = "image/webp";
const variantKey = (picture: string, width: number) => `pictures/${picture}-${width}.webp`;

const notAPicture = sentence("That file is not a picture this site can show. Please choose a JPEG, PNG or WebP photo.");
const tooLarge = `That picture is larger than ${PICTURE_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller one, or a copy of it sent at a lower size.`;
// A decompression bomb (a tiny file that unfolds into billions of pixels) is refused before it is decoded.
const MAX_PIXELS = 50_000_000;

/** The bytes of an upload, refused with 413 once past the limit (`truncated` says the stream was cut there). */
export async function pictureBytes(stream: AsyncIterable<Uint8Array>, truncated: () => boolean): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk);
  } catch {
    throw new HttpError(400, "The upload was cut off or arrived damaged. Please try again.");
  }
  if (truncated()) throw new HttpError(413, tooLarge);
  const bytes = Buffer.concat(chunks);
  if (bytes.length === 0)
    throw new HttpError(400, "That file is empty. Choose the picture again, or another one.", { file: "That file is empty." });
  return bytes;
}

/**
 * Keeps a picture as WebP at PICTURE_WIDTHS (never enlarged), turned upright and with its metadata
 * left out (a phone's photo carries where it was taken). Answers its name: a hash of the upload, so
 * the same picture uploaded twice is kept once. A file that is not a picture is refused with 415.
 */
export async function storePicture({ db, storage }: PictureStore, bytes: Buffer): Promise<string> {
  let format: string | undefined;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    format = metadata.format;
  } catch {
    throw new HttpError(415, notAPicture, { file: notAPicture });
  }
  if (!format || !["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"].includes(format))
    throw new HttpError(415, notAPicture, { file: notAPicture });
  const picture = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const variants = [];
  for (const width of PICTURE_WIDTHS) {
    try {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ picture, width, height: info.height, bytes: data });
    } catch {
      throw new HttpError(415, notAPicture, { file: notAPicture });
    }
  }
  // The files first: a row names only a picture whose files are all there, on every server.
  for (const variant of variants) await storage.put(variantKey(picture, variant.width), variant.bytes, WEBP);
  await db
    .insert(pictureVariants)
    .values(variants.map(({ bytes: _stored, ...variant }) => ({ ...variant, bytes: null })))
    .onConflictDoNothing();
  return picture;
}

/** One width of a picture: its bytes (a picture kept in the database before the move), its file, or undefined when there is none. */
export async function readPictureVariant(
  { db, storage }: PictureStore,
  picture: string,
  width: number,
): Promise<{ bytes: Buffer } | { file: StoredObject } | undefined> {
  const [row] = await db
    .select({ bytes: pictureVariants.bytes })
    .from(pictureVariants)
    .where(and(eq(pictureVariants.picture, picture), eq(pictureVariants.width, width)));
  if (!row) return undefined;
  if (row.bytes) return { bytes: Buffer.from(row.bytes) };
  const file = await storage.read(variantKey(picture, width));
  return file ? { file } : undefined;
}

/**
 * Moves pictures stored in the database before the media storage existed into it, a few at a time
 * (the sweep runs it at start and every few hours). Two servers may move the same one: the file is
 * the same, and only the first clears the row's bytes.
 */
export async function movePicturesToStorage({ db, storage }: PictureStore, batch = 20): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .select({ picture: pictureVariants.picture, width: pictureVariants.width, bytes: pictureVariants.bytes })
      .from(pictureVariants)
      .where(isNotNull(pictureVariants.bytes))
      .limit(batch);
    if (rows.length === 0) return moved;
    for (const row of rows) {
      await storage.put(variantKey(row.picture, row.width), Buffer.from(row.bytes!), WEBP);
      await db
        .update(pictureVariants)
        .set({ bytes: null })
        .where(and(eq(pictureVariants.picture, row.picture), eq(pictureVariants.width, row.width), isNotNull(pictureVariants.bytes)));
      moved += 1;
    }
  }
}

/** Lets the routes of this plugin scope take one picture as multipart (call it in the scope of the upload routes only). */
export async function acceptPictureUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 20 },
  });
}

/** The picture in an upload's `file` field, stored; its name. */
export async function storeUploadedPicture(store: PictureStore, request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(415, "Send the picture as multipart/form-data, in a field named file.");
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch {
    throw new HttpError(400, "The upload was cut off or arrived damaged. Please try again.");
  }
  if (!part) throw new HttpError(400, "Choose a picture to upload.", { file: "Choose a picture to upload." });
  const file = part.file;
  return storePicture(store, await pictureBytes(file, () => file.truncated));
}
