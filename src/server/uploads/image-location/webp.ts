/** A WebP's location: its EXIF and XMP chunks. */
import { code, fourcc, SPACE, u32le } from './bytes.ts';
import { exifWithoutLocation } from './exif.ts';

const [WEBP_EXIF, WEBP_XMP] = [code('EXIF'), code('XMP ')];

export function webpWithoutLocation(b: Uint8Array): void {
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

