// Where a photo was taken, in what a JPEG carries beside its EXIF: an Ultra HDR gain map's XMP (kept,
// having no place in it), IPTC place names, and a motion photo's video. Through the real upload handler.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXIF, expectSamePicture, picture, placesIn, upload, XMP } from '../support/located-photos.ts';

/** A JPEG marker segment: FF, the marker, a big-endian length counting itself, the body. */
const segment = (marker: number, body: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255]), body]);
const xmpSegment = (xmp: string) => segment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), Buffer.from(xmp)]));
/** The JPEG with these segments put right after its SOI. */
const withSegments = (jpeg: Buffer, ...segments: Buffer[]) => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);

/** An IIM dataset: the tag marker 0x1C, the record, the dataset number, a 16-bit length, the value. */
const dataset = (record: number, number: number, value: string) => {
  const bytes = Buffer.from(value, 'latin1');
  return Buffer.concat([Buffer.from([0x1c, record, number, bytes.length >> 8, bytes.length & 255]), bytes]);
};
/** A Photoshop image resource block: '8BIM', its id, an empty name (a Pascal string padded to even), its size, its data padded to even. */
const resource = (id: number, data: Buffer) => {
  const header = Buffer.alloc(12);
  header.write('8BIM', 0, 'latin1');
  header.writeUInt16BE(id, 4);
  header.writeUInt32BE(data.length, 8);
  return Buffer.concat([header, data, Buffer.alloc(data.length & 1)]);
};
/** An APP13 segment as Photoshop writes it: 'Photoshop 3.0', NUL, then image resource blocks (IPTC-IIM is 0x0404). */
const photoshopSegment = (...resources: Buffer[]) => segment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), ...resources]));

/** IPTC's place fields (record 2), as an agency or photo editor fills them in, and what stays beside them. */
const IPTC_PLACES: [number, string][] = [
  [26, 'AU-NSW-SYD'],
  [27, 'Sydney Harbour'],
  [90, 'Sydney'],
  [92, 'Surry Hills'],
  [95, 'New South Wales'],
  [100, 'AUS'],
  [101, 'Australia'],
];
const IPTC_KEPT: [number, string][] = [
  [80, 'Jane Doe'],
  [116, 'Copyright Jane Doe'],
  [120, 'At dusk'],
];
const iptc = (fields: [number, string][]) => Buffer.concat([dataset(1, 90, '\x1b%G'), ...fields.map(([number, value]) => dataset(2, number, value))]);
/** Which of the place values `bytes` still hold. */
const iptcPlacesIn = (bytes: Buffer) => IPTC_PLACES.map(([, value]) => value).filter((value) => bytes.includes(Buffer.from(value)));

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

describe('IPTC-IIM in a JPEG (APP13, Photoshop image resources)', () => {
  it('loses its place fields (city, sub-location, province, country and code, content location), each blanked to spaces of its length; the byline, copyright and caption stay', async () => {
    const fields = [...IPTC_KEPT.slice(0, 1), ...IPTC_PLACES, ...IPTC_KEPT.slice(1)];
    // Photoshop's caption digest (0x0425) and a resource with a name, to walk past.
    const named = Buffer.concat([Buffer.from('8BIM', 'latin1'), Buffer.from([0x03, 0xed, 3]), Buffer.from('abc'), Buffer.from([0, 0, 0, 2, 1, 2])]);
    const photo = withSegments(await picture().jpeg().toBuffer(), photoshopSegment(resource(0x0425, Buffer.alloc(16, 7)), named, resource(0x0404, iptc(fields))));
    expect(iptcPlacesIn(photo)).toEqual(IPTC_PLACES.map(([, value]) => value));
    expect((await sharp(photo).metadata()).iptc?.includes(Buffer.from('Sydney'))).toBe(true);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(iptcPlacesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
    const expected = withSegments(
      await picture().jpeg().toBuffer(),
      photoshopSegment(resource(0x0425, Buffer.alloc(16, 7)), named, resource(0x0404, iptc(fields.map(([number, value]) => [number, IPTC_PLACES.some(([n]) => n === number) ? ' '.repeat(value.length) : value])))),
    );
    expect(stored!.equals(expected)).toBe(true);
    expect((await sharp(stored!).metadata()).iptc?.includes(Buffer.from('Copyright Jane Doe'))).toBe(true);
    await expectSamePicture(stored!, photo);
  });

  it("Photoshop's copies of EXIF (0x0422) and of XMP (0x0424) in the same segment lose the place too", async () => {
    const exif = await picture().jpeg().withExif(EXIF).toBuffer();
    const tiff = exif.indexOf('Exif\0\0') + 6;
    const exifLength = exif.readUInt16BE(tiff - 8) - 8;
    const photo = withSegments(await picture().jpeg().toBuffer(), photoshopSegment(resource(0x0422, exif.subarray(tiff, tiff + exifLength)), resource(0x0424, Buffer.from(XMP))));
    expect(placesIn(photo)).toEqual(['latitude', 'longitude', 'xmp']);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.includes(Buffer.from('Jane Doe'))).toBe(true);
    expect(stored!.includes(Buffer.from(' '.repeat(XMP.length)))).toBe(true);
  });
});

describe('IPTC that does not parse: stored with none of its place, never a 500', () => {
  it('a dataset claiming more bytes than follow is blanked as far as it goes; resources that do not parse make the segment a comment of spaces', async () => {
    const plain = await picture().jpeg().toBuffer();
    const cut = iptc([[90, 'Sydney'], [101, 'Australia']]);
    cut.writeUInt16BE(0x7fff, cut.indexOf('Australia') - 2);
    const extended = Buffer.concat([Buffer.from([0x1c, 2, 90, 0x80, 0x04, 0, 0, 0, 6]), Buffer.from('Sydney')]);
    const garbage = Buffer.concat([iptc([[80, 'Jane Doe']]), Buffer.from('Sydney')]);
    const all = IPTC_PLACES.map(([, value]) => value);
    const cases: Record<string, [photo: Buffer, places: string[]]> = {
      cut: [withSegments(plain, photoshopSegment(resource(0x0404, cut))), ['Sydney', 'Australia']],
      extendedLength: [withSegments(plain, photoshopSegment(resource(0x0404, extended))), ['Sydney']],
      // The resource's size (after the segment's marker and length, 'Photoshop 3.0', NUL, '8BIM', its id and name) made 4 GB.
      hugeResource: [withSegments(plain, photoshopSegment(resource(0x0404, iptc(IPTC_PLACES)))).fill(0xff, 2 + 4 + 14 + 8, 2 + 4 + 14 + 12), all],
      notDatasets: [withSegments(plain, photoshopSegment(resource(0x0404, garbage))), ['Sydney']],
      badSignature: [withSegments(plain, photoshopSegment(resource(0x0404, iptc(IPTC_PLACES)))).fill(0x41, 2 + 4 + 14, 2 + 4 + 14 + 4), all],
    };
    for (const [label, [photo, places]] of Object.entries(cases)) {
      expect(iptcPlacesIn(photo), label).toEqual(places);
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(iptcPlacesIn(stored!), label).toEqual([]);
      expect(stored!.length, label).toBe(photo.length);
      await expectSamePicture(stored!, plain);
    }
    const { stored } = await upload(cases.badSignature![0]);
    expect(stored!.subarray(2, 4)).toEqual(Buffer.from([0xff, 0xfe]));
    const { stored: notDatasets } = await upload(cases.notDatasets![0]);
    expect(notDatasets!.includes(Buffer.from('Jane Doe'))).toBe(false);
  });
});
