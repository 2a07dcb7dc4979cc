/**
 * Which XMP packets may stay. Most XMP describes the photo (and a photo editor copies EXIF's GPS
 * fields, IPTC's place names and more into it), but some tells a reader how to draw the file: an
 * Ultra HDR photo's gain map is found through the primary image's Container directory and applied
 * with the hdrgm values in its own packet, and a motion photo's video is found through GCamera and
 * Container. Blanked, such a photo shows as its plain SDR picture, or a still.
 *
 * The rule is an allowlist, not a search for location properties: a packet is kept only when every
 * namespace it declares and every prefix it uses (every element has one) is one of those below,
 * none of which has a property that can hold a place. A packet naming any other namespace (exif, photoshop, Iptc4xmpCore,
 * a vendor's own such as a drone maker's GPS) is blanked whole, as before, since a list of the
 * location properties of every namespace cannot be complete. What the rule cannot read is blanked
 * too: a packet that is not UTF-8 (a NUL: UTF-16 or 32), one with a DOCTYPE, entity or CDATA
 * (`<!`), through which markup can arrive without its name being written out, and, as a
 * last check, one that spells GPS, latitude or longitude anywhere.
 *
 * A portrait's depth parameters (GDepth's format, near and far, GFocus's focal point, GImage's
 * type) may stay beside a directory or gain map, but not the images those namespaces carry
 * (GDepth:Data, GDepth:Confidence, GImage:Data: a depth map and the unblurred photo in base64): each
 * is a JPEG or PNG of its own, whose EXIF the rule cannot read without decoding it. They live in
 * Extended XMP, which is blanked whole (jpeg.ts), so a portrait keeps its blur but loses its depth
 * map. Keeping the map would mean decoding each image, taking its own location out and encoding it
 * back at the same length across segments; and blanking only the location properties of a packet
 * (exif:GPS*, photoshop:City ...) would need a list of every namespace's, which cannot be complete.
 * No browser or image CDN reads a depth map.
 */

const FUNCTIONAL_NAMESPACES = new Set([
  'adobe:ns:meta/', // x: the packet's wrapper
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#', // rdf
  'http://ns.adobe.com/hdr-gain-map/1.0/', // hdrgm: how a gain map is applied (Ultra HDR, Adobe)
  'http://ns.apple.com/HDRGainMap/1.0/', // Apple's gain map version and headroom
  'http://ns.google.com/photos/1.0/container/', // Container: the images and video in the file
  'http://ns.google.com/photos/1.0/container/item/', // Item: each one's type, role and length
  'http://ns.google.com/photos/1.0/camera/', // GCamera: a motion photo's version and timestamp
  'http://ns.adobe.com/xmp/note/', // xmpNote: HasExtendedXMP, a digest naming the rest of a packet
  'http://ns.google.com/photos/1.0/depthmap/', // GDepth: a portrait's depth map's format, range and size
  'http://ns.google.com/photos/1.0/image/', // GImage: the unblurred photo's type
  'http://ns.google.com/photos/1.0/focus/', // GFocus: the blur's focal distance and point
]);
/** The properties of the namespaces above that hold an image (base64): a file of its own, with EXIF of its own. */
const IMAGE_PROPERTIES = new Set(['http://ns.google.com/photos/1.0/depthmap/ Data', 'http://ns.google.com/photos/1.0/depthmap/ Confidence', 'http://ns.google.com/photos/1.0/image/ Data']);
/** Prefixes bound without a declaration: XML's own. */
const BUILT_IN_PREFIXES = new Set(['xml', 'xmlns']);
// Names are read with XML's name characters as the Latin-1 text shows them: ASCII's letters,
// digits, `_`, `.` and `-`, and \u0080-\u00ff, every byte of a letter beyond ASCII in UTF-8. A
// prefix spelt with such a letter (`xmlns:lieué`) is as much a prefix as any: were its declaration
// and uses not read as names, a place under it would stay.
/** A namespace declaration: the value ends at the first quote of either kind, so a packet of unclosed ones is still read once. */
const DECLARATION = /\bxmlns(?::([\w.\-\u0080-\u00ff]+))?\s*=\s*(["'])([^"']*)\2/g;
/**
 * A prefixed name where markup has one: after `<`, `</` or space (an element or an attribute), or
 * right after a quote, where ExifTool reads an attribute that lacks the space before it. A value
 * that reads as one (`"uuid:…"`) only makes a packet blanked that might have stayed.
 */
const PREFIXED_NAME = /(?:<\/?|\s|["'])([A-Za-z_\u0080-\u00ff][\w.\-\u0080-\u00ff]*):([A-Za-z_\u0080-\u00ff][\w.\-\u0080-\u00ff]*)/g;
/**
 * An element without a prefix: in no namespace, or in a default one. Whichever, ExifTool reads it
 * as a property (`<City>` as XMP's City), and none of the allowed namespaces writes one.
 */
const UNPREFIXED_ELEMENT = /<\/?[A-Za-z_\u0080-\u00ff][\w.\-\u0080-\u00ff]*(?![\w.\-\u0080-\u00ff:])/;
/** Coordinates by any spelling; place names are left to the allowlist (hdrgm:HDRCapacityMax spells "city"). */
const LOCATION_WORD = /gps|latitude|longitude/i;

/** Whether the XMP packet b[start, end) tells only how to draw the file, no place: then it may stay. */
export function isFunctionalXmp(b: Uint8Array, start: number, end: number): boolean {
  const bytes = b.subarray(start, end);
  if (bytes.includes(0)) return false;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (text.includes('<!') || LOCATION_WORD.test(text) || UNPREFIXED_ELEMENT.test(text)) return false;
  // Each prefix with every namespace it is declared for (a prefix may be declared again, inside, for another).
  const prefixes = new Map<string, Set<string>>([...BUILT_IN_PREFIXES].map((prefix) => [prefix, new Set<string>()]));
  for (const [, prefix, , namespace] of text.matchAll(DECLARATION)) {
    if (!FUNCTIONAL_NAMESPACES.has(namespace!)) return false;
    if (prefix) prefixes.set(prefix, (prefixes.get(prefix) ?? new Set()).add(namespace!));
  }
  // Read with the declarations left out: the namespaces they name (`adobe:ns:meta/`) are no names.
  for (const [, prefix, name] of text.replace(DECLARATION, ' ').matchAll(PREFIXED_NAME)) {
    const namespaces = prefixes.get(prefix!);
    if (!namespaces || [...namespaces].some((namespace) => IMAGE_PROPERTIES.has(`${namespace} ${name}`))) return false;
  }
  return true;
}
