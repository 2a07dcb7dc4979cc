// ISO-BMFF boxes (the container of AVIF, MP4 and a motion photo's video) made by the tests.

/** A box: a 32-bit size counting its 8-byte header, a four-character type (Latin-1), the body. */
export function box(type: string, ...parts: (Buffer | string)[]): Buffer {
  const body = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)));
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

export const u32 = (n: number) => Buffer.from([n >>> 24, (n >> 16) & 255, (n >> 8) & 255, n & 255]);
/** A full box: version 0 and no flags before the body. */
export const fullBox = (type: string, ...parts: (Buffer | string)[]) => box(type, Buffer.alloc(4), ...parts);
export const ftyp = () => box('ftyp', 'isom', u32(0x200), 'isom', 'iso2', 'mp41');
/** A movie header (version 0): times, a time scale of 1000, a duration of 1 s, the rate, volume and matrix of a plain video, and the next track id. */
export const mvhd = () => {
  const body = Buffer.alloc(96);
  body.writeUInt32BE(1000, 8);
  body.writeUInt32BE(1000, 12);
  body.writeUInt32BE(0x10000, 16);
  body.writeUInt16BE(0x100, 20);
  for (const [at, value] of [[32, 0x10000], [48, 0x10000], [64, 0x40000000]] as const) body.writeUInt32BE(value, at);
  body.writeUInt32BE(2, 92);
  return fullBox('mvhd', body);
};

/** A sample entry (in a track's stsd): six reserved bytes, the data reference index (1), then its own boxes. */
export const sampleEntry = (type: string, ...children: Buffer[]) => box(type, Buffer.alloc(6), Buffer.from([0, 1]), ...children);

/**
 * A track of the handler type `handler` whose samples, described by `entry`, lie one after another
 * in one chunk at `offset` (from the start of the video's file): its header, media header and
 * handler, and the sample tables (one sample description, a second each, all in chunk 1, a size
 * each, the chunk's offset). `wide` writes the sizes and offset as a large file may: 16-bit sizes
 * in a compact table (stz2), and a 64-bit offset (co64).
 */
export const track = (handler: string, entry: Buffer, samples: Buffer[], offset: number, { wide = false } = {}) => {
  const sizes = wide
    ? fullBox('stz2', Buffer.from([0, 0, 0, 16]), u32(samples.length), ...samples.map((sample) => Buffer.from([sample.length >> 8, sample.length & 255])))
    : fullBox('stsz', u32(0), u32(samples.length), ...samples.map((sample) => u32(sample.length)));
  const offsets = wide ? fullBox('co64', u32(1), u32(0), u32(offset)) : fullBox('stco', u32(1), u32(offset));
  return box(
    'trak',
    fullBox('tkhd', Buffer.alloc(80)),
    box(
      'mdia',
      fullBox('mdhd', u32(0), u32(0), u32(1000), u32(1000 * samples.length), Buffer.alloc(4)),
      fullBox('hdlr', u32(0), handler, Buffer.alloc(12), '\0'),
      box(
        'minf',
        fullBox('nmhd'),
        box(
          'stbl',
          fullBox('stsd', u32(1), entry),
          fullBox('stts', u32(1), u32(samples.length), u32(1000)),
          fullBox('stsc', u32(1), u32(1), u32(samples.length), u32(1)),
          sizes,
          offsets,
        ),
      ),
    ),
  );
};
