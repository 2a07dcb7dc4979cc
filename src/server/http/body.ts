import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { fieldIssues } from '../../schemas/fields.ts';
import { badRequest, payloadTooLarge, unsupportedMediaType } from './errors.ts';

export const DEFAULT_BODY_LIMIT = 64 * 1024;

const ENCODED_BODY_MESSAGE = 'Content-Encoding is not supported: send the body uncompressed';

/**
 * The request body's bytes, refused with 413 and `tooLargeMessage` once they pass `maxBytes`: the
 * declared Content-Length is checked first, then what actually arrives, since Content-Length can be
 * absent (chunked) or wrong. The one limited body reader: JSON bodies, plain form posts and uploads all use it.
 */
export async function readBodyBytes(req: Request, maxBytes: number, tooLargeMessage: string): Promise<Uint8Array<ArrayBuffer>> {
  // The server decodes no content coding: a gzipped body read as it came would be refused as
  // 'not valid UTF-8' (or stored compressed, an upload), a mistake that names the wrong thing.
  const coding = req.headers.get('content-encoding')?.trim().toLowerCase();
  if (coding && coding !== 'identity') throw unsupportedMediaType(ENCODED_BODY_MESSAGE);
  const length = req.headers.get('content-length');
  const declared = length === null ? NaN : Number(length);
  if (Number.isFinite(declared) && declared > maxBytes) throw payloadTooLarge(tooLargeMessage);
  // With a Content-Length the HTTP parser delivers exactly that many bytes, so a declared size
  // within the limit is read whole, with no stream built for it (a tenth of a millisecond a request
  // on the local runtime). The size is checked again for a Request built in-process.
  if (Number.isInteger(declared)) {
    const bytes = new Uint8Array(await req.arrayBuffer());
    if (bytes.byteLength > maxBytes) throw payloadTooLarge(tooLargeMessage);
    return bytes;
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw payloadTooLarge(tooLargeMessage);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The request's media type, lower case, without parameters ('' when it has none). */
export const mediaType = (req: Request) => (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/**
 * The charset a request's Content-Type declares (`charset=UTF-8`, `charset="utf-8"`), lower case
 * and unquoted; undefined when it declares none.
 */
function declaredCharset(req: Request): string | undefined {
  for (const parameter of (req.headers.get('content-type') ?? '').split(';').slice(1)) {
    const at = parameter.indexOf('=');
    if (at < 0 || parameter.slice(0, at).trim().toLowerCase() !== 'charset') continue;
    const value = parameter.slice(at + 1).trim();
    const unquoted = value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    return unquoted.trim().toLowerCase();
  }
  return undefined;
}

/**
 * The names of UTF-8 a Content-Type may give (the Encoding Standard's labels for it): `utf8` is
 * as common as `utf-8` in clients' headers.
 */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8']);

const NOT_UTF8_CHARSET_MESSAGE = 'Content-Type charset must be utf-8';
const NOT_UTF8_BODY_MESSAGE = 'Body is not valid UTF-8';

/**
 * Refuses (415) a body whose Content-Type declares a charset other than UTF-8. Bodies are read as
 * UTF-8 only, the one encoding JSON between systems may use and the one this site's pages send
 * their forms in: a UTF-16 body read as UTF-8 would be stored as mojibake. No charset means UTF-8.
 */
export function assertUtf8Charset(req: Request): void {
  const charset = declaredCharset(req);
  if (charset !== undefined && !UTF8_LABELS.has(charset)) throw unsupportedMediaType(NOT_UTF8_CHARSET_MESSAGE);
}

/**
 * `bytes` as UTF-8 text, refused (400) when they are not UTF-8: a lenient decoder turns each bad
 * byte into U+FFFD, and the replaced text would be stored as if the sender had written it. A
 * leading byte order mark is dropped.
 */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(NOT_UTF8_BODY_MESSAGE);
  }
}

/** The refusal of a body past `maxBytes`. */
export const tooLargeMessage = (maxBytes: number) => `Request body is larger than ${Math.round(maxBytes / 1024)} KB`;

/** The first value of each name (a form or a query names each field once; a repeat is ignored). */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of params) if (!Object.hasOwn(values, name)) values[name] = value;
  return values;
}

/**
 * Reads a JSON body and validates it: 415 for another content type or a charset other than UTF-8,
 * 413 past the limit, 400 for bytes that are not UTF-8, for malformed JSON or for values the schema
 * refuses (with the fields named).
 */
export async function readJson<S extends $ZodType>(
  req: Request,
  schema: S,
  { maxBytes = DEFAULT_BODY_LIMIT }: { maxBytes?: number } = {},
): Promise<output<S>> {
  if (mediaType(req) !== 'application/json') {
    throw unsupportedMediaType('Content-Type must be application/json');
  }
  assertUtf8Charset(req);
  const text = utf8Text(await readBodyBytes(req, maxBytes, tooLargeMessage(maxBytes)));
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body');
  }
  const result = safeParse(schema, data);
  if (!result.success) throw badRequest('Invalid request', fieldIssues(result.error));
  return result.data;
}

const isHexDigit = (byte: number) => (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);

/**
 * The bytes a form body's or a query's text stands for once each %XX escape is the byte it names,
 * as URLSearchParams reads them (a '%' not followed by two hex digits stays itself). The '&' and '='
 * between fields are ASCII and never inside a UTF-8 sequence, so these bytes are UTF-8 exactly when
 * every name and value is.
 */
export function unescapedBytes(text: string): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x25 && i + 2 < bytes.length && isHexDigit(bytes[i + 1]!) && isHexDigit(bytes[i + 2]!)) {
      out[length++] = Number.parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16);
      i += 2;
    } else {
      out[length++] = bytes[i]!;
    }
  }
  return out.subarray(0, length);
}
