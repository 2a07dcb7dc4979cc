/**
 * EXIF (a TIFF structure) without its GPS fields: the GPS directory emptied, the rest (the
 * orientation a phone photo is drawn by included) as it was; EXIF that does not parse is zeroed
 * whole, since what a reader might still find in it cannot be told apart from a location.
 */
import { ascii, startsWith } from './bytes.ts';

/** Bytes per value of each TIFF field type (1 BYTE ... 12 DOUBLE). */
const TYPE_BYTES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const GPS_IFD_TAG = 0x8825;
const EXIF_HEADER = 'Exif\0\0';
/**
 * Empties the GPS directory of the TIFF structure at b[start, end) (the body of an EXIF block,
 * after an optional `Exif\0\0`). False when the structure does not parse as far as that directory.
 */
export function emptyGpsDirectory(b: Uint8Array, start: number, end: number): boolean {
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
export function exifWithoutLocation(b: Uint8Array, start: number, end: number): void {
  if (!emptyGpsDirectory(b, start, end)) b.fill(0, start, end);
}

