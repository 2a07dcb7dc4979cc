// A photograph-like test image for the image benchmarks: smooth colour fields with detail at every
// scale (octaves of value noise, as natural scenes have), encoded as a high-quality JPEG, the way a
// camera or phone hands one to the upload form. Deterministic: the same size gives the same bytes.
import sharp from 'sharp';

/** A seeded generator, so every run measures the same picture. */
function mulberry32(seed) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Value noise: a random grid of `cells` x `cells`, bilinearly interpolated to width x height. */
function noiseLayer(width, height, cells, random) {
  const gw = cells + 1;
  const gh = Math.ceil((cells * height) / width) + 1;
  const grid = Float32Array.from({ length: gw * gh }, random);
  const out = new Float32Array(width * height);
  const sx = cells / width;
  for (let y = 0; y < height; y += 1) {
    const gy = y * sx;
    const y0 = Math.floor(gy);
    const fy = gy - y0;
    for (let x = 0; x < width; x += 1) {
      const gx = x * sx;
      const x0 = Math.floor(gx);
      const fx = gx - x0;
      const i = y0 * gw + x0;
      const top = grid[i] + (grid[i + 1] - grid[i]) * fx;
      const bottom = grid[i + gw] + (grid[i + gw + 1] - grid[i + gw]) * fx;
      out[y * width + x] = top + (bottom - top) * fy;
    }
  }
  return out;
}

/** A JPEG of `width` x `height` pixels (3:2 by default, like a camera's). */
export async function samplePhoto(width = 6000, height = Math.round((width * 2) / 3)) {
  const random = mulberry32(20261123);
  // Detail from broad shapes down to a few pixels (foliage, fabric, gravel), then sensor grain.
  const octaves = [4, 16, 64, 256, 1000, 3000].map((cells, k) => ({ layer: noiseLayer(width, height, cells, random), weight: 0.62 ** k }));
  const hue = noiseLayer(width, height, 3, random);
  const pixels = Buffer.alloc(width * height * 3);
  const total = octaves.reduce((s, o) => s + o.weight, 0);
  for (let i = 0; i < width * height; i += 1) {
    let v = 0;
    for (const o of octaves) v += o.layer[i] * o.weight;
    v = v / total + (random() - 0.5) * 0.04;
    const h = hue[i];
    // Stretch the contrast around mid-grey: noise averages towards 0.5, scenes do not.
    v = Math.max(0, Math.min(1, (v - 0.5) * 2.6 + 0.5));
    pixels[i * 3] = 20 + v * 220 * (0.6 + h * 0.5);
    pixels[i * 3 + 1] = 15 + v * 215;
    pixels[i * 3 + 2] = 25 + v * 200 * (1.1 - h * 0.5);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}
