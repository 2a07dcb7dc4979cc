/**
 * Samsung's trailer after a JPEG: data blocks (a motion photo's video, a dual shot's second image,
 * and the mobile network's country code, MCC_Data), found through a directory at the very end of
 * the file. The country code names the country the photo was taken in, and becomes spaces; a video
 * in the trailer is walked with any other (motion-photo.ts).
 *
 * The end of the file: the directory ('SEFH', a version, the block count, then per block two bytes
 * of zero, its type, its distance back from the directory and its size), the directory's length
 * and 'SEFT', little-endian throughout. A block: two bytes of zero, its type, the length of its
 * name, the name, the value. Blocks whose numbers do not fit the file are passed over.
 */
import { SPACE, startsWith, u32le } from './bytes.ts';

const MCC_DATA = 0x0aa1;

export function samsungTrailerWithoutLocation(b: Uint8Array): void {
  if (b.length < 8 || !startsWith(b, b.length - 4, 'SEFT')) return;
  const directoryLength = u32le(b, b.length - 8);
  const directory = b.length - 8 - directoryLength;
  if (directoryLength < 12 || directory < 0 || !startsWith(b, directory, 'SEFH')) return;
  const count = Math.min(u32le(b, directory + 8), Math.floor((directoryLength - 12) / 12));
  for (let n = 0; n < count; n++) {
    const entry = directory + 12 + 12 * n;
    const type = b[entry + 2]! | (b[entry + 3]! << 8);
    const distance = u32le(b, entry + 4);
    const size = u32le(b, entry + 8);
    if (type !== MCC_DATA || distance > directory || size > distance || size < 8) continue;
    const block = directory - distance;
    const value = block + 8 + u32le(b, block + 4);
    if (value <= block + size) b.fill(SPACE, value, block + size);
  }
}
