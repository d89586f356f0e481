import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/*
 * Images made for the tests with sharp itself: real files, with the metadata a
 * phone camera writes.
 */

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** A picture red on its left half and blue on its right: after a rotation, where red lands tells. */
function halves(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    {
      input: { create: { width: width / 2, height, channels: 3, background: BLUE } },
      left: width / 2,
      top: 0,
    },
  ]);
}

/**
 * A JPEG as a phone takes it: 1200×800 pixels held sideways (EXIF orientation 6:
 * shown 800×1200, rotated a quarter turn clockwise), with GPS coordinates, the
 * owner's name and a Display P3 colour profile.
 */
export async function phoneJpeg(): Promise<Buffer> {
  const flat = await halves(1200, 800).jpeg().toBuffer();
  return sharp(flat)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Copyright: 'Ada Lovelace, private', Artist: 'Ada Lovelace' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 26/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 39/1',
      },
    })
    .withIccProfile('p3')
    .toBuffer();
}

/** A PNG of `width`×`height` with EXIF (an author) in it. */
export function png(width: number, height: number): Promise<Buffer> {
  return halves(width, height)
    .png()
    .withExif({ IFD0: { Artist: 'Ada Lovelace' } })
    .toBuffer();
}

export function gif(width: number, height: number): Promise<Buffer> {
  return halves(width, height).gif().toBuffer();
}

export function webp(width: number, height: number): Promise<Buffer> {
  return halves(width, height).webp().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header claiming 50 000 × 50 000 pixels (2.5
 * billion, 7.5 GB decoded) in a file of a few dozen bytes.
 */
export function pixelBombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The colour of one pixel of an encoded image, as [r, g, b]. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}
