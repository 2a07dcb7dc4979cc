/** The boxes of an ISO base media file (AVIF, HEIF, MP4) and the integers and strings inside them. */
import { ascii, fourcc, u32be } from './bytes.ts';

export interface Box {
  /** Its four-character type (fourcc). */
  type: number;
  start: number;
  /** Where its content starts, after the size and type (a full box's version and flags are its first four bytes). */
  body: number;
  end: number;
  /** Whether its size runs past the end of its container, where it was cut short. */
  cut: boolean;
}

/** The ISO-BMFF boxes in b[start, end). */
export function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const list: Box[] = [];
  let i = start;
  while (i + 8 <= end) {
    let size = u32be(b, i);
    let body = i + 8;
    if (size === 1) {
      if (i + 16 > end) break;
      size = u32be(b, i + 8) * 2 ** 32 + u32be(b, i + 12);
      body = i + 16;
    } else if (size === 0) {
      size = end - i; // to the end of its container
    }
    if (size < body - i) break;
    // A box cut short by the end of its container is the last, as far as it goes.
    list.push({ type: fourcc(b, i + 4), start: i, body, end: Math.min(i + size, end), cut: i + size > end });
    i += size;
  }
  return list;
}

/** Reads unsigned big-endian integers of 0, 4 or 8 bytes along b, from `at` on. */
export function reader(b: Uint8Array, at: number, end: number) {
  return {
    get at() {
      return at;
    },
    uint(bytes: number): number {
      if (at + bytes > end) throw new RangeError('past the end of its box');
      let value = 0;
      for (let k = 0; k < bytes; k++) value = value * 256 + b[at + k]!;
      at += bytes;
      return value;
    },
    string(): string {
      const stop = b.subarray(at, end).indexOf(0);
      if (stop < 0) throw new RangeError('an unterminated string');
      const text = ascii(b, at, stop);
      at += stop + 1;
      return text;
    },
  };
}

