/**
 * A motion photo's video. Google's and Samsung's cameras append an MP4 of the seconds around the
 * shot after the JPEG (announced by XMP's GCamera and Container directory, or inside Samsung's
 * trailer), and it is served with the photo. Its movie box can say where it was filmed: its user
 * data (`©xyz` or `@xyz`, an ISO 6709 string, 3GPP's `loci`, a camera maker's own boxes),
 * QuickTime's keyed metadata (com.apple.quicktime.location.ISO6709 and the other location keys),
 * XMP, and a track of timed metadata whose samples say where, moment by moment
 * (timed-metadata.ts). Each such box becomes a `free` box of zeros of the same size, which every
 * reader skips, and a location track's samples zeros; the video plays as before. Cutting the video
 * off instead would change the file's length, which the answer to an upload's last part sent again
 * must keep. An AVIF sequence's movie box is walked the same way (avif.ts).
 *
 * The video is found by its bytes, not the XMP's word (a photo may lack it, or an editor may have
 * dropped it): each file type box (`ftyp`) after the first image's header starts a walk of the
 * top-level boxes that follow it. The walk goes down a fixed path only (moov, its tracks, their
 * user data, metadata and sample tables), and the search for the next `ftyp` goes on from where a walk stopped
 * (a box cut short by the end of the file stops it at its header, lest a chance `ftyp` in the
 * picture's own bytes hide a real video after it), so no byte is walked twice at one level.
 */
import { ascii, asBuffer, code, fillRanges, fourcc, startsWith, u32be } from './bytes.ts';
import { type Box, boxes } from './boxes.ts';
import { LOCATION_KEY, locationSamples } from './timed-metadata.ts';
import { isFunctionalXmp } from './xmp.ts';

const [MOOV, TRAK, UDTA, META, HDLR, KEYS, ILST, UUID] = ['moov', 'trak', 'udta', 'meta', 'hdlr', 'keys', 'ilst', 'uuid'].map(code) as [number, number, number, number, number, number, number, number];
/** An item list's box that holds a place (©xyz), user data's XMP (XMP_, kept only as XMP is), and the free box every reader skips. */
const [XYZ, XMP_BOX, FREE_BOX] = ['\xa9xyz', 'XMP_', 'free'].map(code) as [number, number, number];
/** The uuid of the box in which an MP4 carries XMP. */
const XMP_UUID_TEXT = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex').toString('latin1');
const FTYP_TEXT = Buffer.from('ftyp', 'latin1');
const FREE = Buffer.from('free', 'latin1');
/** An ftyp box: a major brand, a minor version and compatible brands; this many bytes is far more than any has. */
const MAX_FTYP_BYTES = 1024;

/** The box made a `free` box of zeros, its size kept: a box every reader skips. */
function free(b: Uint8Array, box: Box): void {
  b.set(FREE, box.start + 4);
  b.fill(0, box.body, box.end);
}

/** Frees the XMP box, unless its packet, from `packet`, only tells how to draw the file. */
function xmpWithoutLocation(b: Uint8Array, box: Box, packet: number): void {
  if (!isFunctionalXmp(b, packet, box.end)) free(b, box);
}

/**
 * A metadata box: its item list (ilst) loses the items that hold a place. QuickTime's items are
 * typed by the 1-based index of a key in the keys box; iTunes-style items by a four-character code.
 * ISO's meta is a full box (version and flags before its children) and QuickTime's is not: told
 * by whether a handler box comes first.
 */
function metaWithoutLocation(b: Uint8Array, meta: Box): void {
  const start = meta.body + 8 <= meta.end && fourcc(b, meta.body + 4) === HDLR ? meta.body : meta.body + 4;
  const children = boxes(b, start, meta.end);
  const locationKeys = new Set<number>();
  for (const keys of children.filter((box) => box.type === KEYS)) {
    // After version, flags and an entry count: each key's size (counting itself), namespace and name.
    for (let i = keys.body + 8, index = 1; i + 8 <= keys.end; index++) {
      const size = u32be(b, i);
      if (size < 8) break;
      if (LOCATION_KEY.test(ascii(b, i + 8, Math.min(size, keys.end - i) - 8))) locationKeys.add(index);
      i += size;
    }
  }
  for (const ilst of children.filter((box) => box.type === ILST)) {
    for (const item of boxes(b, ilst.body, ilst.end)) if (item.type === XYZ || locationKeys.has(item.type)) free(b, item);
  }
}

/**
 * User data (udta): what describes the movie, none of it needed to play it. Only its metadata (walked
 * as above) and XMP (kept only as XMP is) stay; every other box is freed. An allowlist, as for XMP:
 * besides ©xyz, @xyz (the same ISO 6709 string) and 3GPP's loci, camera makers keep their own boxes
 * here, several with EXIF or a maker note that holds GPS (Pentax's, Nikon's, Samsung's cameras', a
 * GoPro's), and a list of those could not be complete.
 */
function userDataWithoutLocation(b: Uint8Array, udta: Box): void {
  for (const box of boxes(b, udta.body, udta.end)) {
    if (box.type === META) metaWithoutLocation(b, box);
    else if (box.type === XMP_BOX) xmpWithoutLocation(b, box, box.body);
    else if (box.type !== FREE_BOX) free(b, box);
  }
}

/**
 * The movie box: its own user data and metadata, and each track's; a track whose samples hold a
 * place (timed-metadata.ts) is freed, and where its samples are (its offsets counted from `base`,
 * where the video's file starts) is added to `samples`.
 */
function movieWithoutLocation(b: Uint8Array, moov: Box, base: number, samples: [number, number][]): void {
  for (const box of boxes(b, moov.body, moov.end)) {
    const inner = box.type === TRAK ? boxes(b, box.body, box.end) : [box];
    const located = box.type === TRAK ? locationSamples(b, inner, base) : undefined;
    if (located) {
      for (const range of located) samples.push(range);
      free(b, box);
      continue;
    }
    for (const child of inner) {
      if (child.type === UDTA) userDataWithoutLocation(b, child);
      else if (child.type === META) metaWithoutLocation(b, child);
    }
  }
}

/**
 * The video file (MP4, QuickTime, or an AVIF sequence's own boxes) whose top-level boxes start at
 * `start`, its location blanked, but for the samples of its location tracks, which are added to
 * `samples` for the caller to zero once (fillRanges) with every other video's in the file: however
 * many tracks of however many videos name the same bytes, each is then written once. Answers where
 * its walk stopped: the end of its last box, or the body of a box cut short by the end of the file.
 */
export function videoWithoutLocation(b: Uint8Array, start: number, samples: [number, number][]): number {
  let next = start;
  for (const box of boxes(b, start, b.length)) {
    if (box.type === MOOV) movieWithoutLocation(b, box, start, samples);
    else if (box.type === UUID && startsWith(b, box.body, XMP_UUID_TEXT)) xmpWithoutLocation(b, box, box.body + 16);
    next = box.cut ? box.body : box.end;
  }
  return next;
}

/**
 * The MP4 files in b from `from` on, their location blanked. A box cut short by the end of the file
 * is walked as far as it goes and ends its walk; the search for the next `ftyp` goes on inside it.
 */
export function videosWithoutLocation(b: Uint8Array, from: number): void {
  const buffer = asBuffer(b);
  const samples: [number, number][] = [];
  for (let at = buffer.indexOf(FTYP_TEXT, from + 4); at >= 0; ) {
    const start = at - 4;
    const size = u32be(b, start);
    const next = size >= 16 && size <= MAX_FTYP_BYTES && size % 4 === 0 ? videoWithoutLocation(b, start, samples) : at + 4;
    at = buffer.indexOf(FTYP_TEXT, Math.max(next, at + 4));
  }
  fillRanges(b, samples, 0);
}
