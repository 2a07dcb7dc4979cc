/**
 * The pixel size an uploaded image declares in its header, read without decoding it (image-size).
 * A PNG, GIF or WebP of a few hundred kilobytes can declare 60,000 x 60,000 pixels (a run of zeros
 * compresses a thousand to one): stored, it is an image the Image CDN refuses to decode, so the
 * article shows none, and one the admin panel's preview asks the browser to unpack into gigabytes.
 */
import { imageSize as readHeader } from 'image-size';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The width and height the image `bytes` declare, or null when its header does not say (cut short,
 * or not a format image-size reads). For a file holding several images (an AVIF grid), the
 * largest, which is the one a decoder has to hold.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  let read: ReturnType<typeof readHeader>;
  try {
    read = readHeader(bytes);
  } catch {
    return null;
  }
  const sizes = [read, ...(read.images ?? [])].filter((s) => s.width > 0 && s.height > 0);
  if (sizes.length === 0) return null;
  const largest = sizes.reduce((a, b) => (b.width * b.height > a.width * a.height ? b : a));
  return { width: largest.width, height: largest.height };
}
