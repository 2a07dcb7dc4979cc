/** A JPEG's location: the EXIF and XMP (APP1) and IPTC (APP13) of every image in the file, and a motion photo's video. */
import { ascii, asBuffer, SPACE, startsWith } from './bytes.ts';
import { emptyExifLocation } from './exif.ts';
import { videosWithoutLocation } from './motion-photo.ts';
import { photoshopResources, photoshopWithoutLocation } from './photoshop.ts';
import { samsungTrailerWithoutLocation } from './samsung-trailer.ts';
import { isFunctionalXmp } from './xmp.ts';

const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';

/**
 * Where the TIFF structure of an APP1 body b[body, end) starts when ExifTool reads it as EXIF:
 * 'Exif' and a NUL, in any case, after at most four other bytes (cameras have written both), the
 * structure six bytes after the 'Exif'. Undefined when it is no EXIF.
 */
function exifStart(b: Uint8Array, body: number, end: number): number | undefined {
  for (let at = body; at <= body + 4 && at + 5 <= end; at++) {
    if (ascii(b, at, 4).toLowerCase() === 'exif' && b[at + 4] === 0) return at + 6;
  }
  return undefined;
}

/**
 * Whether ExifTool reads an APP1 body as XMP: the standard header, the Extended XMP one (the part
 * of a packet too large for one segment, always blanked: a word split across two segments could
 * not be read by the rule for keeping a packet), any other beginning with 'http' or 'XMP\0', or a
 * packet or exif: element anywhere in it.
 */
function readAsXmp(b: Uint8Array, body: number, end: number): boolean {
  if (startsWith(b, body, 'http') || startsWith(b, body, 'XMP\0')) return true;
  const segment = asBuffer(b).subarray(body, end);
  return segment.includes('<?xpacket', 0, 'latin1') || segment.includes('<exif:', 0, 'latin1');
}

/** The segment at i, to `end`, made a comment (COM) of spaces of the same length: every reader skips it. */
function asComment(b: Uint8Array, i: number, end: number): void {
  b[i + 1] = 0xfe;
  b.fill(SPACE, i + 4, end);
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
    const resources = marker === 0xed ? photoshopResources(b, body) : undefined;
    if (resources !== undefined) {
      if (!photoshopWithoutLocation(b, resources, end)) asComment(b, i, end);
    } else if (marker === 0xe1) {
      const exif = exifStart(b, body, end);
      if (exif !== undefined && emptyExifLocation(b, exif, end)) {
        // Read through: the rest of it stays.
      } else if (startsWith(b, body, XMP_HEADER) && isFunctionalXmp(b, body + XMP_HEADER.length, end)) {
        // An Ultra HDR gain map's or a motion photo's directions, with no place in them: kept.
      } else if (exif !== undefined || readAsXmp(b, body, end)) {
        asComment(b, i, end);
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
 * Then what phones append after the images: a motion photo's video, Samsung's trailer.
 */
export function jpegWithoutLocation(b: Uint8Array): void {
  const buffer = asBuffer(b);
  const firstHeaderEnd = jpegImageWithoutLocation(b, 0);
  for (let next = firstHeaderEnd; next < b.length; ) {
    const soi = buffer.indexOf(JPEG_START, next);
    if (soi < 0) break;
    next = jpegImageWithoutLocation(b, soi);
  }
  videosWithoutLocation(b, firstHeaderEnd);
  samsungTrailerWithoutLocation(b);
}
