import { crc32, deflateSync } from "node:zlib";

// PNGs whose header is honest enough to pass a signature check but whose body breaks a decoder:
// what once ended the whole server when the agreement's PDF drew one (docs/care.md, Signing).

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function header(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bits per channel
  data[9] = 6; // colour type: RGBA
  return chunk("IHDR", data);
}

const png = (width: number, height: number, idat: Buffer) =>
  Buffer.concat([SIGNATURE, header(width, height), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0))]);

/** A 10 × 10 picture whose pixel data is not a zlib stream at all. */
export const brokenZlibPng = () => png(10, 10, Buffer.from("these bytes were never compressed by anyone, honestly".repeat(2)));

/** A 10 × 10 picture whose rows start with filter 9 (PNG knows 0 to 4). */
export const badFilterPng = () => {
  const row = Buffer.concat([Buffer.from([9]), Buffer.alloc(10 * 4, 0x7f)]);
  return png(10, 10, deflateSync(Buffer.concat(Array.from({ length: 10 }, () => row))));
};

/** A header claiming 100,000 × 100,000 pixels (40 GB decoded) over a few bytes of data. */
export const hugeHeaderPng = () => png(100_000, 100_000, deflateSync(Buffer.alloc(1024)));

/** A well-made picture of this size, every pixel ink on paper: what a canvas writes. */
export const wellMadePng = (width: number, height: number) => {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x33)]);
  return png(width, height, deflateSync(Buffer.concat(Array.from({ length: height }, () => row))));
};

export const hostilePngs = {
  "a broken zlib stream": brokenZlibPng,
  "a bad filter byte": badFilterPng,
  "a 100,000 × 100,000 header": hugeHeaderPng,
};

export const asDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;
