/**
 * Where a photo was taken, taken out of an uploaded JPEG before it is stored. A phone writes the
 * place into every photo (EXIF's GPS fields, and XMP's copy of them from photo editors), and the
 * original is public: each article page names it in its Image CDN addresses, and /objects/uploads/
 * serves it byte for byte, so a photo taken at home told every reader where that is. The CDN's
 * resized copies carry no metadata; the original now carries no location either.
 *
 * The bytes are changed in place and keep their length: the GPS fields are zeroed and their
 * directory emptied (the rest of the EXIF, the orientation a phone photo is drawn by included,
 * stays as it was), and an XMP packet becomes a comment of spaces. Nothing is decoded or re-encoded.
 * A segment that does not parse is left as it is.
 */

/** Bytes per value of each TIFF field type (1 BYTE ... 12 DOUBLE). */
const TYPE_BYTES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const GPS_IFD_TAG = 0x8825;
const EXIF_HEADER = 'Exif\0\0';
const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

/** Empties the GPS directory of the TIFF structure at b[start, end) (an EXIF segment's body). */
function emptyGpsDirectory(b: Uint8Array, start: number, end: number): void {
  if (end - start < 8) return;
  const order = ascii(b, start, 2);
  if (order !== 'II' && order !== 'MM') return;
  const view = new DataView(b.buffer, b.byteOffset + start, end - start);
  const little = order === 'II';
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const length = end - start;
  const ifd0 = u32(4);
  if (ifd0 + 2 > length) return;
  const entries0 = u16(ifd0);
  let gps: number | undefined;
  for (let i = 0; i < entries0; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (entry + 12 > length) return;
    if (u16(entry) === GPS_IFD_TAG) gps = u32(entry + 8);
  }
  if (gps === undefined || gps + 2 > length) return;
  const count = u16(gps);
  if (gps + 2 + count * 12 + 4 > length) return;
  for (let i = 0; i < count; i++) {
    const entry = gps + 2 + i * 12;
    const bytes = (TYPE_BYTES[u16(entry + 2)] ?? 1) * u32(entry + 4);
    // A value of more than four bytes lives elsewhere in the segment, at the offset the entry names.
    if (bytes > 4) {
      const at = u32(entry + 8);
      if (at + bytes <= length) b.fill(0, start + at, start + at + bytes);
    }
  }
  // No entries, then the next-directory offset (0): a directory with nothing in it.
  b.fill(0, start + gps, start + gps + 2 + count * 12 + 4);
}

/** A copy of the JPEG `bytes` with no location in its EXIF or XMP; any other image is answered as it is. */
export function withoutLocation(bytes: Uint8Array, type: string): Uint8Array {
  if (type !== 'image/jpeg') return bytes;
  const b = new Uint8Array(bytes);
  let i = 2;
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
    // The metadata comes before the scan; nothing after it is looked at.
    if (marker === 0xda || marker === 0xd9) break;
    const length = (b[i + 2]! << 8) | b[i + 3]!;
    const body = i + 4;
    const end = i + 2 + length;
    if (length < 2 || end > b.length) break;
    if (marker === 0xe1 && ascii(b, body, EXIF_HEADER.length) === EXIF_HEADER) {
      emptyGpsDirectory(b, body + EXIF_HEADER.length, end);
    } else if (marker === 0xe1 && ascii(b, body, XMP_HEADER.length) === XMP_HEADER) {
      b[i + 1] = 0xfe; // a comment (COM) segment of the same length
      b.fill(0x20, body, end);
    }
    i = end;
  }
  return b;
}
