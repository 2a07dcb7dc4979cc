// ISO-BMFF boxes (the container of AVIF, MP4 and a motion photo's video) made by the tests.

/** A box: a 32-bit size counting its 8-byte header, a four-character type (Latin-1), the body. */
export function box(type: string, ...parts: (Buffer | string)[]): Buffer {
  const body = Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : part)));
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}
