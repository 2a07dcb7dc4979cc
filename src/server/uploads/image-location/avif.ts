import { code, fillRanges, fourcc, SPACE, u32be } from './bytes.ts';
import { boxes, reader } from './boxes.ts';
import { emptyExifLocation } from './exif.ts';
import { videoWithoutLocation } from './motion-photo.ts';

/**
 * AVIF (HEIF) keeps EXIF and XMP as items: the `meta` box's `iinf` names each item's type (`Exif`,
 * or `mime` with the type application/rdf+xml for XMP), its `iloc` where its bytes are (in the file,
 * usually in `mdat`, or in the `idat` box). The picture's orientation is a property of the image
 * item (irot, imir), not its EXIF.
 */
const [META, IINF, ILOC, IDAT, INFE, EXIF_ITEM, MIME_ITEM] = ['meta', 'iinf', 'iloc', 'idat', 'infe', 'Exif', 'mime'].map(code) as [number, number, number, number, number, number, number];

export function avifWithoutLocation(b: Uint8Array): boolean {
  // An AVIF sequence (avis) is a video too: its movie box, and any other's, is walked as a motion photo's video.
  const samples: [number, number][] = [];
  videoWithoutLocation(b, 0, samples);
  fillRanges(b, samples, 0);
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
      else if (extents.length !== 1 || start + 4 > end || !emptyExifLocation(b, start + 4 + u32be(b, start), end)) b.fill(0, start, end);
    }
  }
  return true;
}

