/**
 * The pixel size an uploaded image declares in its header, read without decoding it. A PNG, GIF or
 * WebP of a few hundred kilobytes can declare 60,000 x 60,000 pixels (a run of zeros compresses a
 * thousand to one): stored, it is an image the Image CDN refuses to decode, so the article shows
 * none, and one the admin panel's preview asks the browser to unpack into gigabytes.
 */
import type { ImageType } from '../schemas/upload.ts';

export interface ImageSize {
  width: number;
  height: number;
}

const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/** PNG: the IHDR chunk, always first (width and height, 4 bytes each, big-endian). */
function png(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** GIF: the logical screen, which every frame is drawn within. */
function gif(b: Uint8Array): ImageSize | null {
  return b.length < 10 ? null : { width: u16le(b, 6), height: u16le(b, 8) };
}

/** JPEG: the frame header (SOF0-SOF15 but DHT, JPG and DAC), found by walking the markers before it. */
function jpeg(b: Uint8Array): ImageSize | null {
  let i = 2;
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2; // markers with no length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return i + 9 <= b.length ? { width: u16be(b, i + 7), height: u16be(b, i + 5) } : null;
    }
    i += 2 + length;
  }
  return null;
}

/** WebP: the first chunk, lossy (VP8), lossless (VP8L) or extended (VP8X, the canvas). */
function webp(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}

/** The ISO-BMFF boxes within b[start, end): type, and where each one's content starts and ends. */
function* boxes(b: Uint8Array, start: number, end: number): Generator<{ type: string; from: number; to: number }> {
  let i = start;
  while (i + 8 <= end) {
    let size = u32be(b, i);
    let header = 8;
    if (size === 1) {
      if (i + 16 > end) return;
      size = u32be(b, i + 8) * 2 ** 32 + u32be(b, i + 12);
      header = 16;
    } else if (size === 0) {
      size = end - i;
    }
    if (size < header) return;
    const to = Math.min(i + size, end);
    yield { type: ascii(b, i + 4, 4), from: i + header, to };
    i += size;
  }
}

const child = (b: Uint8Array, from: number, to: number, type: string) => [...boxes(b, from, to)].find((x) => x.type === type);

/**
 * AVIF: the largest of the `ispe` (image spatial extent) properties in meta > iprp > ipco, which
 * every image item must have; a grid's is the whole canvas.
 */
function avif(b: Uint8Array): ImageSize | null {
  const meta = child(b, 0, b.length, 'meta');
  const iprp = meta && child(b, meta.from + 4, meta.to, 'iprp'); // meta is a full box: 4 bytes of version and flags
  const ipco = iprp && child(b, iprp.from, iprp.to, 'ipco');
  if (!ipco) return null;
  let size: ImageSize | null = null;
  for (const p of boxes(b, ipco.from, ipco.to)) {
    if (p.type !== 'ispe' || p.from + 12 > p.to) continue;
    const width = u32be(b, p.from + 4);
    const height = u32be(b, p.from + 8);
    if (!size || width * height > size.width * size.height) size = { width, height };
  }
  return size;
}

/** The width and height `bytes` (an image of `type`, as sniffed) declare, or null when its header does not say. */
export function imageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  const read = { 'image/png': png, 'image/gif': gif, 'image/jpeg': jpeg, 'image/webp': webp, 'image/avif': avif }[type];
  const size = read(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
