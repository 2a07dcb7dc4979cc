/**
 * A video track of timed metadata that says, sample by sample, where the video was filmed: Google's
 * Camera Motion Metadata (a `camm` sample entry, whose samples include GPS fixes, as 360 cameras
 * and Street View write it) and QuickTime's timed metadata (a `mebx` sample entry) whose keys name a
 * location (com.apple.quicktime.location.ISO6709 and the like, as iPhones write it). Such a track is
 * made a `free` box and its samples zeros: the samples live in the media data (`mdat`), reached
 * through the track's sample tables, so freeing the track alone would leave the places in bytes that
 * any search still finds. The video and audio tracks, which share no sample with it, play as before.
 *
 * The sample tables: the chunk offsets (`stco`, 32-bit, or `co64`), how many samples each run of
 * chunks holds (`stsc`), and the samples' sizes (`stsz`, one size for all or one each; `stz2`, in 4,
 * 8 or 16 bits). The offsets count from the start of the video's own file, which in a motion photo
 * comes after the picture. Every count is capped at the entries its box holds, so a table that lies
 * costs no more than its bytes; a table that stops parsing gives the samples read so far.
 */
import { code, u16be, u32be } from './bytes.ts';
import { type Box, boxes } from './boxes.ts';

const [MDIA, MINF, STBL, STSD, STCO, CO64, STSC, STSZ, STZ2, CAMM, MEBX] = ['mdia', 'minf', 'stbl', 'stsd', 'stco', 'co64', 'stsc', 'stsz', 'stz2', 'camm', 'mebx'].map(code) as number[] as [number, number, number, number, number, number, number, number, number, number, number];
/** QuickTime metadata keys that hold a place (com.apple.quicktime.location.ISO6709, .name, .body and the rest). */
export const LOCATION_KEY = /location|gps|iso6709/i;

const child = (b: Uint8Array, parent: Box | undefined, type: number) => (parent ? boxes(b, parent.body, parent.end).find((box) => box.type === type) : undefined);

/** Whether a sample entry (in the track's `stsd`) describes samples that hold a place. */
function holdsPlace(b: Uint8Array, entry: Box): boolean {
  if (entry.type === CAMM) return true;
  // mebx: its keys box lists each key's name (in `keyd` boxes) as text.
  return entry.type === MEBX && LOCATION_KEY.test(Buffer.from(b.buffer, b.byteOffset + entry.body, entry.end - entry.body).toString('latin1'));
}

/**
 * Where the samples of the track whose boxes are `trak` are, in the file (its offsets counted from
 * `base`), when its samples hold a place; undefined when they do not.
 */
export function locationSamples(b: Uint8Array, trak: Box[], base: number): [start: number, end: number][] | undefined {
  const stbl = child(b, child(b, trak.find((box) => box.type === MDIA), MINF), STBL);
  if (!stbl) return undefined;
  const tables = boxes(b, stbl.body, stbl.end);
  const stsd = tables.find((box) => box.type === STSD);
  // After the version, flags and entry count: the sample entries.
  if (!stsd || !boxes(b, stsd.body + 8, stsd.end).some((entry) => holdsPlace(b, entry))) return undefined;
  const find = (type: number) => tables.find((box) => box.type === type);
  /**
   * Each entry of a table box: after its version and flags, `skip` bytes of fields, a 32-bit count,
   * then the entries, `entryBytes` each; the count capped at the entries the box holds.
   */
  const entries = (box: Box | undefined, skip: number, entryBytes: number, read: (at: number) => void) => {
    const at = box ? box.body + 4 + skip : 0;
    if (!box || at + 4 > box.end) return;
    const count = Math.min(u32be(b, at), Math.floor((box.end - at - 4) / entryBytes));
    for (let n = 0, i = at + 4; n < count; n++, i += entryBytes) read(i);
  };
  const chunks: number[] = [];
  entries(find(STCO), 0, 4, (at) => chunks.push(u32be(b, at)));
  entries(find(CO64), 0, 8, (at) => chunks.push(u32be(b, at) * 2 ** 32 + u32be(b, at + 4)));
  const runs: [firstChunk: number, samples: number][] = [];
  entries(find(STSC), 0, 12, (at) => runs.push([u32be(b, at), u32be(b, at + 4)]));
  const sizes: number[] = [];
  const [stsz, stz2] = [find(STSZ), find(STZ2)];
  // One size for every sample, or (0) a size each.
  const sampleSize = stsz && stsz.body + 8 <= stsz.end ? u32be(b, stsz.body + 4) : 0;
  let sampleCount = stsz && stsz.body + 12 <= stsz.end ? u32be(b, stsz.body + 8) : 0;
  if (stsz && sampleSize === 0) entries(stsz, 4, 4, (at) => sizes.push(u32be(b, at)));
  if (!stsz && stz2) {
    // After the version and flags, three reserved bytes, the field size in bits, the count.
    const bits = b[stz2.body + 7];
    const nibble = (at: number, n: number) => (n & 1 ? b[at + (n >> 1)]! & 15 : b[at + (n >> 1)]! >> 4);
    if (bits === 16) entries(stz2, 4, 2, (at) => sizes.push(u16be(b, at)));
    else if (bits === 8) entries(stz2, 4, 1, (at) => sizes.push(b[at]!));
    else if (bits === 4 && stz2.body + 12 <= stz2.end) {
      const count = Math.min(u32be(b, stz2.body + 8), (stz2.end - stz2.body - 12) * 2);
      for (let n = 0; n < count; n++) sizes.push(nibble(stz2.body + 12, n));
    }
  }
  if (sampleSize === 0) sampleCount = sizes.length;
  const ranges: [number, number][] = [];
  // Chunk by chunk: a run of stsc says how many samples each chunk from its first on holds, up to the next run's first.
  let sample = 0;
  for (let c = 0, run = 0; c < chunks.length && sample < sampleCount; c++) {
    while (run + 1 < runs.length && runs[run + 1]![0] <= c + 1) run++;
    const n = Math.min(runs[run]?.[1] ?? 0, sampleCount - sample);
    let bytes = n * sampleSize;
    if (sampleSize === 0) for (let k = sample; k < sample + n; k++) bytes += sizes[k]!;
    ranges.push([base + chunks[c]!, base + chunks[c]! + bytes]);
    sample += n;
  }
  return ranges;
}
