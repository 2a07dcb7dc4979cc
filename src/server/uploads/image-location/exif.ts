/**
 * EXIF (a TIFF structure) without where the photo was taken: the GPS directory emptied and the
 * maker note zeroed, the rest (the orientation a phone photo is drawn by included) as it was; EXIF
 * that does not parse is zeroed whole, since what a reader might still find in it cannot be told
 * apart from a location.
 *
 * The maker note is the camera maker's own block, in a format of the maker's own: Nikon's, Pentax's
 * and Sony's hold a copy of the GPS fields, Nikon's a place name, Panasonic's the city, state,
 * country and landmark, Samsung's cameras' the place's name. Its value is zeroed whole, as
 * `exiftool -makernotes:all=` drops it, and as the XMP rule keeps only what is known to hold no
 * place (xmp.ts): every maker's format cannot be read, and the next one would be missed. No browser
 * or image CDN reads a maker note. Apple's alone stays: none of its fields holds a place, and iOS
 * draws an HDR photo's gain map by two of them (HDRHeadroom, HDRGain), as Ultra HDR's hdrgm XMP is kept.
 */
import { ascii, fillRanges, startsWith } from './bytes.ts';

/** Bytes per value of each TIFF field type (1 BYTE ... 12 DOUBLE). */
const TYPE_BYTES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const [EXIF_IFD_TAG, GPS_IFD_TAG, MAKER_NOTE_TAG] = [0x8769, 0x8825, 0x927c];
const EXIF_HEADER = 'Exif\0\0';
/** How Apple's maker note starts (ExifTool tells it by the same). */
const APPLE_MAKER_NOTE = 'Apple iOS\0';

/**
 * Empties the GPS directory and zeroes the maker note of the TIFF structure at b[start, end) (the
 * body of an EXIF block, after an optional `Exif\0\0`). False when the structure does not parse as
 * far as the directories that hold them (IFD0, the EXIF directory, the GPS directory).
 */
export function emptyExifLocation(b: Uint8Array, start: number, end: number): boolean {
  if (startsWith(b, start, EXIF_HEADER)) start += EXIF_HEADER.length;
  if (end - start < 8) return false;
  const order = ascii(b, start, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const view = new DataView(b.buffer, b.byteOffset + start, end - start);
  const little = order === 'II';
  const u16 = (at: number) => view.getUint16(at, little);
  const u32 = (at: number) => view.getUint32(at, little);
  const length = end - start;
  /** The entries of the directory at `at`, or undefined when they run past the end. */
  const entries = (at: number): number[] | undefined => {
    if (at + 2 > length) return undefined;
    const count = u16(at);
    if (at + 2 + count * 12 > length) return undefined;
    return Array.from({ length: count }, (_, i) => at + 2 + i * 12);
  };
  /** Where the entry's value is and how many bytes: after the entry's tag, type and count, in its last four bytes when it fits there, else at the offset they give. */
  const value = (entry: number): [at: number, bytes: number] => {
    const bytes = (TYPE_BYTES[u16(entry + 2)] ?? 1) * u32(entry + 4);
    return [bytes > 4 ? u32(entry + 8) : entry + 8, bytes];
  };
  /** The values to zero, each clipped to the block and written once however many entries name it. */
  const values: [number, number][] = [];
  const zero = ([at, bytes]: [number, number]) => values.push([start + at, start + Math.min(at + bytes, length)]);
  const ifd0 = entries(u32(4));
  if (!ifd0) return false;
  const pointer = (tag: number) => ifd0.filter((entry) => u16(entry) === tag).map((entry) => u32(entry + 8)).at(-1);
  const [exif, gps] = [pointer(EXIF_IFD_TAG), pointer(GPS_IFD_TAG)];
  const exifEntries = exif === undefined ? [] : entries(exif);
  const gpsEntries = gps === undefined ? [] : entries(gps);
  if (!exifEntries || !gpsEntries) return false;
  if (gps !== undefined) {
    if (gps + 2 + gpsEntries.length * 12 + 4 > length) return false;
    // A value of more than four bytes lives elsewhere in the block, at the offset the entry names.
    for (const entry of gpsEntries) if (value(entry)[1] > 4) zero(value(entry));
    // No entries, then the next-directory offset (0): a directory with nothing in it.
    b.fill(0, start + gps, start + gps + 2 + gpsEntries.length * 12 + 4);
  }
  for (const entry of exifEntries) {
    if (u16(entry) === MAKER_NOTE_TAG && !startsWith(b, start + value(entry)[0], APPLE_MAKER_NOTE)) zero(value(entry));
  }
  fillRanges(b, values, 0);
  return true;
}

/** The EXIF block b[start, end) without its location, or, when it does not parse, zeroed whole. */
export function exifWithoutLocation(b: Uint8Array, start: number, end: number): void {
  if (!emptyExifLocation(b, start, end)) b.fill(0, start, end);
}
