// Photos that say where they were taken, and their upload through the real upload handler: shared
// by the tests of what the upload keeps of an image's metadata.
import sharp from 'sharp';
import { expect } from 'vitest';
import issue from '../../netlify/functions/objects-upload.ts';
import target from '../../netlify/functions/objects-upload-target.ts';
import serve from '../../netlify/functions/objects-serve.ts';
import { adminSession } from './admin-session.ts';
import { call } from './call.ts';

// 33°52'12.34" S, 151°12'30" E, as a phone writes it: three rationals each (little-endian, as libvips writes EXIF).
const rationals = (...pairs: number[]) => Buffer.from(new Uint32Array(pairs).buffer);
export const LATITUDE = rationals(33, 1, 52, 1, 1234, 100);
export const LONGITUDE = rationals(151, 1, 12, 1, 3000, 100);
export const XMP_PLACE = '33,52.2057S';
export const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="${XMP_PLACE}"/></rdf:RDF></x:xmpmeta>`;
export const EXIF = {
  IFD0: { Artist: 'Jane Doe' },
  IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 3000/100' },
};

export const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f5d8a' } });

/** Whether `bytes` hold any of the place's values: the EXIF rationals, the XMP text, or either as hex. */
export function placesIn(bytes: Buffer): string[] {
  const found: string[] = [];
  for (const [label, value] of [['latitude', LATITUDE], ['longitude', LONGITUDE], ['xmp', Buffer.from(XMP_PLACE)]] as const) {
    if (bytes.includes(value)) found.push(label);
    if (bytes.includes(Buffer.from(value.toString('hex')))) found.push(`${label} as hex`);
  }
  return found;
}

/** The bytes uploaded as an admin, in one PUT, and what is then served: the status, the answer and the stored bytes (on a 201). */
export async function upload(bytes: Buffer) {
  const { cookie } = await adminSession();
  const issued = await call(issue, '/api/objects/upload', { method: 'POST', headers: { cookie } });
  const url = new URL(issued.json.uploadURL, 'http://localhost:4321');
  const name = url.pathname.split('/').pop()!;
  const r = await call(target, url.pathname + url.search, { method: 'PUT', rawBody: new Uint8Array(bytes), headers: { 'content-type': 'application/octet-stream' }, params: { name } });
  if (r.status !== 201) return { status: r.status, json: r.json, stored: undefined };
  const res = await serve(new Request(`http://localhost:4321/objects/uploads/${name}`), { params: { name } });
  const stored = Buffer.from(await res.arrayBuffer());
  expect(r.json.size).toBe(stored.length);
  return { status: r.status, json: r.json, stored };
}

/** The pixels the image decodes to, with its size. */
export const pixels = async (bytes: Buffer) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data };
};

export async function expectSamePicture(stored: Buffer, sent: Buffer) {
  const [after, before] = await Promise.all([pixels(stored), pixels(sent)]);
  expect({ width: after.width, height: after.height, channels: after.channels }).toEqual({ width: 64, height: 48, channels: before.channels });
  expect(after.data.equals(before.data)).toBe(true);
}
