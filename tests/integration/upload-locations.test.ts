// Where a photo was taken, in each of the five upload types: what the upload function stores, and
// what the Image CDN's local emulation serves from an original that still has it.
import http from 'node:http';
import type net from 'node:net';
import zlib from 'node:zlib';
// The image emulation @netlify/dev (the local runtime, scripts/lib/site-handler.mjs) runs /.netlify/images with.
import { ImageHandler } from '@netlify/images';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { box, mvhd } from '../support/isobmff.ts';
import { pngChunk } from '../support/png.ts';
import { withoutLocation } from '../../src/server/uploads/image-location.ts';
import { EXIF, expectSamePicture, LATITUDE, LONGITUDE, picture, placesIn, upload, XMP, XMP_PLACE } from '../support/located-photos.ts';

/** The PNG's chunks: [type, start of the chunk, start of its data, its length]. */
function pngChunks(png: Buffer): [string, number, number, number][] {
  const list: [string, number, number, number][] = [];
  for (let i = 8; i + 8 <= png.length; i += 12 + png.readUInt32BE(i)) list.push([png.toString('latin1', i + 4, i + 8), i, i + 8, png.readUInt32BE(i)]);
  return list;
}

/** The WebP's RIFF chunks: [type, start of the chunk, start of its data, its size]. */
function riffChunks(webp: Buffer): [string, number, number, number][] {
  const list: [string, number, number, number][] = [];
  for (let i = 12; i + 8 <= webp.length; i += 8 + webp.readUInt32LE(i + 4) + (webp.readUInt32LE(i + 4) & 1)) {
    list.push([webp.toString('latin1', i, i + 4), i, i + 8, webp.readUInt32LE(i + 4)]);
  }
  return list;
}

/** A copy of the EXIF (TIFF) block at tiff in `b`, its first directory claiming 65,535 entries: cut short, as a broken writer leaves it. */
function withTruncatedExif(b: Buffer, tiff: number): Buffer {
  const copy = Buffer.from(b);
  expect(copy.toString('latin1', tiff, tiff + 2)).toBe('II');
  copy.writeUInt16LE(0xffff, tiff + copy.readUInt32LE(tiff + 4));
  return copy;
}

/** An AVIF's first box (ftyp), the brands that make the upload sniffed as AVIF. */
function avifFtyp(avif: Buffer): Buffer {
  expect(avif.toString('latin1', 4, 8)).toBe('ftyp');
  return avif.subarray(0, avif.readUInt32BE(0));
}

/** The PNG with its chunk CRCs made right again after an edit. */
function withCrcs(png: Buffer): Buffer {
  const copy = Buffer.from(png);
  for (const [, start, data, length] of pngChunks(copy)) {
    if (data + length + 4 <= copy.length) copy.writeUInt32BE(zlib.crc32(copy.subarray(start + 4, data + length)), data + length);
  }
  return copy;
}

/**
 * EXIF (little-endian TIFF) as a camera writes it: IFD0 with the make and the EXIF directory's
 * offset, the EXIF directory with the maker note, then the note, made by `note` given where it
 * starts (a maker note's own offsets count from the TIFF header). Answers the block and where the note is.
 */
function exifWithMakerNote(make: string, note: (at: number) => Buffer): { exif: Buffer; note: [start: number, end: number] } {
  const directory = (entries: [tag: number, type: number, count: number, value: number][]) => {
    const bytes = Buffer.alloc(2 + entries.length * 12 + 4);
    bytes.writeUInt16LE(entries.length);
    entries.forEach(([tag, type, count, value], n) => {
      bytes.writeUInt16LE(tag, 2 + n * 12);
      bytes.writeUInt16LE(type, 4 + n * 12);
      bytes.writeUInt32LE(count, 6 + n * 12);
      bytes.writeUInt32LE(value, 10 + n * 12);
    });
    return bytes;
  };
  const makeBytes = Buffer.from(`${make}\0`.padEnd(10, '\0'), 'latin1');
  const [makeAt, exifAt] = [8 + 30, 8 + 30 + makeBytes.length];
  const noteAt = exifAt + 18;
  const noteBytes = note(noteAt);
  const header = Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]);
  const exif = Buffer.concat([header, directory([[0x010f, 2, makeBytes.length, makeAt], [0x8769, 4, 1, exifAt]]), makeBytes, directory([[0x927c, 7, noteBytes.length, noteAt]]), noteBytes]);
  return { exif, note: [noteAt, noteAt + noteBytes.length] };
}
/** Panasonic's maker note with the city it was taken in: 'Panasonic', three NULs, a directory whose one entry (0x006D, City) points past it. */
const panasonicNote = (at: number) => {
  const note = Buffer.alloc(12 + 18);
  note.write('Panasonic', 0, 'latin1');
  note.writeUInt16LE(1, 12);
  note.writeUInt16LE(0x006d, 14);
  note.writeUInt16LE(7, 16);
  note.writeUInt32LE(12, 18);
  note.writeUInt32LE(at + note.length, 22);
  return Buffer.concat([note, Buffer.from('Surry Hills\0')]);
};
/** Apple's: 'Apple iOS', NUL, its version, 'MM', then a directory (here HDRHeadroom, 0x0021, a rational, and nothing of a place). */
const appleNote = () => Buffer.concat([Buffer.from('Apple iOS\0\0\x01MM', 'latin1'), Buffer.from([0, 1, 0, 0x21, 0, 10, 0, 0, 0, 1, 0, 0, 0, 0x20, 0, 0, 0, 0]), Buffer.from([0, 0, 0, 3, 0, 0, 0, 2])]);

describe('an upload is stored without where the photo was taken, whatever its type', () => {
  it('PNG: the eXIf chunk keeps all but its GPS directory; XMP (zTXt as libvips writes it, iTXt) and ImageMagick raw profiles become comments of spaces, its old exIf and zxIf chunks go too; every CRC holds', async () => {
    const made = await picture().png().withExif(EXIF).withXmp(XMP).toBuffer();
    expect(pngChunks(made).map(([type]) => type)).toEqual(['IHDR', 'eXIf', 'pHYs', 'zTXt', 'IDAT', 'IEND']);
    const exif = pngChunks(made).find(([type]) => type === 'eXIf')!;
    const exifBytes = made.subarray(exif[2], exif[2] + exif[3]);
    const itxt = pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(XMP)]));
    const rawProfile = pngChunk('tEXt', Buffer.from(`Raw profile type exif\0\nexif\n${String(exifBytes.length + 6).padStart(8)}\n${Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifBytes]).toString('hex')}\n`, 'latin1'));
    const iend = pngChunks(made).at(-1)![1];
    const photo = Buffer.concat([made.subarray(0, iend), itxt, rawProfile, made.subarray(iend)]);
    expect(placesIn(photo)).toEqual(['latitude', 'latitude as hex', 'longitude', 'longitude as hex', 'xmp']);
    // ImageMagick's private chunks from before eXIf: exIf as is, zxIf deflated (the place then shows only once inflated).
    const legacy = Buffer.concat([made.subarray(0, iend), pngChunk('exIf', exifBytes), pngChunk('zxIf', zlib.deflateSync(exifBytes)), made.subarray(iend)]);
    expect((await sharp(photo).metadata()).xmp?.toString()).toContain(XMP_PLACE);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
    // libpng checks every chunk's CRC: a wrong one and the file would not decode.
    await expectSamePicture(stored!, photo);
    expect(pngChunks(stored!).map(([type]) => type)).toEqual(['IHDR', 'eXIf', 'pHYs', 'tEXt', 'IDAT', 'tEXt', 'tEXt', 'IEND']);
    const read = await sharp(stored!).metadata();
    expect(read.xmp).toBeUndefined();
    expect(read.exif!.includes(Buffer.from('Jane Doe'))).toBe(true);
    const texts = pngChunks(stored!).filter(([type]) => type === 'tEXt').map(([, , data, length]) => stored!.toString('latin1', data, data + length));
    const lengths = pngChunks(photo).filter(([type]) => ['tEXt', 'zTXt', 'iTXt'].includes(type)).map(([, , , length]) => length);
    expect(texts).toEqual(lengths.map((length) => `Comment\0${' '.repeat(length - 8)}`));

    const old = await upload(legacy);
    expect(old.status).toBe(201);
    expect(placesIn(old.stored!)).toEqual([]);
    const zxif = pngChunks(old.stored!).find(([type]) => type === 'zxIf')!;
    expect(old.stored!.subarray(zxif[2], zxif[2] + zxif[3]).every((byte) => byte === 0)).toBe(true);
    await expectSamePicture(old.stored!, legacy);
  });

  it('PNG: an eXIf chunk or XMP written after IEND, which is served with the file, goes too', async () => {
    const made = await picture().png().withExif(EXIF).toBuffer();
    const exif = pngChunks(made).find(([type]) => type === 'eXIf')!;
    const exifBytes = made.subarray(exif[2], exif[2] + exif[3]);
    const iend = pngChunks(made).at(-1)![1];
    const clean = Buffer.concat([made.subarray(0, exif[1]), made.subarray(exif[2] + exif[3] + 4)]);
    const trailing = Buffer.concat([pngChunk('eXIf', exifBytes), pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(XMP)]))]);
    const photo = Buffer.concat([clean, trailing]);
    expect(iend).toBeGreaterThan(exif[1]);
    expect(pngChunks(photo).map(([type]) => type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND', 'eXIf', 'iTXt']);
    expect(placesIn(photo)).toEqual(['latitude', 'longitude', 'xmp']);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.subarray(0, clean.length).equals(clean)).toBe(true);
    await expectSamePicture(stored!, clean);
  });

  it('WebP: the EXIF chunk keeps all but its GPS directory, the XMP chunk becomes spaces, the RIFF sizes stay right', async () => {
    const photo = await picture().webp({ lossless: true }).withExif(EXIF).withXmp(XMP).toBuffer();
    expect(riffChunks(photo).map(([type]) => type)).toEqual(['VP8X', 'VP8L', 'EXIF', 'XMP ']);
    expect(placesIn(photo)).toEqual(['latitude', 'longitude', 'xmp']);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
    await expectSamePicture(stored!, photo);
    const read = await sharp(stored!).metadata();
    expect(read.exif!.includes(Buffer.from('Jane Doe'))).toBe(true);
    const xmp = riffChunks(photo).find(([type]) => type === 'XMP ')!;
    expect(read.xmp).toEqual(Buffer.alloc(xmp[3], ' '));
  });

  it('AVIF: the Exif item keeps all but its GPS directory, the XMP item becomes spaces', async () => {
    const photo = await picture().avif({ lossless: true }).withExif(EXIF).withXmp(XMP).toBuffer();
    expect(placesIn(photo)).toEqual(['latitude', 'longitude', 'xmp']);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
    await expectSamePicture(stored!, photo);
    const read = await sharp(stored!).metadata();
    expect(read.exif!.includes(Buffer.from('Jane Doe'))).toBe(true);
    expect(read.xmp!.toString().trim()).toBe('');
  });

  it("AVIF: a movie box (an AVIF sequence's) loses its place as a motion photo's video does: its user data's ©xyz becomes a free box of zeros", async () => {
    const made = await picture().avif({ lossless: true }).toBuffer();
    const xyz = box('\xa9xyz', Buffer.from([0, 18, 0x15, 0xc7]), '-33.8701+151.2083/');
    const photo = Buffer.concat([made, box('moov', mvhd(), box('udta', xyz))]);
    expect(photo.includes('-33.8701+151.2083/')).toBe(true);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(stored!.equals(Buffer.concat([made, box('moov', mvhd(), box('udta', box('free', Buffer.alloc(xyz.length - 8))))]))).toBe(true);
    await expectSamePicture(stored!, made);
  });

  it('GIF: the XMP application extension becomes spaces, its magic trailer still ending it', async () => {
    const made = await picture().gif().toBuffer();
    const tableBytes = made[10]! & 0x80 ? 3 * 2 ** ((made[10]! & 7) + 1) : 0;
    const trailer = Buffer.from([1, ...Array.from({ length: 256 }, (_, k) => 255 - k), 0]);
    const extension = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('XMP DataXMP'), Buffer.from(XMP), trailer]);
    const photo = Buffer.concat([made.subarray(0, 13 + tableBytes), extension, made.subarray(13 + tableBytes)]);
    expect(placesIn(photo)).toEqual(['xmp']);
    await expectSamePicture(photo, made);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.length).toBe(photo.length);
    await expectSamePicture(stored!, made);
  });

  it('JPEG: an Extended XMP segment (the rest of a packet too large for one) becomes a comment of spaces too', async () => {
    const made = await picture().jpeg().toBuffer();
    const chunk = Buffer.concat([Buffer.from('http://ns.adobe.com/xmp/extension/\0', 'latin1'), Buffer.from('0123456789ABCDEF0123456789ABCDEF'), Buffer.from([0, 0, 0, XMP.length, 0, 0, 0, 0]), Buffer.from(XMP)]);
    const segment = Buffer.concat([Buffer.from([0xff, 0xe1, (chunk.length + 2) >> 8, (chunk.length + 2) & 255]), chunk]);
    const photo = Buffer.concat([made.subarray(0, 2), segment, made.subarray(2)]);
    expect(placesIn(photo)).toEqual(['xmp']);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.subarray(2, 4)).toEqual(Buffer.from([0xff, 0xfe]));
    await expectSamePicture(stored!, photo);
  });

  it("JPEG: the maker note, the camera maker's own block (Panasonic's holds the city), is zeroed whole; Apple's, which holds no place and by which iOS draws HDR, stays", async () => {
    const made = await picture().jpeg().toBuffer();
    const app1 = (exif: Buffer) => Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 8) >> 8, (exif.length + 8) & 255]), Buffer.from('Exif\0\0', 'latin1'), exif]);
    const withExif = (exif: Buffer) => Buffer.concat([made.subarray(0, 2), app1(exif), made.subarray(2)]);
    const panasonic = exifWithMakerNote('Panasonic', panasonicNote);
    const photo = withExif(panasonic.exif);
    expect(photo.includes('Surry Hills')).toBe(true);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    // The rest of the EXIF as it was: the note alone zeroed, from its 'Panasonic' to the city after its directory.
    const blanked = Buffer.from(panasonic.exif).fill(0, ...panasonic.note);
    expect(stored!.equals(withExif(blanked))).toBe(true);
    await expectSamePicture(stored!, made);

    const apple = withExif(exifWithMakerNote('Apple', appleNote).exif);
    expect((await upload(apple)).stored!.equals(apple)).toBe(true);
  });

  it("JPEG: a second image after the first (an MPF preview or gain map, as cameras and phones append them) loses its EXIF's GPS and its XMP too", async () => {
    const made = await picture().jpeg().toBuffer();
    const second = await picture().resize(16, 12).jpeg().withExif(EXIF).withXmp(XMP).toBuffer();
    const photo = Buffer.concat([made, second]);
    expect(placesIn(photo)).toEqual(['latitude', 'longitude', 'xmp']);

    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    expect(stored!.subarray(0, made.length).equals(made)).toBe(true);
    // The second image keeps the rest of its EXIF: its GPS directory alone was emptied.
    expect((await sharp(stored!.subarray(made.length)).metadata()).exif?.includes('Jane Doe')).toBe(true);
    await expectSamePicture(stored!, made);
  });
});

describe('an upload whose metadata is malformed: stored with none of it, or refused with 400, never a 500', () => {
  it('EXIF whose first directory runs past its end is blanked whole (JPEG, PNG, WebP), and the picture still decodes', async () => {
    const jpeg = await picture().jpeg().withExif(EXIF).toBuffer();
    const png = await picture().png().withExif(EXIF).toBuffer();
    const webp = await picture().webp({ lossless: true }).withExif(EXIF).toBuffer();
    const pngExif = pngChunks(png).find(([type]) => type === 'eXIf')![2];
    const webpExif = riffChunks(webp).find(([type]) => type === 'EXIF')![2] + 6; // after its Exif\0\0
    const jpegExif = jpeg.indexOf('Exif\0\0') + 6;
    for (const [label, photo] of [
      ['jpeg', withTruncatedExif(jpeg, jpegExif)],
      ['png', withCrcs(withTruncatedExif(png, pngExif))],
      ['webp', withTruncatedExif(webp, webpExif)],
    ] as const) {
      expect(placesIn(photo), label).toEqual(['latitude', 'longitude']);
      const { status, stored } = await upload(photo);
      expect(status, label).toBe(201);
      expect(placesIn(stored!), label).toEqual([]);
      expect(stored!.includes(Buffer.from('Jane Doe')), label).toBe(false);
      await expectSamePicture(stored!, photo);
    }
  });

  it('a metadata block running past the end of the file is blanked as far as it goes (JPEG segment, PNG chunk, WebP chunk)', async () => {
    const jpeg = await picture().jpeg().withExif(EXIF).toBuffer();
    const png = await picture().png().withExif(EXIF).toBuffer();
    const webp = await picture().webp({ lossless: true }).withExif(EXIF).toBuffer();
    // A JPEG whose EXIF segment, after its frame header (which gives its size), is cut short by the end; a PNG whose eXIf comes after IDAT and claims more bytes than follow; a WebP whose EXIF chunk does.
    const exif = pngChunks(png).find(([type]) => type === 'eXIf')!;
    const exifChunk = png.subarray(exif[1], exif[2] + exif[3] + 4);
    const tooLong = Buffer.from(exifChunk.subarray(0, exifChunk.length - 4));
    tooLong.writeUInt32BE(0x7fff_ffff);
    const pngChunkList = pngChunks(png);
    const idatEnd = pngChunkList.find(([type]) => type === 'IDAT')!;
    const pngCut = Buffer.concat([png.subarray(0, exif[1]), png.subarray(exif[2] + exif[3] + 4, idatEnd[2] + idatEnd[3] + 4), tooLong]);
    const webpExif = riffChunks(webp).find(([type]) => type === 'EXIF')!;
    const webpCut = Buffer.from(webp);
    webpCut.writeUInt32LE(0x7fff_fff0, webpExif[1] + 4);
    const plain = await picture().jpeg().toBuffer();
    const app1 = jpeg.indexOf('Exif\0\0') - 4;
    const jpegCut = Buffer.concat([plain.subarray(0, plain.indexOf(Buffer.from([0xff, 0xda]))), jpeg.subarray(app1, Math.max(jpeg.indexOf(LATITUDE), jpeg.indexOf(LONGITUDE)) + 24)]);
    expect(placesIn(pngCut)).toEqual(['latitude', 'longitude']);
    const { status, stored } = await upload(pngCut);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    // The JPEG, cut before its picture, and the WebP, whose EXIF chunk runs past its end (libwebp
    // draws neither), are blanked too, and then refused as the cut files they are.
    for (const [type, photo] of [
      ['image/jpeg', jpegCut],
      ['image/webp', webpCut],
    ] as const) {
      expect(placesIn(photo), type).toEqual(['latitude', 'longitude']);
      expect(placesIn(Buffer.from(withoutLocation(photo, type)!)), type).toEqual([]);
      const answer = await upload(photo);
      expect({ status: answer.status, json: answer.json }, type).toEqual({
        status: 400,
        json: { error: 'The image is cut short: its file ends before the image does; download or export it again' },
      });
    }
    // The PNG still decodes, as it did when sent: its picture comes before the broken chunk. (libwebp
    // refuses a chunk past the end of the file, before and after.)
    await expectSamePicture(pngCut, png);
    const { stored: png2 } = await upload(pngCut);
    await expectSamePicture(png2!, png);
    await expect(sharp(webpCut).raw().toBuffer()).rejects.toThrow('Input buffer has corrupt header: webp: unable to parse image');
  });

  it('an AVIF whose item locations do not parse is refused with 400: where its EXIF is cannot be told', async () => {
    const avif = await picture().avif({ lossless: true }).withExif(EXIF).toBuffer();
    const iloc = avif.indexOf('iloc') - 4;
    const version = avif[iloc + 8]!;
    expect(version).toBeLessThan(2);
    const broken = Buffer.from(avif);
    broken.writeUInt16BE(0xffff, iloc + 14); // item_count: far more items than the box holds
    expect(placesIn(broken)).toEqual(['latitude', 'longitude']);
    const r = await upload(broken);
    expect({ status: r.status, json: r.json }).toEqual({ status: 400, json: { error: 'The image is damaged: its metadata does not read through; export it again' } });
  });

  it('an AVIF whose iloc gives each of its items 65,535 extents of no bytes is refused with 400 at once, not walked for hours', async () => {
    const u16 = (n: number) => Buffer.from([n >> 8, n & 255]);
    const fullBox = (version: number) => Buffer.from([version, 0, 0, 0]);
    const ftyp = avifFtyp(await picture().avif({ lossless: true }).toBuffer());
    // One Exif item, so the item locations are read; then 2,000 items of 6 bytes each (12 KB), every
    // offset, length and index size 0, each claiming 65,535 extents: 131 million extents that hold nothing.
    const iinf = box('iinf', fullBox(0), u16(1), box('infe', fullBox(2), u16(1), u16(0), 'Exif', '\0'));
    const items = Array.from({ length: 2000 }, (_, n) => Buffer.concat([u16(2 + n), u16(0), u16(0xffff)]));
    const iloc = box('iloc', fullBox(0), u16(0), u16(items.length), ...items);
    const hostile = Buffer.concat([ftyp, box('meta', fullBox(0), iinf, iloc)]);
    const r = await upload(hostile);
    expect({ status: r.status, json: r.json }).toEqual({ status: 400, json: { error: 'The image is damaged: its metadata does not read through; export it again' } });
  });

  it('a WebP of a million empty EXIF chunks (9 MB) is walked through and stored, not a hang or a 500', async () => {
    const made = await picture().webp({ lossless: true }).toBuffer();
    const empty = Buffer.from('EXIF\0\0\0\0', 'latin1');
    const photo = Buffer.concat([made, Buffer.concat(Array.from({ length: 1_200_000 }, () => empty))]);
    photo.writeUInt32LE(photo.length - 8, 4);
    // Within the test's time limit: a walk that did not move on past an empty chunk would never end.
    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(stored!.equals(photo)).toBe(true);
  });

  it('EXIF whose EXIF directory names 65,535 maker notes, each the whole 9 MB block, is zeroed once, not 65,535 times over: stored at once', async () => {
    const made = await picture().webp({ lossless: true }).toBuffer();
    const room = 9 * 1024 * 1024;
    const exif = Buffer.alloc(room);
    exif.write('II*\0', 0, 'latin1');
    exif.writeUInt32LE(8, 4);
    // IFD0: one entry, the EXIF directory's offset (26); then the EXIF directory, every entry a maker note from byte 8 to the end.
    exif.writeUInt16LE(1, 8);
    exif.writeUInt16LE(0x8769, 10);
    exif.writeUInt16LE(4, 12);
    exif.writeUInt32LE(1, 14);
    exif.writeUInt32LE(26, 18);
    exif.writeUInt16LE(0xffff, 26);
    for (let n = 0; n < 0xffff; n++) {
      const entry = 28 + n * 12;
      exif.writeUInt16LE(0x927c, entry);
      exif.writeUInt16LE(7, entry + 2);
      exif.writeUInt32LE(room - 8, entry + 4);
      exif.writeUInt32LE(8, entry + 8);
    }
    const chunk = Buffer.concat([Buffer.from('EXIF', 'latin1'), Buffer.from(new Uint32Array([room]).buffer), exif]);
    const photo = Buffer.concat([made, chunk]);
    photo.writeUInt32LE(photo.length - 8, 4);
    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(stored!.equals(Buffer.from(photo).fill(0, made.length + 8 + 8))).toBe(true);
  });

  it('a GIF whose XMP has no magic trailer: the sub-blocks it is read as are blanked', async () => {
    const made = await picture().gif().toBuffer();
    const tableBytes = made[10]! & 0x80 ? 3 * 2 ** ((made[10]! & 7) + 1) : 0;
    const packet = Buffer.from(XMP_PLACE);
    const extension = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('XMP DataXMP'), Buffer.from([packet.length]), packet, Buffer.from([0])]);
    const photo = Buffer.concat([made.subarray(0, 13 + tableBytes), extension, made.subarray(13 + tableBytes)]);
    const { status, stored } = await upload(photo);
    expect(status).toBe(201);
    expect(placesIn(stored!)).toEqual([]);
    await expectSamePicture(stored!, made);
  });
});

describe("the Image CDN's local emulation (@netlify/images, ipx on sharp)", () => {
  it('serves resized AVIF, WebP, JPEG and PNG with no EXIF or XMP, even from an original that has them', async () => {
    const originals: Record<string, Buffer> = {
      'photo.jpg': await picture().jpeg().withExif(EXIF).withXmp(XMP).toBuffer(),
      'photo.png': await picture().png().withExif(EXIF).withXmp(XMP).toBuffer(),
      'photo.webp': await picture().webp().withExif(EXIF).withXmp(XMP).toBuffer(),
      'photo.avif': await picture().avif().withExif(EXIF).withXmp(XMP).toBuffer(),
    };
    const types: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
    const origin = http.createServer((req, res) => {
      const body = originals[req.url!.slice(1)];
      if (!body) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': types[req.url!.split('.').pop()!]! }).end(body);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(origin.address() as net.AddressInfo).port}`;
    try {
      const images = new ImageHandler({ logger: console, imagesConfig: { remote_images: [] } });
      const seen: Record<string, unknown> = {};
      for (const source of Object.keys(originals)) {
        for (const fm of ['avif', 'webp', 'jpg', 'png', undefined]) {
          const query = `url=${encodeURIComponent(`/${source}`)}&w=32${fm ? `&fm=${fm}` : ''}`;
          const req = new Request(`${address}/.netlify/images?${query}`);
          const res = await images.match(req)!.handle(address);
          const variant = Buffer.from(await res.arrayBuffer());
          const read = await sharp(variant).metadata();
          seen[`${source} ${fm ?? 'as is'}`] = { status: res.status, width: read.width, exif: read.exif, xmp: read.xmp, places: placesIn(variant) };
        }
      }
      const none = { status: 200, width: 32, exif: undefined, xmp: undefined, places: [] };
      expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, none])));
    } finally {
      await new Promise<void>((resolve) => origin.close(() => resolve()));
    }
  });
});
