import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Rgba = readonly [number, number, number, number];

/**
 * A small RGBA PNG drawn by a function of the pixel: for demo data (a signature, a document photo)
 * and tests, without an image library.
 */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const rowStart = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) rows.set(pixel(x, y), rowStart + 1 + x * 4);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A white handwritten-looking stroke on transparent: the shape of a pad export. */
export function signaturePng(seed = 1): Buffer {
  const width = 240;
  const height = 80;
  return encodePng(width, height, (x, y) => {
    const curve = 40 + Math.sin((x + seed * 17) / 14) * 22 * Math.cos(x / 50);
    return Math.abs(y - curve) < 2.2 && x > 10 && x < width - 10 ? [255, 255, 255, 255] : [0, 0, 0, 0];
  });
}

/** An identity-card-like picture: a coloured card with a photo box and text lines. */
export function documentPhotoPng(): Buffer {
  const width = 320;
  const height = 200;
  return encodePng(width, height, (x, y) => {
    if (x >= 20 && x < 110 && y >= 40 && y < 160) return [148, 163, 184, 255];
    if (x >= 130 && x < 290 && [60, 90, 120, 150].some((line) => y >= line && y < line + 8)) return [51, 65, 85, 255];
    if (y < 24) return [30, 58, 138, 255];
    return [226, 232, 240, 255];
  });
}
