/** Reading the bytes of an image's metadata: text, four-character codes and big- and little-endian integers. */

export const SPACE = 0x20;

/** The n bytes at i as Latin-1 (fewer past the end). */
export function ascii(b: Uint8Array, i: number, n: number): string {
  let text = '';
  for (let k = i, stop = Math.min(i + n, b.length); k < stop; k++) text += String.fromCharCode(b[k]!);
  return text;
}

/** The four-character type at i: compared without building a string, which a file of a million chunks makes hot. */
export const fourcc = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
export const code = (type: string) => fourcc(new Uint8Array(Buffer.from(type, 'latin1')), 0);

/** Whether the bytes at i are `text` (Latin-1). */
export function startsWith(b: Uint8Array, i: number, text: string): boolean {
  if (i + text.length > b.length) return false;
  for (let k = 0; k < text.length; k++) if (b[i + k] !== text.charCodeAt(k)) return false;
  return true;
}

export const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
export const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
export const u32le = (b: Uint8Array, i: number) => ((b[i + 3]! << 24) >>> 0) + (b[i + 2]! << 16) + (b[i + 1]! << 8) + b[i]!;

/** The bytes as a Buffer over the same memory, for its indexOf. */
export const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

/**
 * Fills b[start, end) of each range with `value`, clipped to b: ranges that overlap are merged
 * first, so however many a hostile file names, each byte is written once (a million ranges over the
 * same 10 MB would otherwise write it a million times).
 */
export function fillRanges(b: Uint8Array, ranges: [start: number, end: number][], value: number): void {
  const sorted = ranges.map(([start, end]): [number, number] => [Math.max(0, start), Math.min(end, b.length)]).filter(([start, end]) => start < end);
  sorted.sort((x, y) => x[0] - y[0]);
  let filled = 0;
  for (const [start, end] of sorted) {
    if (end <= filled) continue;
    b.fill(value, Math.max(start, filled), end);
    filled = end;
  }
}
