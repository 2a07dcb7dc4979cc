// Where a photo was taken, in what a JPEG carries beside its EXIF: an Ultra HDR gain map's XMP (kept,
// having no place in it), IPTC place names, and a motion photo's video. Through the real upload handler.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXIF, expectSamePicture, picture, placesIn, upload } from '../support/located-photos.ts';

/** A JPEG marker segment: FF, the marker, a big-endian length counting itself, the body. */
const segment = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
const xmpSegment = (xmp: string) => segment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(xmp)]));
/** The JPEG with these segments put right after its SOI. */
const withSegments = (jpeg: Buffer, ...segments: Buffer[]) => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

const xmpPacket = (namespaces: Record<string, string>, body: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""${Object.entries(namespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('')}${body}</rdf:Description></rdf:RDF></x:xmpmeta>`;
const HDRGM = 'http://ns.adobe.com/hdr-gain-map/1.0/';
const GAIN_MAP_XMP = xmpPacket(
  { hdrgm: HDRGM },
  ' hdrgm:Version="1.0" hdrgm:GainMapMin="0" hdrgm:GainMapMax="2.5" hdrgm:Gamma="1" hdrgm:OffsetSDR="0.015625" hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0" hdrgm:HDRCapacityMax="2.5" hdrgm:BaseRenditionIsHDR="False">',
);
/** The primary image's packet: the gain map's version and the Container directory that finds it, `extra` added to its description. */
const primaryXmp = (gainMapLength: number, extra = { namespaces: {}, body: '' }) =>
  xmpPacket(
    { Container: 'http://ns.google.com/photos/1.0/container/', Item: 'http://ns.google.com/photos/1.0/container/item/', hdrgm: HDRGM, ...extra.namespaces },
    ` hdrgm:Version="1.0"${extra.body}><Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li><rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="${gainMapLength}"/></rdf:li></rdf:Seq></Container:Directory>`,
  );

/**
 * The APP2 MPF segment of a primary image of `primarySize` bytes followed by a gain map: a TIFF
 * structure (big-endian) whose one directory gives the MPF version, the number of images (2) and
 * their MP entries (16 bytes each: attributes, size, offset from this TIFF header, two dependent
 * images), `gainMapOffset` being the gain map's.
 */
function mpfSegment(primarySize: number, gainMapSize: number, gainMapOffset: number): Buffer {
  const tiff = Buffer.alloc(8 + 2 + 3 * 12 + 4 + 2 * 16);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(3, 8);
  const entry = (n: number, tag: number, type: number, count: number, value: Buffer) => {
    tiff.writeUInt16BE(tag, 10 + n * 12);
    tiff.writeUInt16BE(type, 12 + n * 12);
    tiff.writeUInt32BE(count, 14 + n * 12);
    value.copy(tiff, 18 + n * 12);
  };
  const u32 = (n: number) => Buffer.from([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
  entry(0, 0xb000, 7, 4, Buffer.from('0100'));
  entry(1, 0xb001, 4, 1, u32(2));
  entry(2, 0xb002, 7, 32, u32(50));
  tiff.writeUInt32BE(0x030000, 50); // the primary image: baseline JPEG
  tiff.writeUInt32BE(primarySize, 54);
  tiff.writeUInt32BE(gainMapSize, 66);
  tiff.writeUInt32BE(gainMapOffset, 70);
  return segment(0xe2, Buffer.concat([Buffer.from('MPF\0', 'latin1'), tiff]));
}

/**
 * An Ultra HDR photo as phones write it: a primary JPEG (here with GPS in its EXIF) whose XMP names
 * the gain map's version and length and whose MPF segment its offset, then the gain map, a greyscale
 * JPEG whose XMP says how to apply it. `primaryExtra` goes into the primary image's XMP.
 */
async function ultraHdr(primaryExtra?: { namespaces: Record<string, string>; body: string }) {
  const base = await picture().jpeg().withExif(EXIF).toBuffer();
  const plainGainMap = await picture().resize(16, 12).greyscale().jpeg().toBuffer();
  const gainMap = withSegments(plainGainMap, xmpSegment(GAIN_MAP_XMP));
  const xmp = xmpSegment(primaryXmp(gainMap.length, primaryExtra));
  const mpfLength = mpfSegment(0, 0, 0).length;
  const primarySize = base.length + xmp.length + mpfLength;
  // MPF offsets count from its TIFF header: after SOI, the XMP segment, and the MPF segment's marker, length and 'MPF\0'.
  const tiffHeader = 2 + xmp.length + 8;
  const photo = Buffer.concat([withSegments(base, xmp, mpfSegment(primarySize, gainMap.length, primarySize - tiffHeader)), gainMap]);
  return { photo, primarySize, gainMap };
}

describe('an Ultra HDR photo (a JPEG with a gain map)', () => {
  it('keeps its gain map: the XMP that only says how to draw it (hdrgm, the Container directory) stays, while the EXIF loses its GPS', async () => {
    const { photo, primarySize, gainMap } = await ultraHdr();
    expect(placesIn(photo)).toEqual(['latitude', 'longitude']);
    expect((await sharp(photo).metadata()).gainMap?.image.equals(gainMap)).toBe(true);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
    // libvips reads the gain map through libultrahdr, which needs both packets: the HDR rendering survives.
    expect((await sharp(stored!).metadata()).gainMap?.image.equals(gainMap)).toBe(true);
    expect(stored!.subarray(primarySize).equals(gainMap)).toBe(true);
    await expectSamePicture(stored!, photo);
  });

  it("loses a packet that names a place, any namespace but those that draw the file, or a prefix it does not declare, whole; the gain map's own packet stays", async () => {
    const located = await ultraHdr({ namespaces: { exif: 'http://ns.adobe.com/exif/1.0/' }, body: ' exif:GPSLatitude="33,52.2057S"' });
    const tagged = await ultraHdr({ namespaces: { tiff: 'http://ns.adobe.com/tiff/1.0/' }, body: ' tiff:Make="Pixel"' });
    const undeclared = await ultraHdr({ namespaces: {}, body: ' camera:Site="home"' });
    for (const [label, { photo, primarySize, gainMap }] of [['located', located], ['tagged', tagged], ['undeclared', undeclared]] as const) {
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(placesIn(stored!), label).toEqual([]);
      const read = await sharp(stored!).metadata();
      expect(read.xmp, label).toBeUndefined();
      // The gain map's own packet names no place and stays (and with the MPF segment, libultrahdr still finds the map).
      expect(stored!.subarray(primarySize).equals(gainMap), label).toBe(true);
      expect(read.gainMap?.image.equals(gainMap), label).toBe(true);
    }
  });
});
