/**
 * Where a photo was taken, taken out of an uploaded image before it is stored. A phone writes the
 * place into every photo (EXIF's GPS fields, and XMP's copy of them from photo editors), and the
 * original is public: each article page names it in its Image CDN addresses, and /objects/uploads/
 * serves it byte for byte, so a photo taken at home told every reader where that is. The CDN's
 * resized copies carry no metadata; the original now carries no location either, whichever of
 * the five upload types it is: JPEG (APP1 segments, of each image in the file), PNG (eXIf, text chunks), WebP (EXIF and
 * XMP chunks), AVIF (Exif and XMP items) and GIF (the XMP application extension).
 *
 * The bytes are changed in place and keep their length, so the answer to an upload's last part
 * sent again (which names the size sent) matches the first, and nothing is decoded or re-encoded
 * (no image library runs in a function). The GPS fields are zeroed and their directory emptied
 * (the rest of the EXIF, the orientation a phone photo is drawn by included, stays as it was);
 * an XMP packet becomes spaces, or a comment of spaces where the format has one. EXIF that does
 * not parse is blanked whole: what a reader might still find in it cannot be told apart from a
 * location. A file whose structure stops parsing is walked no further; a metadata block cut
 * short by the end of the file is blanked as far as it goes. An AVIF whose item tables do not
 * parse is refused: where its EXIF is cannot be told (and no decoder draws it either).
 */
import { crc32 } from 'node:zlib';

/** Bytes per value of each TIFF field type (1 BYTE ... 12 DOUBLE). */
const TYPE_BYTES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const GPS_IFD_TAG = 0x8825;
const EXIF_HEADER = 'Exif\0\0';
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';
/** A JPEG's Extended XMP: the part of a packet too large for one segment, in further segments. */
const EXTENDED_XMP_HEADER = 'http://ns.adobe.com/xmp/extension/\0';
const SPACE = 0x20;

/** The n bytes at i as Latin-1 (fewer past the end). */
function ascii(b: Uint8Array, i: number, n: number): string {
  let text = '';
  for (let k = i, stop = Math.min(i + n, b.length); k < stop; k++) text += String.fromCharCode(b[k]!);
  return text;
}
/** The four-character type at i: compared without building a string, which a file of a million chunks makes hot. */
const fourcc = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const code = (type: string) => fourcc(new TextEncoder().encode(type), 0);
/** Whether the bytes at i are `text` (Latin-1). */
function startsWith(b: Uint8Array, i: number, text: string): boolean {
  if (i + text.length > b.length) return false;
  for (let k = 0; k < text.length; k++) if (b[i + k] !== text.charCodeAt(k)) return false;
  return true;
}
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u32le = (b: Uint8Array, i: number) => ((b[i + 3]! << 24) >>> 0) + (b[i + 2]! << 16) + (b[i + 1]! << 8) + b[i]!;

/**
 * Empties the GPS directory of the TIFF structure at b[start, end) (the body of an EXIF block,
 * after an optional `Exif\0\0`). False when the structure does not parse as far as that directory.
 */
function emptyGpsDirectory(b: Uint8Array, start: number, end: number): boolean {
  if (startsWith(b, start, EXIF_HEADER)) start += EXIF_HEADER.length;
  if (end - start < 8) return false;
  const order = ascii(b, start, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const view = new DataView(b.buffer, b.byteOffset + start, end - start);
  const little = order === 'II';
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const length = end - start;
  const ifd0 = u32(4);
  if (ifd0 + 2 > length) return false;
  const entries0 = u16(ifd0);
  let gps: number | undefined;
  for (let i = 0; i < entries0; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > length) return false;
    if (u16(entry) === GPS_IFD_TAG) gps = u32(entry + 8);
  }
  if (gps === undefined) return true;
  if (gps + 2 > length) return false;
  const count = u16(gps);
  if (gps + 2 + count * 12 + 4 > length) return false;
  for (let i = 0; i < count; i++) {
    const entry = gps + 2 + i * 12;
    const bytes = (TYPE_BYTES[u16(entry + 2)] ?? 1) * u32(entry + 4);
    // A value of more than four bytes lives elsewhere in the block, at the offset the entry names.
    if (bytes > 4) {
      const at = u32(entry + 8);
      if (at + bytes <= length) b.fill(0, start + at, start + at + bytes);
    }
  }
  // No entries, then the next-directory offset (0): a directory with nothing in it.
  b.fill(0, start + gps, start + gps + 2 + count * 12 + 4);
  return true;
}

/** The GPS directory of the EXIF block b[start, end) emptied, or, when it does not parse, the whole block zeroed. */
function exifWithoutLocation(b: Uint8Array, start: number, end: number): void {
  if (!emptyGpsDirectory(b, start, end)) b.fill(0, start, end);
}

/** The metadata segments of the JPEG image whose SOI marker is at `soi`, up to its scan; answers where the walk stopped. */
function jpegImageWithoutLocation(b: Uint8Array, soi: number): number {
  let i = soi + 2;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    // An image's metadata comes before its scan: its walk ends there (jpegWithoutLocation looks on for the next image).
    if (marker === 0xda || marker === 0xd9) break;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const body = i + 4;
    const end = Math.min(i + 2 + length, b.length);
    if (length < 2) break;
    if (marker === 0xe1) {
      const isExif = startsWith(b, body, EXIF_HEADER);
      if (isExif && emptyGpsDirectory(b, body + EXIF_HEADER.length, end)) {
        // Read through: the rest of it stays.
      } else if (isExif || startsWith(b, body, XMP_HEADER) || startsWith(b, body, EXTENDED_XMP_HEADER)) {
        b[i + 1] = 0xfe; // a comment (COM) segment of the same length
        b.fill(SPACE, body, end);
      }
    }
    i += 2 + length;
  }
  return i;
}

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Every image of a JPEG file: the first, and those after it (MPF's, as cameras store a large
 * preview and phones an HDR gain map), each a JPEG of its own with its own EXIF and XMP, served
 * with the file. Looked for from the end of each walk, never inside a scan: there a 0xFF is
 * followed only by 0x00 or a restart marker, so FF D8 FF starts an image wherever it is found.
 */
function jpegWithoutLocation(b: Uint8Array): void {
  const buffer = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  for (let next = jpegImageWithoutLocation(b, 0); next < b.length; ) {
    const soi = buffer.indexOf(JPEG_START, next);
    if (soi < 0) break;
    next = jpegImageWithoutLocation(b, soi);
  }
}

/** Text chunks whose keyword says they hold XMP, or EXIF, IPTC or XMP as ImageMagick writes them (hex). */
const PNG_METADATA_KEYWORD = /^(XML:com\.adobe\.xmp|Raw profile type \w+)$/;
const PNG_COMMENT = 'Comment\0';
/** eXIf, and the private chunks ImageMagick wrote EXIF in before it (exIf as is, zxIf deflated), which readers still read. */
const [EXIF_CHUNKS, DEFLATED_EXIF_CHUNK] = [[code('eXIf'), code('exIf')], code('zxIf')];
const TEXT_CHUNKS = [code('tEXt'), code('zTXt'), code('iTXt')];

function pngWithoutLocation(b: Uint8Array): void {
  // Walked to the end of the file, not to IEND: chunks written after it are served too.
  let i = 8;
  while (i + 8 <= b.length) {
    const length = u32be(b, i);
    const type = fourcc(b, i + 4);
    const data = i + 8;
    const end = Math.min(data + length, b.length);
    let changed = false;
    if (EXIF_CHUNKS.includes(type)) {
      exifWithoutLocation(b, data, end);
      changed = true;
    } else if (type === DEFLATED_EXIF_CHUNK) {
      // Its GPS directory cannot be emptied without inflating and deflating it again: zeros, a chunk no browser reads.
      b.fill(0, data, end);
      changed = true;
    } else if (TEXT_CHUNKS.includes(type)) {
      const keywordEnd = b.subarray(data, Math.min(end, data + 80)).indexOf(0);
      if (keywordEnd > 0 && PNG_METADATA_KEYWORD.test(ascii(b, data, keywordEnd)) && end - data >= PNG_COMMENT.length) {
        // A tEXt comment of spaces the same length: the chunk stays a valid text chunk.
        b.set(new TextEncoder().encode('tEXt' + PNG_COMMENT), i + 4);
        b.fill(SPACE, data + PNG_COMMENT.length, end);
        changed = true;
      }
    }
    // Every chunk carries the CRC of its type and data, which a decoder checks.
    if (changed && data + length + 4 <= b.length) {
      new DataView(b.buffer, b.byteOffset).setUint32(data + length, crc32(b.subarray(i + 4, data + length)));
    }
    i = data + length + 4;
  }
}

const [WEBP_EXIF, WEBP_XMP] = [code('EXIF'), code('XMP ')];

function webpWithoutLocation(b: Uint8Array): void {
  // RIFF chunks: a four-character type, a little-endian size, the data padded to an even length.
  // Walked to the end of the file, not of the size the RIFF header gives: bytes past that are served too.
  let i = 12;
  while (i + 8 <= b.length) {
    const type = fourcc(b, i);
    const size = u32le(b, i + 4);
    const data = i + 8;
    const end = Math.min(data + size, b.length);
    if (type === WEBP_EXIF) exifWithoutLocation(b, data, end);
    // The VP8X header's XMP flag stays set: a packet of spaces is an XMP packet with nothing in it.
    else if (type === WEBP_XMP) b.fill(SPACE, data, end);
    i = data + size + (size & 1);
  }
}

interface Box {
  /** Its four-character type (fourcc). */
  type: number;
  start: number;
  /** Where its content starts, after the size and type (and a full box's version and flags). */
  body: number;
  end: number;
}

/** The ISO-BMFF boxes in b[start, end). */
function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const list: Box[] = [];
  let i = start;
  while (i + 8 <= end) {
    let size = u32be(b, i);
    let body = i + 8;
    if (size === 1) {
      if (i + 16 > end) break;
      size = u32be(b, i + 8) * 2 ** 32 + u32be(b, i + 12);
      body = i + 16;
    } else if (size === 0) {
      size = end - i; // to the end of its container
    }
    if (size < body - i) break;
    // A box cut short by the end of its container is the last, as far as it goes.
    list.push({ type: fourcc(b, i + 4), start: i, body, end: Math.min(i + size, end) });
    i += size;
  }
  return list;
}

/** Reads unsigned big-endian integers of 0, 4 or 8 bytes along b, from `at` on. */
function reader(b: Uint8Array, at: number, end: number) {
  return {
    get at() {
      return at;
    },
    uint(bytes: number): number {
      if (at + bytes > end) throw new RangeError('past the end of its box');
      let value = 0;
      for (let k = 0; k < bytes; k++) value = value * 256 + b[at + k]!;
      at += bytes;
      return value;
    },
    string(): string {
      const stop = b.subarray(at, end).indexOf(0);
      if (stop < 0) throw new RangeError('an unterminated string');
      const text = ascii(b, at, stop);
      at += stop + 1;
      return text;
    },
  };
}

/**
 * AVIF (HEIF) keeps EXIF and XMP as items: the `meta` box's `iinf` names each item's type (`Exif`,
 * or `mime` with the type application/rdf+xml for XMP), its `iloc` where its bytes are (in the file,
 * usually in `mdat`, or in the `idat` box). The picture's orientation is a property of the image
 * item (irot, imir), not its EXIF.
 */
const [META, IINF, ILOC, IDAT, INFE, EXIF_ITEM, MIME_ITEM] = ['meta', 'iinf', 'iloc', 'idat', 'infe', 'Exif', 'mime'].map(code) as [number, number, number, number, number, number, number];

function avifWithoutLocation(b: Uint8Array): boolean {
  const meta = boxes(b, 0, b.length).find((box) => box.type === META);
  if (!meta) return true;
  const children = boxes(b, meta.body + 4, meta.end);
  const iinf = children.find((box) => box.type === IINF);
  const iloc = children.find((box) => box.type === ILOC);
  const idat = children.find((box) => box.type === IDAT);
  if (!iinf) return true;
  const kinds = new Map<number, 'exif' | 'xmp'>();
  const places: { kind: 'exif' | 'xmp'; extents: [start: number, end: number][] }[] = [];
  try {
    const countBytes = b[iinf.body] === 0 ? 2 : 4;
    for (const infe of boxes(b, iinf.body + 4 + countBytes, iinf.end)) {
      const version = b[infe.body];
      if (infe.type !== INFE || (version !== 2 && version !== 3)) continue;
      const r = reader(b, infe.body + 4, infe.end);
      const id = r.uint(version === 2 ? 2 : 4);
      r.uint(2); // item_protection_index
      const typeAt = r.at;
      r.uint(4);
      const type = fourcc(b, typeAt);
      r.string(); // item_name
      if (type === EXIF_ITEM) kinds.set(id, 'exif');
      else if (type === MIME_ITEM && r.string().split(';')[0]!.trim() === 'application/rdf+xml') kinds.set(id, 'xmp');
    }
    if (kinds.size === 0) return true;
    if (!iloc) return false;
    const version = b[iloc.body]!;
    const r = reader(b, iloc.body + 4, iloc.end);
    const sizes = r.uint(2);
    const [offsetSize, lengthSize, baseOffsetSize] = [sizes >> 12, (sizes >> 8) & 15, (sizes >> 4) & 15];
    const indexSize = version === 1 || version === 2 ? sizes & 15 : 0;
    const items = r.uint(version < 2 ? 2 : 4);
    for (let n = 0; n < items; n++) {
      const id = r.uint(version < 2 ? 2 : 4);
      const construction = version === 1 || version === 2 ? r.uint(2) & 15 : 0;
      r.uint(2); // data_reference_index
      const base = r.uint(baseOffsetSize);
      const extents: [number, number][] = [];
      const extentCount = r.uint(2);
      // An extent whose offset, length and index take no bytes is the whole file from the base
      // offset: one such is an item, more say nothing more, and each would cost a pass of this
      // loop for none of the box's bytes (65,535 for every 6 bytes: hours for a few kilobytes).
      if (extentCount > 1 && indexSize + offsetSize + lengthSize === 0) throw new RangeError('extents that hold no bytes');
      for (let e = extentCount; e > 0; e--) {
        r.uint(indexSize);
        const offset = base + r.uint(offsetSize);
        const length = r.uint(lengthSize);
        // Offsets into the file (construction 0), or into the idat box's content (1).
        const start = (construction === 1 ? (idat?.body ?? b.length) : 0) + offset;
        // A length of 0: to the end of the file.
        extents.push([Math.min(start, b.length), Math.min(length ? start + length : b.length, b.length)]);
      }
      const kind = kinds.get(id);
      // An item made of other items' bytes (construction 2) holds no bytes of its own to blank.
      if (kind && construction < 2) places.push({ kind, extents });
    }
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
  for (const { kind, extents } of places) {
    for (const [start, end] of extents) {
      if (kind === 'xmp') b.fill(SPACE, start, end);
      // An Exif item: the offset of its TIFF header after the first four bytes, then the TIFF structure.
      else if (extents.length !== 1 || start + 4 > end || !emptyGpsDirectory(b, start + 4 + u32be(b, start), end)) b.fill(0, start, end);
    }
  }
  return true;
}

const GIF_XMP = Buffer.from('\x21\xff\x0bXMP DataXMP', 'latin1');
const GIF_XMP_TRAILER = Buffer.from([0x01, 0xff, 0xfe]);

/**
 * GIF keeps XMP as an application extension whose packet is sent raw, followed by a 258-byte "magic
 * trailer" (1, 255, 254 ... 1, 0, 0) that lets a decoder reading sub-blocks land on the end whatever the text was.
 * Spaces keep that true: each is read as a 32-byte sub-block, never as the end.
 */
function gifWithoutLocation(b: Uint8Array): void {
  const buffer = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  for (let i = buffer.indexOf(GIF_XMP, 13); i >= 0; i = buffer.indexOf(GIF_XMP, i + GIF_XMP.length)) {
    const start = i + GIF_XMP.length;
    // Where a decoder finds the extension's end: its sub-blocks walked to the empty one.
    let end = start;
    while (end < b.length && b[end] !== 0) end += b[end]! + 1;
    end = Math.min(end, b.length);
    const trailer = buffer.subarray(0, end).indexOf(GIF_XMP_TRAILER, start);
    if (trailer >= 0) b.fill(SPACE, start, trailer);
    else {
      // No trailer: the sub-blocks as they are, their contents blanked.
      for (let k = start; k < end; k += b[k]! + 1) b.fill(SPACE, k + 1, Math.min(k + 1 + b[k]!, end));
    }
  }
}

const BY_TYPE: Record<string, (b: Uint8Array) => boolean | void> = {
  'image/jpeg': jpegWithoutLocation,
  'image/png': pngWithoutLocation,
  'image/webp': webpWithoutLocation,
  'image/avif': avifWithoutLocation,
  'image/gif': gifWithoutLocation,
};

/**
 * A copy of the image `bytes`, of the sniffed `type`, with no location in its EXIF or XMP (any other
 * type answered as it is), or null for an AVIF that names EXIF or XMP items in tables that do not
 * parse: where their bytes are cannot be told, and no decoder shows such a file either.
 */
export function withoutLocation(bytes: Uint8Array, type: string): Uint8Array | null {
  const strip = BY_TYPE[type];
  if (!strip) return bytes;
  const b = new Uint8Array(bytes);
  return strip(b) === false ? null : b;
}
