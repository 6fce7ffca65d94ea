import sharp from "sharp";
import { sentence } from "../../../contract/languages.ts";
import { HttpError } from "../http/errors.ts";

// A drawing is decoded and written again on the server, and only what sharp wrote is kept: the
// PDF library that draws it later trusts its PNG, and a hostile one (a broken zlib stream, a bad
// filter byte, a huge or bomb-like picture) once ended the whole server (docs/care.md).
export const DRAWN_SIGNATURE_LIMITS = { width: 1600, height: 800, storedBytes: 256 * 1024 } as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The drawing written again as a PNG within the limits, or null when its bytes are not such a picture. */
export async function reencodedDrawing(bytes: Uint8Array): Promise<Uint8Array | null> {
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (input.length < PNG_SIGNATURE.length || !input.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) return null;
  const { width, height } = DRAWN_SIGNATURE_LIMITS;
  try {
    // The header alone says the size: a picture past the limits is refused before a pixel is decoded.
    const metadata = await sharp(input, { limitInputPixels: width * height }).metadata();
    if (metadata.format !== "png" || !metadata.width || !metadata.height || metadata.width > width || metadata.height > height) return null;
    const png = await sharp(input, { limitInputPixels: width * height, failOn: "warning" })
      .png({ compressionLevel: 9, adaptiveFiltering: true })
      .toBuffer();
    return png.length <= DRAWN_SIGNATURE_LIMITS.storedBytes ? new Uint8Array(png) : null;
  } catch {
    return null;
  }
}

/** The PNG inside a canvas's data URL, written again; a 400 with a sentence when it is not a drawing we can keep. */
export async function drawnSignatureOf(dataUrl: string): Promise<Uint8Array> {
  const drawing = await reencodedDrawing(new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64")));
  if (!drawing)
    throw new HttpError(400, "The drawn signature is not a picture we can keep; please draw it again or leave it out.", {
      drawn_signature: sentence("Please draw your signature again, or leave it out."),
    });
  return drawing;
}
