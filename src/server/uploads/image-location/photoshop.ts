/**
 * A JPEG's APP13 segment as Photoshop writes it ("Photoshop 3.0", then image resource blocks), where
 * photo editors and agencies keep IPTC-IIM: its place fields (the city, sub-location, province or
 * state, country and its code, and the content location's code and name) become spaces of the same
 * length, the rest (caption, byline, copyright) stays. Photoshop's copies of EXIF in the same
 * segment lose their GPS directory, and its copy of XMP is kept only as any other packet is.
 */
import { SPACE, startsWith, u16be, u32be } from './bytes.ts';
import { exifWithoutLocation } from './exif.ts';
import { isFunctionalXmp } from './xmp.ts';

const PHOTOSHOP_HEADER = 'Photoshop 3.0\0';
/**
 * Photoshop 2.5's header: its name, then 8 bytes before the resource blocks. Rare, but read by
 * ExifTool as the above, so its place names are shown as any other's.
 */
const PHOTOSHOP_2_5_HEADER = 'Adobe_Photoshop2.5:';
const PHOTOSHOP_2_5_HEADER_BYTES = 27;

/** Where the resource blocks of an APP13 body at `body` start, or undefined when it is not Photoshop's. */
export function photoshopResources(b: Uint8Array, body: number): number | undefined {
  if (startsWith(b, body, PHOTOSHOP_HEADER)) return body + PHOTOSHOP_HEADER.length;
  if (startsWith(b, body, PHOTOSHOP_2_5_HEADER)) return body + PHOTOSHOP_2_5_HEADER_BYTES;
  return undefined;
}
/** The signatures an image resource block starts with: Photoshop's own, and those older tools wrote. */
const SIGNATURES = ['8BIM', 'PHUT', 'AgHg', 'DCSR', 'MeSa'];
const [IPTC, EXIF_DATA_1, EXIF_DATA_3, XMP] = [0x0404, 0x0422, 0x0423, 0x0424];
/** IIM's application record (2): 26 content location code, 27 its name, 90 city, 92 sub-location, 95 province or state, 100 country code, 101 country. */
const PLACE_DATASETS = new Set([26, 27, 90, 92, 95, 100, 101]);
const IIM_TAG = 0x1c;

/**
 * IIM datasets, each a tag marker (0x1C), a record, a dataset number, and a big-endian length:
 * 15 bits, or with the top bit set, the number of bytes (at most 4) of a longer length that follows.
 * A dataset cut short by the end is blanked as far as it goes; bytes that are not a dataset, but
 * for zeros after the last, make the whole block zeros: what they hold cannot be told.
 */
function iimWithoutLocation(b: Uint8Array, start: number, end: number): void {
  let i = start;
  while (i + 5 <= end && b[i] === IIM_TAG) {
    let length = u16be(b, i + 3);
    let value = i + 5;
    if (length & 0x8000) {
      const bytes = length & 0x7fff;
      if (bytes > 4 || value + bytes > end) break;
      length = 0;
      for (let k = 0; k < bytes; k++) length = length * 256 + b[value + k]!;
      value += bytes;
    }
    if (b[i + 1] === 2 && PLACE_DATASETS.has(b[i + 2]!)) b.fill(SPACE, value, Math.min(value + length, end));
    i = value + length;
  }
  if (i < end && b.subarray(i, end).some((byte) => byte !== 0)) b.fill(0, start, end);
}

/**
 * The image resource blocks in b[start, end): each a signature, a 16-bit id, a Pascal-string name
 * padded to an even length, a 32-bit size and the data, padded to an even length. False when they
 * do not parse: the segment is then blanked whole. A block cut short by the end is read as far as it goes.
 */
export function photoshopWithoutLocation(b: Uint8Array, start: number, end: number): boolean {
  let i = start;
  while (i + 12 <= end) {
    if (!SIGNATURES.some((signature) => startsWith(b, i, signature))) return false;
    const id = u16be(b, i + 4);
    const nameBytes = 1 + b[i + 6]!;
    const sizeAt = i + 6 + nameBytes + (nameBytes & 1);
    if (sizeAt + 4 > end) return false;
    const size = u32be(b, sizeAt);
    const data = sizeAt + 4;
    const dataEnd = Math.min(data + size, end);
    if (id === IPTC) iimWithoutLocation(b, data, dataEnd);
    else if (id === EXIF_DATA_1 || id === EXIF_DATA_3) exifWithoutLocation(b, data, dataEnd);
    else if (id === XMP && !isFunctionalXmp(b, data, dataEnd)) b.fill(SPACE, data, dataEnd);
    i = data + size + (size & 1);
  }
  return true;
}
