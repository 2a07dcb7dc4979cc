/** A PNG's location: its eXIf chunks (and ImageMagick's older ones) and its XMP and raw-profile text chunks, to the end of the file. */
import { crc32 } from 'node:zlib';
import { ascii, code, fourcc, SPACE, u32be } from './bytes.ts';
import { exifWithoutLocation } from './exif.ts';

/** Text chunks whose keyword says they hold XMP, or EXIF, IPTC or XMP as ImageMagick writes them (hex). */
const PNG_METADATA_KEYWORD = /^(XML:com\.adobe\.xmp|Raw profile type \w+)$/;
const PNG_COMMENT = 'Comment\0';
/** eXIf, and the private chunks ImageMagick wrote EXIF in before it (exIf as is, zxIf deflated), which readers still read. */
const [EXIF_CHUNKS, DEFLATED_EXIF_CHUNK] = [[code('eXIf'), code('exIf')], code('zxIf')];
const TEXT_CHUNKS = [code('tEXt'), code('zTXt'), code('iTXt')];

export function pngWithoutLocation(b: Uint8Array): void {
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

