/** A GIF's location: its XMP application extension. */
import { asBuffer, SPACE } from './bytes.ts';

const GIF_XMP = Buffer.from('\x21\xff\x0bXMP DataXMP', 'latin1');
const GIF_XMP_TRAILER = Buffer.from([0x01, 0xff, 0xfe]);

/**
 * GIF keeps XMP as an application extension whose packet is sent raw, followed by a 258-byte "magic
 * trailer" (1, 255, 254 ... 1, 0, 0) that lets a decoder reading sub-blocks land on the end whatever the text was.
 * Spaces keep that true: each is read as a 32-byte sub-block, never as the end.
 */
export function gifWithoutLocation(b: Uint8Array): void {
  const buffer = asBuffer(b);
  for (let i = buffer.indexOf(GIF_XMP, 13); i >= 0; i = buffer.indexOf(GIF_XMP, i + GIF_XMP.length)) {
    const start = i + GIF_XMP.length;
    // Where a decoder finds the extension's end: its sub-blocks walked to the empty one.
    let end = start;
    while (end < b.length && b[end] !== 0) end += b[end]! + 1;
    end = Math.min(end, b.length);
    const trailer = buffer.subarray(0, end).indexOf(GIF_XMP_TRAILER, start);
    if (trailer >= 0) b.fill(SPACE, start, trailer);
    else {
      // No trailer: the sub-blocks as they are, their contents blanked.
      for (let k = start; k < end; k += b[k]! + 1) b.fill(SPACE, k + 1, Math.min(k + 1 + b[k]!, end));
    }
  }
}

