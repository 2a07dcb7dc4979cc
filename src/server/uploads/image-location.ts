/**
 * Where a photo was taken, taken out of an uploaded image before it is stored. A phone writes the
 * place into every photo (EXIF's GPS fields, and XMP's copy of them from photo editors; IPTC's
 * place names from an editor or agency; a motion photo's video, its own), and the original is
 * public: each article page names it in its Image CDN addresses, and /objects/uploads/ serves it
 * byte for byte, so a photo taken at home told every reader where that is. The CDN's resized copies
 * carry no metadata; the original now carries no location either, whichever of the five upload
 * types it is: JPEG (APP1 and APP13 segments, of each image in the file, and a motion photo's video
 * and Samsung's trailer after them; image-location/jpeg.ts), PNG (eXIf, text chunks), WebP (EXIF
 * and XMP chunks), AVIF (Exif and XMP items, and a sequence's movie box, walked as a motion photo's
 * video is) and GIF (the XMP application extension), one module each under image-location/.
 *
 * The bytes are changed in place and keep their length, so the answer to an upload's last part sent
 * again (which names the size sent) matches the first, and nothing is decoded or re-encoded (no
 * image library runs in a function). The GPS fields are zeroed and their directory emptied, and the
 * maker's own note zeroed but for Apple's (image-location/exif.ts); the rest of the EXIF, the
 * orientation a phone photo is drawn by included, stays as it was; IPTC's place fields become
 * spaces; a video's location boxes become free boxes of zeros, and a track of timed location
 * samples a free box with its samples zeros; an XMP packet becomes spaces, or a comment of spaces
 * where the format has one, unless, in a JPEG, it only tells how to draw the file (an Ultra HDR
 * gain map, a motion photo's directory: image-location/xmp.ts). EXIF that does not parse is blanked
 * whole: what a reader might still find in it cannot be told apart from a location. A file whose
 * structure stops parsing is walked no further; a metadata block cut short by the end of the file
 * is blanked as far as it goes. An AVIF whose item tables do not parse is refused: where its EXIF
 * is cannot be told (and no decoder draws it either).
 */
import { avifWithoutLocation } from './image-location/avif.ts';
import { gifWithoutLocation } from './image-location/gif.ts';
import { jpegWithoutLocation } from './image-location/jpeg.ts';
import { pngWithoutLocation } from './image-location/png.ts';
import { webpWithoutLocation } from './image-location/webp.ts';

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
