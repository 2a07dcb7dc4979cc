// Where a photo was taken, in what a JPEG carries beside its EXIF: an Ultra HDR gain map's XMP (kept,
// having no place in it), IPTC place names, and a motion photo's video. Through the real upload handler.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EXIF, expectSamePicture, picture, placesIn, upload, XMP, XMP_PLACE } from '../support/located-photos.ts';
import { box, ftyp, fullBox, mvhd, sampleEntry, track, u32 } from '../support/isobmff.ts';

/** The boxes in bytes[start, end), each whole. */
const boxesIn = (bytes: Buffer, start: number, end: number) => {
  const list: Buffer[] = [];
  for (let i = start; i + 8 <= end; i += bytes.readUInt32BE(i)) list.push(bytes.subarray(i, i + bytes.readUInt32BE(i)));
  return list;
};
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
    // A prefix may be any XML name, letters beyond ASCII included: photoshop:City under another prefix.
    const accented = await ultraHdr({ namespaces: { 'lieu\u00e9': 'http://ns.adobe.com/photoshop/1.0/' }, body: ' lieu\u00e9:City="Sydney"' });
    const accentedUndeclared = await ultraHdr({ namespaces: {}, body: ' \u00e9:City="Sydney"' });
    // Read as photoshop:City and a bare City by ExifTool, which reads past a missing space and a missing namespace.
    const unspaced = await ultraHdr({ namespaces: {}, body: 'photoshop:City="Sydney"' });
    const bare = await ultraHdr({ namespaces: {}, body: '><City>Sydney</City' });
    for (const [label, { photo, primarySize, gainMap }] of [
      ['located', located],
      ['tagged', tagged],
      ['undeclared', undeclared],
      ['accented', accented],
      ['accented, undeclared', accentedUndeclared],
      ['unspaced', unspaced],
      ['bare', bare],
    ] as const) {
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(placesIn(stored!), label).toEqual([]);
      expect(stored!.includes('Sydney'), label).toBe(false);
      const read = await sharp(stored!).metadata();
      expect(read.xmp, label).toBeUndefined();
      // The gain map's own packet names no place and stays (and with the MPF segment, libultrahdr still finds the map).
      expect(stored!.subarray(primarySize).equals(gainMap), label).toBe(true);
      expect(read.gainMap?.image.equals(gainMap), label).toBe(true);
    }
  });
  it("keeps its gain map beside a portrait's depth parameters (GDepth, GImage, GFocus, which hold no place), but not beside the images those carry (GDepth:Data, GImage:Data: files of their own, with EXIF of their own)", async () => {
    const portrait = {
      GDepth: 'http://ns.google.com/photos/1.0/depthmap/',
      GImage: 'http://ns.google.com/photos/1.0/image/',
      GFocus: 'http://ns.google.com/photos/1.0/focus/',
      xmpNote: 'http://ns.adobe.com/xmp/note/',
    };
    const parameters = ' GDepth:Format="RangeInverse" GDepth:Near="0.5" GDepth:Far="4" GDepth:Mime="image/png" GFocus:BlurAtInfinity="0.02" GFocus:FocalDistance="1.2" GImage:Mime="image/jpeg" xmpNote:HasExtendedXMP="0123456789ABCDEF0123456789ABCDEF"';
    const { photo, gainMap } = await ultraHdr({ namespaces: portrait, body: parameters });
    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    // The packet as it was, its directory with it (libvips shows no XMP of an Ultra HDR photo: its bytes are read instead), the gain map still found.
    expect(stored!.includes(parameters)).toBe(true);
    expect(stored!.includes('Container:Directory')).toBe(true);
    expect((await sharp(stored!).metadata()).gainMap?.image.equals(gainMap)).toBe(true);

    const withImage = await ultraHdr({ namespaces: portrait, body: `${parameters} GImage:Data="/9j/4AAQSkZJRgABAQ=="` });
    // The same property under another prefix, and as an element.
    const renamed = await ultraHdr({ namespaces: { d: portrait.GDepth }, body: '><d:Data>iVBORw0KGgo=</d:Data' });
    for (const [label, { photo: sent, primarySize: size }, image] of [['withImage', withImage, '/9j/4AAQSkZJRgABAQ=='], ['renamed', renamed, 'iVBORw0KGgo=']] as const) {
      const { stored: blanked } = await upload(sent);
      expect(sent.subarray(0, size).includes(image), label).toBe(true);
      // The primary image's packet is a comment of spaces now; the gain map's own stays.
      expect(blanked!.subarray(0, size).includes(image), label).toBe(false);
      expect(blanked!.subarray(0, size).includes('Container:Directory'), label).toBe(false);
      expect(blanked!.subarray(size).equals(sent.subarray(size)), label).toBe(true);
    }
  });

  it('10 MB of XMP segments of unclosed namespace declarations is read through at once and blanked, not a hang or a 500', async () => {
    const still = await picture().jpeg().toBuffer();
    const unclosed = xmpSegment(' xmlns:hdrgm="'.repeat(4600));
    const photo = withSegments(still, ...Array.from({ length: Math.floor((10 * 1024 * 1024 - still.length) / unclosed.length) }, () => unclosed));
    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    // Each segment a comment now: nothing in it is a declaration on the allowlist.
    const comments = [];
    for (let i = 2; stored![i] === 0xff && stored![i + 1] !== 0xdb; i += 2 + stored!.readUInt16BE(i + 2)) comments.push(stored![i + 1]);
    expect(comments.filter((marker) => marker === 0xfe).length).toBe(Math.floor((10 * 1024 * 1024 - still.length) / unclosed.length));
  });
});

describe('APP1 segments ExifTool reads as EXIF or XMP though their header is not the standard one', () => {
  it('lose their place as the standard ones do: EXIF after a few other bytes or in lower case, XMP after XMP\\0 or another http header or none', async () => {
    const still = await picture().jpeg().toBuffer();
    const located = await picture().jpeg().withExif(EXIF).toBuffer();
    const tiff = located.indexOf('Exif\0\0') + 6;
    const exif = located.subarray(tiff, tiff + located.readUInt16BE(tiff - 8) - 8);
    const app1 = (...parts: (string | Buffer)[]) => segment(0xe1, Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p))));
    const cases: [string, Buffer][] = [
      ['EXIF after two other bytes', app1('\0\0Exif\0\0', exif)],
      ['EXIF in lower case', app1('exif\0\0', exif)],
      ['XMP after XMP\\0', app1('XMP\0', XMP)],
      ['XMP after another http header', app1('http://ns.adobe.com/xap/1.0/ ', XMP)],
      ['XMP with no header', app1('<?xpacket begin=""?>', XMP)],
    ];
    for (const [label, app] of cases) {
      const photo = withSegments(still, app);
      expect(placesIn(photo).length, label).toBeGreaterThan(0);
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(placesIn(stored!), label).toEqual([]);
      expect(stored!.length, label).toBe(photo.length);
      await expectSamePicture(stored!, photo);
    }
    // An APP1 of another kind (Casio's QVCI) is no EXIF or XMP, and stays as it was.
    const other = withSegments(still, app1('QVCI\0', Buffer.alloc(32, 7)));
    expect((await upload(other)).stored!.equals(other)).toBe(true);
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

  it("loses them under Photoshop 2.5's header too ('Adobe_Photoshop2.5:' and 8 bytes), which ExifTool reads as Photoshop 3.0's", async () => {
    const fields = [...IPTC_PLACES, ...IPTC_KEPT];
    const segmentOf = (resources: Buffer) => segment(0xed, Buffer.concat([Buffer.from('Adobe_Photoshop2.5:', 'latin1'), Buffer.alloc(8), resources]));
    const photo = withSegments(await picture().jpeg().toBuffer(), segmentOf(resource(0x0404, iptc(fields))));
    expect(iptcPlacesIn(photo)).toEqual(IPTC_PLACES.map(([, value]) => value));

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    const blanked = fields.map(([number, value]): [number, string] => [number, IPTC_PLACES.some(([n]) => n === number) ? ' '.repeat(value.length) : value]);
    expect(stored!.equals(withSegments(await picture().jpeg().toBuffer(), segmentOf(resource(0x0404, iptc(blanked)))))).toBe(true);
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

/** QuickTime's keyed metadata: a handler of type mdta, the keys (each a size, the mdta namespace, the name), the items, each typed by its key's 1-based index, its value in a data box (type 1, UTF-8; locale 0). */
const keyedMetadata = (entries: [key: string, value: string][]) =>
  box(
    'meta',
    fullBox('hdlr', u32(0), 'mdta', Buffer.alloc(13)),
    fullBox('keys', u32(entries.length), ...entries.map(([key]) => Buffer.concat([u32(8 + key.length), Buffer.from('mdta'), Buffer.from(key)]))),
    box('ilst', ...entries.map(([, value], n) => box(String.fromCharCode(0, 0, 0, n + 1), box('data', u32(1), u32(0), value)))),
  );
/** Android's ©xyz: a 16-bit length, a language code, the ISO 6709 string. */
const xyz = (place: string) => box('\xa9xyz', Buffer.from([0, place.length, 0x15, 0xc7]), place);
/** 3GPP's loci: a full box, a language, the place's name, its role, longitude, latitude and altitude (16.16 fixed), the body ('Earth') and notes. */
const loci = (name: string) => fullBox('loci', Buffer.from([0x15, 0xc7]), `${name}\0`, Buffer.from([0]), u32(151.2083 * 65536), u32(-33.8701 * 65536 >>> 0), u32(12 * 65536), 'Earth\0', '\0');

const ISO6709 = '-33.8701+151.2083/';
const KEYED_ISO6709 = '-33.8701+151.2083+012.000/';
const LOCI_NAME = 'Surry Hills Home';
const ITUNES_ISO6709 = '-33.8702+151.2084/';
const videoPlacesIn = (bytes: Buffer) => [ISO6709, KEYED_ISO6709, LOCI_NAME, ITUNES_ISO6709, XMP_PLACE].filter((place) => bytes.includes(Buffer.from(place)));
/** iTunes-style metadata in user data: a full box, a handler of type mdir, items typed by four-character code (©xyz here). */
const itunesMetadata = (item: Buffer) => fullBox('meta', fullBox('hdlr', u32(0), 'mdir', 'appl', Buffer.alloc(9)), box('ilst', item));
const itunesXyz = () => box('\xa9xyz', box('data', u32(1), u32(0), ITUNES_ISO6709));

/**
 * A motion photo's video as a phone writes it, with its place in each of the boxes that hold one:
 * ©xyz, iTunes-style ©xyz and keyed metadata in the movie's user data and metadata, loci in a track's user data, and
 * XMP in its uuid box; the make stays. The media data is a stand-in: no reader here plays it.
 */
const motionVideo = () =>
  Buffer.concat([
    ftyp(),
    box('mdat', Buffer.alloc(64, 0x5a)),
    box(
      'moov',
      mvhd(),
      box('trak', box('udta', loci(LOCI_NAME))),
      box('udta', xyz(ISO6709), itunesMetadata(itunesXyz())),
      keyedMetadata([
        ['com.apple.quicktime.location.ISO6709', KEYED_ISO6709],
        ['com.apple.quicktime.make', 'Google'],
      ]),
    ),
    box('uuid', Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), XMP),
  ]);

/** A Google motion photo: a JPEG (with GPS in its EXIF) whose XMP names the video appended after it. */
async function googleMotionPhoto(video: Buffer) {
  const namespaces = { GCamera: 'http://ns.google.com/photos/1.0/camera/', Container: 'http://ns.google.com/photos/1.0/container/', Item: 'http://ns.google.com/photos/1.0/container/item/' };
  const directory = `<Container:Directory><rdf:Seq><rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="0"/></rdf:li><rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="${video.length}" Item:Padding="0"/></rdf:li></rdf:Seq></Container:Directory>`;
  const xmp = xmpPacket(namespaces, ` GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000">${directory}`);
  const still = withSegments(await picture().jpeg().withExif(EXIF).toBuffer(), xmpSegment(xmp));
  return { still, photo: Buffer.concat([still, video]) };
}

/**
 * Samsung's trailer after the JPEG: data blocks (each 0, its type and name length, little-endian,
 * the name and the value: the video as 0x0A30 MotionPhoto_Data, the network's country code as 0x0AA1
 * MCC_Data), then a directory ('SEFH', version 101, the count, and per block 0, its type, its distance
 * back from the directory and its size), its length and 'SEFT'.
 */
function samsungTrailer(blocks: [type: number, name: string, value: Buffer][]): Buffer {
  const parts = blocks.map(([type, name, value]) => {
    const header = Buffer.alloc(8);
    header.writeUInt16LE(type, 2);
    header.writeUInt32LE(name.length, 4);
    return Buffer.concat([header, Buffer.from(name, 'latin1'), value]);
  });
  const directory = Buffer.alloc(12 + 12 * parts.length);
  directory.write('SEFH', 0, 'latin1');
  directory.writeUInt32LE(101, 4);
  directory.writeUInt32LE(parts.length, 8);
  let distance = parts.reduce((sum, part) => sum + part.length, 0);
  parts.forEach((part, n) => {
    directory.writeUInt16LE(blocks[n]![0], 12 + 12 * n + 2);
    directory.writeUInt32LE(distance, 12 + 12 * n + 4);
    directory.writeUInt32LE(part.length, 12 + 12 * n + 8);
    distance -= part.length;
  });
  const end = Buffer.alloc(8);
  end.writeUInt32LE(directory.length);
  end.write('SEFT', 4, 'latin1');
  return Buffer.concat([...parts, directory, end]);
}

/** Google's Camera Motion Metadata, type 5 (a GPS fix): two reserved bytes, the type, then latitude, longitude and altitude as little-endian doubles. */
const cammFix = (latitude: number, longitude: number) => {
  const sample = Buffer.alloc(28);
  sample.writeUInt16LE(5, 2);
  sample.writeDoubleLE(latitude, 4);
  sample.writeDoubleLE(longitude, 12);
  sample.writeDoubleLE(12, 20);
  return sample;
};
/** QuickTime's timed metadata sample entry (mebx): its keys, each a box typed by its local id (1, 2 ...) declaring the key's name (keyd) and type (dtyp: UTF-8). */
const mebxEntry = (...keys: string[]) =>
  sampleEntry('mebx', box('keys', ...keys.map((key, n) => box(String.fromCharCode(0, 0, 0, n + 1), box('keyd', 'mdta', key), box('dtyp', u32(0), u32(1))))));
/** A mebx sample: a box per value, typed by its key's local id. */
const mebxSample = (...values: string[]) => Buffer.concat(values.map((value, n) => box(String.fromCharCode(0, 0, 0, n + 1), value)));
/**
 * A video whose tracks' samples (each track's in one chunk) come one after another in its media
 * data, right after its file type box, and whose movie box (after them) lists the tracks.
 */
function videoOfTracks(tracks: [handler: string, entry: Buffer, samples: Buffer[]][], options?: { wide: boolean }) {
  let offset = ftyp().length + 8;
  const traks = tracks.map(([handler, entry, samples]) => {
    const trak = track(handler, entry, samples, offset, options);
    offset += Buffer.concat(samples).length;
    return trak;
  });
  return Buffer.concat([ftyp(), box('mdat', ...tracks.flatMap(([, , samples]) => samples)), box('moov', mvhd(), ...traks)]);
}
const PICTURES = Buffer.alloc(64, 0x5a);
const CAMM_FIXES = [cammFix(-33.8701, 151.2083), cammFix(-33.8702, 151.2084)];
const MEBX_PLACES = [mebxSample('-33.8703+151.2085+012.000/'), mebxSample('-33.8704+151.2086+012.000/')];
const STILL_IMAGE_TIME = [mebxSample('\x01')];

describe('a motion photo (a JPEG with a video after it)', () => {
  it("Google's: the video's location boxes become free boxes of zeros, the rest of it and the XMP that finds it stay, the length too", async () => {
    const video = motionVideo();
    const { still, photo } = await googleMotionPhoto(video);
    expect({ jpeg: placesIn(photo), video: videoPlacesIn(photo) }).toEqual({ jpeg: ['latitude', 'longitude', 'xmp'], video: [ISO6709, KEYED_ISO6709, LOCI_NAME, ITUNES_ISO6709, XMP_PLACE] });

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect({ jpeg: placesIn(stored!), video: videoPlacesIn(stored!) }).toEqual({ jpeg: [], video: [] });
    expect(stored!.length).toBe(photo.length);
    expect((await sharp(stored!).metadata()).xmp?.toString()).toContain(`Item:Length="${video.length}"`);
    await expectSamePicture(stored!, photo);
    // The video, box by box: each location box is a free box of zeros of its size, everything else as it was.
    const freed = (bytes: Buffer) => box('free', Buffer.alloc(bytes.length - 8));
    const expected = Buffer.concat([
      ftyp(),
      box('mdat', Buffer.alloc(64, 0x5a)),
      box(
        'moov',
        mvhd(),
        box('trak', box('udta', freed(loci(LOCI_NAME)))),
        box('udta', freed(xyz(ISO6709)), itunesMetadata(freed(itunesXyz()))),
        keyedMetadata([
          ['com.apple.quicktime.location.ISO6709', KEYED_ISO6709],
          ['com.apple.quicktime.make', 'Google'],
        ]),
      ),
      freed(box('uuid', Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'), XMP)),
    ]);
    const keyedItem = expected.indexOf(Buffer.from([0, 0, 0, 1, 0, 0, 0]), expected.indexOf('ilst')) - 4;
    freed(expected.subarray(keyedItem, keyedItem + expected.readUInt32BE(keyedItem))).copy(expected, keyedItem);
    expect(stored!.subarray(still.length).equals(expected)).toBe(true);
  });

  it("a timed metadata track that says where, sample by sample (Google's camm, Apple's mebx with a location key): the track becomes a free box and its samples zeros; the picture's track, another mebx and their samples stay", async () => {
    const tracks = (locationEntry: (entry: Buffer) => Buffer, located: (samples: Buffer[]) => Buffer[]): [string, Buffer, Buffer[]][] => [
      ['vide', sampleEntry('avc1'), [PICTURES]],
      ['camm', locationEntry(sampleEntry('camm')), located(CAMM_FIXES)],
      ['meta', locationEntry(mebxEntry('com.apple.quicktime.location.ISO6709')), located(MEBX_PLACES)],
      ['meta', mebxEntry('com.apple.quicktime.still-image-time'), STILL_IMAGE_TIME],
    ];
    // Each as a small file writes its tables (stsz, stco) and as a large one may (stz2, co64).
    for (const options of [{ wide: false }, { wide: true }]) {
      const video = videoOfTracks(tracks((entry) => entry, (samples) => samples), options);
      const { still, photo } = await googleMotionPhoto(video);
      const placesOf = (bytes: Buffer) => [...CAMM_FIXES, ...MEBX_PLACES].filter((sample) => bytes.includes(sample)).length;
      expect(placesOf(photo)).toBe(4);

      const { status, stored } = await upload(photo);
      expect(status).toBe(201);
      expect(placesOf(stored!)).toBe(0);
      await expectSamePicture(stored!, photo);
      // The same video with the two located tracks freed (a free box of zeros of each one's size) and their samples zeros.
      const zeros = (samples: Buffer[]) => samples.map((sample) => Buffer.alloc(sample.length));
      const expected = videoOfTracks(tracks((entry) => entry, zeros), options);
      const moov = expected.indexOf('moov') - 4;
      for (const [n, trak] of boxesIn(expected, moov + 8, moov + expected.readUInt32BE(moov)).slice(1).entries()) {
        if (n === 1 || n === 2) box('free', Buffer.alloc(trak.length - 8)).copy(expected, expected.indexOf(trak));
      }
      expect(stored!.subarray(still.length).equals(expected), JSON.stringify(options)).toBe(true);
    }
  });

  it('user data keeps only its metadata and XMP: @xyz (ISO 6709 as ©xyz) and a camera maker\'s own box (Pentax\'s maker note, which holds GPS) become free boxes of zeros', async () => {
    const pentax = box('PXMN', 'PENTAX \0II', Buffer.alloc(24, 7));
    const make = itunesMetadata(box('\xa9mak', box('data', u32(1), u32(0), 'Google')));
    const video = Buffer.concat([ftyp(), box('moov', mvhd(), box('udta', box('@xyz', ISO6709), pentax, make))]);
    const { still, photo } = await googleMotionPhoto(video);
    expect(videoPlacesIn(photo)).toEqual([ISO6709]);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(videoPlacesIn(stored!)).toEqual([]);
    const freed = (bytes: Buffer) => box('free', Buffer.alloc(bytes.length - 8));
    expect(stored!.subarray(still.length).equals(Buffer.concat([ftyp(), box('moov', mvhd(), box('udta', freed(box('@xyz', ISO6709)), freed(pentax), make))]))).toBe(true);
  });

  it("Samsung's: the video inside its trailer loses its location the same way, and the trailer's country code becomes spaces", async () => {
    const still = await picture().jpeg().toBuffer();
    const trailer = (video: Buffer, mcc: string) => samsungTrailer([[0x0a30, 'MotionPhoto_Data', video], [0x0aa1, 'MCC_Data', Buffer.from(mcc)]]);
    const photo = Buffer.concat([still, trailer(motionVideo(), '505')]);
    expect(videoPlacesIn(photo)).toEqual([ISO6709, KEYED_ISO6709, LOCI_NAME, ITUNES_ISO6709, XMP_PLACE]);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(videoPlacesIn(stored!)).toEqual([]);
    const blanked = Buffer.from(stored!.subarray(still.length));
    const mcc = blanked.indexOf('MCC_Data') + 8;
    expect(blanked.toString('latin1', mcc, mcc + 3)).toBe('   ');
    expect(blanked.subarray(blanked.length - 8).toString('latin1', 4)).toBe('SEFT');
    await expectSamePicture(stored!, photo);
  });
});

describe('a video after a JPEG whose boxes do not parse: walked at once and stored with none of its place, never a hang or a 500', () => {
  /** The box with its 32-bit size replaced (0xFFFFFFFF: 4 GB, far past the end of any upload). */
  const sized = (bytes: Buffer, size: number) => {
    const copy = Buffer.from(bytes);
    copy.writeUInt32BE(size);
    return copy;
  };
  /** A box with a 64-bit size (a 32-bit size of 1, then the large size after the type). */
  const large = (type: string, size: bigint, body: Buffer) => {
    const header = Buffer.alloc(16);
    header.writeUInt32BE(1);
    header.write(type, 4, 'latin1');
    header.writeBigUInt64BE(size, 8);
    return Buffer.concat([header, body]);
  };

  it('boxes claiming 4 GB and 2^62 bytes are walked as far as the file goes, their location blanked', async () => {
    const still = await picture().jpeg().toBuffer();
    const photo = Buffer.concat([still, ftyp(), sized(box('moov', mvhd(), large('udta', 2n ** 62n, xyz(ISO6709))), 0xffffffff)]);
    expect(videoPlacesIn(photo)).toEqual([ISO6709]);
    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(videoPlacesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
  });

  it('nearly 10 MB of boxes (file types, movie boxes nested 400,000 deep, a million tracks, keys and items that lie) is stored unchanged', async () => {
    const still = await picture().jpeg().toBuffer();
    const room = 10 * 1024 * 1024 - still.length - 64;
    // A key of size 0 and one claiming 4 GB; items typed as no key; an entry count of 4 billion.
    const keys = Buffer.concat([fullBox('keys', u32(0xffffffff), u32(0xffffffff), 'mdta'), fullBox('keys', u32(3), u32(0))]);
    const lies = box('moov', box('meta', fullBox('hdlr', u32(0), 'mdta', Buffer.alloc(13)), keys, box('ilst', box('\0\0\0\x07', Buffer.alloc(8)), sized(box('\0\0\0\x01'), 0))));
    const trailers = {
      fileTypes: Buffer.concat(Array.from({ length: Math.floor(room / ftyp().length) }, ftyp)),
      nested: Buffer.concat(Array.from({ length: Math.floor(room / 24) }, () => Buffer.concat([box('ftyp', 'isom', u32(0)), sized(box('moov'), 0xffffffff)]))),
      tracks: Buffer.concat([ftyp(), sized(box('moov'), 8 + 8 * Math.floor((room - 32) / 8)), Buffer.concat(Array.from({ length: Math.floor((room - 32) / 8) }, () => box('trak')))]),
      lies: Buffer.concat([ftyp(), lies]),
    };
    for (const [label, trailer] of Object.entries(trailers)) {
      const photo = Buffer.concat([still, trailer]);
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(stored!.equals(photo), label).toBe(true);
    }
    // A hang guard, not a timing: building a million small boxes takes most of it, 7-31 s on a loaded two-core host.
  }, 90_000);

  it('location tracks by the ten thousand, or one of a million chunks, each naming every byte of the video as its samples (and four billion of them), are zeroed once: the video becomes zeros at once', async () => {
    const still = await picture().jpeg().toBuffer();
    // One sample size for all (10 MB), four billion samples in each chunk, the one chunk at the video's start.
    const everything = track('camm', sampleEntry('camm'), [], 0);
    const stsz = everything.indexOf('stsz') + 8;
    everything.writeUInt32BE(10 * 1024 * 1024, stsz);
    everything.writeUInt32BE(0xffffffff, stsz + 4);
    everything.writeUInt32BE(0xffffffff, everything.indexOf('stsc') + 16);
    const room = 10 * 1024 * 1024 - still.length - 1024;
    const tracks = Array.from({ length: Math.floor(room / everything.length) }, () => everything);
    // And one track of a million chunks (co64), each at the video's start.
    const chunks = Math.floor(room / 8);
    const oneTrack = track('camm', sampleEntry('camm'), [], 0, { wide: true });
    const co64 = oneTrack.indexOf('co64') - 4;
    const millionChunks = Buffer.concat([oneTrack.subarray(0, co64), fullBox('co64', u32(chunks), Buffer.alloc(8 * chunks))]);
    // Its compact size table (20 bytes) made a plain one of the same length: every sample 10 MB, four billion of them.
    fullBox('stsz', u32(10 * 1024 * 1024), u32(0xffffffff)).copy(millionChunks, millionChunks.indexOf('stz2') - 4);
    millionChunks.writeUInt32BE(0xffffffff, millionChunks.indexOf('stsc') + 16);
    for (const at of ['trak', 'mdia', 'minf', 'stbl']) millionChunks.writeUInt32BE(millionChunks.length - (millionChunks.indexOf(at) - 4), millionChunks.indexOf(at) - 4);
    for (const [label, moov] of [['tracks', box('moov', mvhd(), ...tracks)], ['chunks', box('moov', mvhd(), millionChunks)]] as const) {
      const photo = Buffer.concat([still, ftyp(), moov]);
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(stored!.equals(Buffer.concat([still, Buffer.alloc(photo.length - still.length)])), label).toBe(true);
    }
    // A hang guard, as above: the fixtures are most of the time.
  }, 90_000);

  it("a Samsung directory that claims 4 billion blocks, or blocks before the file's start, is passed over", async () => {
    const still = await picture().jpeg().toBuffer();
    const trailer = samsungTrailer([[0x0aa1, 'MCC_Data', Buffer.from('505')]]);
    const countAt = trailer.length - 8 - 24 + 8;
    const manyBlocks = Buffer.from(trailer);
    manyBlocks.writeUInt32LE(0xffffffff, countAt);
    const farBack = Buffer.from(trailer);
    farBack.writeUInt32LE(0xffffff00, countAt + 8);
    const mcc = (bytes: Buffer) => bytes.toString('latin1', bytes.indexOf('MCC_Data') + 8, bytes.indexOf('MCC_Data') + 11);
    const results: Record<string, string> = {};
    for (const [label, bad] of Object.entries({ manyBlocks, farBack })) {
      const { status, stored } = await upload(Buffer.concat([still, bad]));
      expect(status, label).toBe(201);
      results[label] = mcc(stored!);
    }
    // The count is capped at what the directory holds: its one block is still read; a block said to start before the file is not.
    expect(results).toEqual({ manyBlocks: '   ', farBack: '505' });
  });
});
