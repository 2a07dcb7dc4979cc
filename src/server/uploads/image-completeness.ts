/**
 * Whether an uploaded image's file holds the whole image, read from its structure alone (no decode:
 * an upload function stays free of native image code, and a 268-megapixel PNG is never unpacked).
 * A file cut short (a download or copy stopped part-way) still has a header that reads, and a browser
 * draws what arrived, so the admin's preview looks nearly right; but the Image CDN refuses it, and
 * the published article then shows no image at all.
 *
 * Each format is walked by the lengths it declares, and a file is cut short only when one of them runs
 * past its end, or it ends before the marker its format ends with. Bytes after that end (a camera's
 * trailer) are no concern of the image's: decoders stop at the end marker too.
 */
import type { ImageType } from '../../schemas/upload.ts';

type Check = (bytes: Uint8Array, view: DataView) => boolean;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * PNG: chunks of length, type, data and CRC after the 8-byte signature. The picture is whole once its
 * data (IDAT, one chunk or a run of them) has ended and another chunk begins: IEND, which every
 * encoder writes, or metadata, which decoders read past or leave unread.
 */
const pngIsWhole: Check = (bytes, view) => {
  let at = 8;
  let pictureBegun = false;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at + 4, 4);
    if (type === 'IDAT') pictureBegun = true;
    else if (pictureBegun) return true;
    const end = at + 12 + view.getUint32(at);
    if (end > bytes.length) return false;
    at = end;
  }
  return false;
};

/** JPEG markers that stand alone, with no length after them: TEM and the restart markers. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/**
 * JPEG: segments of marker and length after SOI; after each scan header (SOS), entropy-coded data in
 * which a 0xFF byte is followed by 0x00 (a stuffed byte) or a restart marker, so the next other marker
 * ends it; the image ends at EOI, after at least one scan. Bytes between segments that are no marker
 * are skipped to the next 0xFF, as decoders skip them.
 */
const jpegIsWhole: Check = (bytes, view) => {
  let at = 2;
  let scanned = false;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) {
      at++;
      continue;
    }
    const marker = bytes[at + 1];
    if (marker === undefined) return false;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9) return scanned;
    if (isStandalone(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) return false;
    const end = at + 2 + view.getUint16(at + 2);
    if (end > bytes.length) return false;
    at = end;
    if (marker !== 0xda) continue;
    scanned = true;
    while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !isStandalone(bytes[at + 1]!))) at++;
    if (at + 1 >= bytes.length) return false;
  }
  return false;
};

/** GIF sub-blocks from `at`, each a length byte and that many bytes, to the empty one: where they end, or -1 past the file. */
function afterSubBlocks(bytes: Uint8Array, at: number): number {
  while (at < bytes.length) {
    const size = bytes[at]!;
    if (size === 0) return at + 1;
    at += 1 + size;
  }
  return -1;
}

/** A GIF colour table's size in bytes, from a packed field whose top bit says there is one. */
const colourTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);

/**
 * GIF: the screen descriptor and its colour table, then extensions and images, each ending in an empty
 * sub-block, to the trailer. A file that stops between blocks after at least one whole image is
 * taken as whole: some encoders leave the trailer out, and every decoder draws such a file.
 */
const gifIsWhole: Check = (bytes) => {
  if (bytes.length < 13) return false;
  let at = 13 + colourTableBytes(bytes[10]!);
  let images = 0;
  while (at < bytes.length) {
    const block = bytes[at]!;
    if (block === 0x3b) return images > 0;
    if (block === 0x21) at = afterSubBlocks(bytes, at + 2);
    else if (block === 0x2c) {
      if (at + 11 > bytes.length) return false;
      // The image descriptor (9 bytes after its separator), its colour table, the LZW code size, the data.
      at = afterSubBlocks(bytes, at + 10 + colourTableBytes(bytes[at + 9]!) + 1);
      if (at !== -1) images++;
    } else return images > 0; // not a block: decoders stop here too
    if (at === -1) return false;
  }
  return images > 0 && at === bytes.length;
};

/**
 * WebP: a RIFF file, whose header gives the length of all that follows it, and its chunks (type, length,
 * data, a pad byte after an odd length), each within that length: libwebp refuses a file one of whose
 * chunks (its EXIF or XMP after the picture too) runs past it, whatever the header says.
 */
const webpIsWhole: Check = (bytes, view) => {
  if (bytes.length < 12) return false;
  const end = 8 + view.getUint32(4, true);
  if (end > bytes.length) return false;
  let at = 12;
  while (at + 8 <= end) {
    const chunkEnd = at + 8 + view.getUint32(at + 4, true);
    if (chunkEnd > end) return false;
    at = chunkEnd + (chunkEnd & 1);
  }
  return true;
};

/**
 * AVIF: ISO-BMFF boxes of a 32-bit size (1: a 64-bit one follows the type; 0: the box runs to the end
 * of the file), one after another; the image is there once its description (meta) and its media
 * data (mdat) have both ended within the file. What follows them is left alone, as decoders leave it.
 */
const avifIsWhole: Check = (bytes, view) => {
  const seen = new Set<string>();
  let at = 0;
  while (at + 8 <= bytes.length) {
    const type = ascii(bytes, at + 4, 4);
    const size32 = view.getUint32(at);
    let size = size32 === 0 ? bytes.length - at : size32;
    if (size32 === 1) {
      if (at + 16 > bytes.length) return false;
      size = Number(view.getBigUint64(at + 8));
    }
    if (size < 8 || at + size > bytes.length) return false;
    seen.add(type);
    if (seen.has('meta') && seen.has('mdat')) return true;
    at += size;
  }
  return false;
};

const CHECKS: Record<ImageType, Check> = {
  'image/png': pngIsWhole,
  'image/jpeg': jpegIsWhole,
  'image/gif': gifIsWhole,
  'image/webp': webpIsWhole,
  'image/avif': avifIsWhole,
};

/** Whether `bytes`, an image of `type` by its signature, run to the end of the image they begin. */
export function holdsWholeImage(bytes: Uint8Array, type: ImageType): boolean {
  return CHECKS[type](bytes, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
