/**
 * The site's icon as raster files, made at build time from public/favicon.svg (sharp, in the build
 * only: the endpoints that use this are prerendered, so no function carries it): the 180 px
 * apple-touch-icon a phone puts on its home screen, and /favicon.ico, which crawlers, feed readers
 * and old browsers ask for by that name whatever the page's <link> says.
 */
import sharp from 'sharp';
import faviconSvg from '../../../public/favicon.svg?raw';

/** The icon's background: the fill of its rounded square. */
const BACKGROUND = /<rect[^>]*\sfill="([^"]+)"/.exec(faviconSvg)?.[1] ?? '#ffffff';

/**
 * The icon as a square PNG of `size` pixels, drawn at a density that needs no upscaling. `opaque`
 * fills the rounded square's corners with its own colour: a phone rounds a home-screen icon itself
 * and shows transparent corners black.
 */
export async function faviconPng(size: number, { opaque = false } = {}): Promise<Uint8Array<ArrayBuffer>> {
  let image = sharp(Buffer.from(faviconSvg), { density: 72 * Math.ceil(size / 64) }).resize(size, size);
  if (opaque) image = image.flatten({ background: BACKGROUND });
  return Uint8Array.from(await image.png().toBuffer());
}

/**
 * An ICO file holding PNG images (how every browser since Windows Vista's reads them): a 6-byte
 * header, a 16-byte entry per image (its size, its length and where it starts), then the PNGs.
 */
export async function faviconIco(sizes: readonly number[] = [16, 32, 48]): Promise<Uint8Array<ArrayBuffer>> {
  const images = await Promise.all(sizes.map((size) => faviconPng(size)));
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((png, i) => {
    const entry = 6 + 16 * i;
    const size = sizes[i]!;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.byteLength, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.byteLength;
  });
  return Uint8Array.from(Buffer.concat([header, ...images]));
}
