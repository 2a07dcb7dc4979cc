// PNG files made by the tests rather than kept as binary fixtures: the signature, then chunks each
// framed by its length and a CRC-32, so every decoder (sharp, the Image CDN, Chromium) takes them
// as real images.
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One chunk: its data's length, its type, the data, then the CRC-32 of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export interface UniformPng {
  width: number;
  height: number;
  /** IHDR's bit depth and colour type (0 grey, 2 RGB); no interlace. */
  bitDepth: number;
  colourType: number;
  /** One scanline, its filter byte first: every row of the image is this one. */
  row: Buffer;
  /** Chunks between the pixels and IEND. */
  extraChunks?: Buffer[];
}

/** A PNG whose rows are all `row`: a flat colour, whatever its size, deflated at the best level. */
export function uniformPng({ width, height, bitDepth, colourType, row, extraChunks = [] }: UniformPng): Buffer<ArrayBuffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = colourType;
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)), { level: 9 });
  return Buffer.concat([SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', pixels), ...extraChunks, pngChunk('IEND', Buffer.alloc(0))]);
}
