import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImageType } from '../../schemas/upload.ts';
import { holdsWholeImage } from './image-completeness.ts';

// A photo of noise, so each format's data runs to many blocks, chunks or sub-blocks, as a photo's
// does; the same noise every run (a fixed seed), so every cut below is judged the same way each time.
const WIDTH = 240;
const HEIGHT = 160;
const noise = (() => {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = 0x2f5d8a;
  for (let i = 0; i < pixels.length; i++) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    pixels[i] = 64 + (state >>> 25);
  }
  return pixels;
})();
const photo = () => sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });

async function encodings(): Promise<[string, ImageType, Buffer][]> {
  return [
    ['PNG', 'image/png', await photo().png().toBuffer()],
    ['JPEG', 'image/jpeg', await photo().jpeg().toBuffer()],
    ['progressive JPEG with EXIF', 'image/jpeg', await photo().jpeg({ progressive: true }).withMetadata().toBuffer()],
    ['GIF', 'image/gif', await photo().gif().toBuffer()],
    ['WebP', 'image/webp', await photo().webp().toBuffer()],
    ['lossless WebP', 'image/webp', await photo().webp({ lossless: true }).toBuffer()],
    ['AVIF', 'image/avif', await photo().avif().toBuffer()],
  ];
}

/** Whether libvips, the decoder behind the Image CDN's emulation, draws `bytes`. */
const decodes = (bytes: Buffer) =>
  sharp(bytes)
    .raw()
    .toBuffer()
    .then(() => true, () => false);

describe('holdsWholeImage', () => {
  it('takes each format whole, and with bytes after its end (a camera trailer)', async () => {
    for (const [label, type, bytes] of await encodings()) {
      expect(holdsWholeImage(bytes, type), label).toBe(true);
      expect(holdsWholeImage(Buffer.concat([bytes, Buffer.from('a trailer after the image')]), type), label).toBe(true);
    }
  });

  it('refuses each format cut short anywhere, as the decoder does', async () => {
    for (const [label, type, bytes] of await encodings()) {
      const step = Math.ceil(bytes.length / 60);
      const lengths = [...Array.from({ length: 60 }, (_, i) => 1 + i * step).filter((n) => n < bytes.length), bytes.length - 1];
      for (const length of lengths) {
        const cut = bytes.subarray(0, length);
        // A GIF without its last byte lacks only its trailer, a PNG only a byte of IEND's CRC: each is
        // drawn whole, and taken.
        const whole = (type === 'image/gif' || type === 'image/png') && length === bytes.length - 1;
        expect([holdsWholeImage(cut, type), await decodes(cut)], `${label} cut to ${length} of ${bytes.length}`).toEqual([whole, whole]);
      }
    }
  }, 60_000);

  it("refuses a WebP one of whose chunks runs past the file's end while its RIFF header does not, as libwebp does", async () => {
    const webp = await photo().withMetadata({ exif: { IFD0: { Make: 'Phone' } } }).webp().toBuffer();
    // The chunks after the 12-byte RIFF header: VP8X, ICCP, VP8, EXIF (the last, after the picture).
    const starts: number[] = [];
    for (let at = 12; at + 8 <= webp.length; at += 8 + webp.readUInt32LE(at + 4) + (webp.readUInt32LE(at + 4) & 1)) starts.push(at);
    for (const at of starts) {
      const long = Buffer.from(webp);
      long.writeUInt32LE(webp.length, at + 4);
      expect([holdsWholeImage(long, 'image/webp'), await decodes(long)], long.toString('latin1', at, at + 4)).toEqual([false, false]);
    }
    expect(holdsWholeImage(webp, 'image/webp')).toBe(true);
  });

  it('refuses a PNG that stops before IEND, and takes one missing only bytes of its CRC', async () => {
    const [[, type, png]] = await encodings();
    // IEND is the file's last 12 bytes: every encoder writes it, so a file without it was cut.
    expect(holdsWholeImage(png.subarray(0, png.length - 12), type)).toBe(false);
    // Its CRC alone missing: the end marker is there.
    expect(holdsWholeImage(png.subarray(0, png.length - 4), type)).toBe(true);
  });
});
