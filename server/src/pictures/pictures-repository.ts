import { sentence } from "../../../contract/languages.ts";
import { createHash } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { PICTURE_MAX_BYTES, PICTURE_WIDTHS } from "../../../contract/pictures.ts";
import type { Queryable } from "../db/client.ts";
import { pictureVariants } from "./pictures-schema.ts";
import { HttpError } from "../http/errors.ts";

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
export async function storePicture(db: Queryable, bytes: Buffer): Promise<string> {
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
  await db.insert(pictureVariants).values(variants).onConflictDoNothing();
  return picture;
}

export async function readPictureVariant(db: Queryable, picture: string, width: number) {
  const [row] = await db
    .select({ bytes: pictureVariants.bytes })
    .from(pictureVariants)
    .where(and(eq(pictureVariants.picture, picture), eq(pictureVariants.width, width)));
  return row;
}

/** Lets the routes of this plugin scope take one picture as multipart (call it in the scope of the upload routes only). */
export async function acceptPictureUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6, headerPairs: 20 },
  });
}

/** The picture in an upload's `file` field, stored; its name. */
export async function storeUploadedPicture(db: Queryable, request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw new HttpError(415, "Send the picture as multipart/form-data, in a field named file.");
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file();
  } catch {
    throw new HttpError(400, "The upload was cut off or arrived damaged. Please try again.");
  }
  if (!part) throw new HttpError(400, "Choose a picture to upload.", { file: "Choose a picture to upload." });
  const file = part.file;
  return storePicture(db, await pictureBytes(file, () => file.truncated));
}
