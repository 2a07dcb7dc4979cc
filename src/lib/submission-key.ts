/** The Web Crypto a key is made with: the browser's, or a test's without randomUUID. */
interface KeySource {
  getRandomValues(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  randomUUID?: () => string;
}

/**
 * A new `submissionId` for a form: a random UUID, version 4. crypto.randomUUID exists only in a
 * secure context (HTTPS, localhost), getRandomValues in every page: made from its 122 random bits
 * where randomUUID is missing (a page over plain HTTP at another address), a retry there is still
 * answered with what its first send stored instead of storing it twice.
 */
export function newSubmissionId(source: KeySource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  return uuidOf(source.getRandomValues(new Uint8Array(16)), 4);
}

/**
 * The first 16 of `bytes` written as an RFC 9562 UUID of `version` (4: random; 8: the custom one,
 * for a key derived from content), its version and variant bits set over theirs.
 */
export function uuidOf(bytes: Uint8Array, version: 4 | 8): string {
  const b = bytes.slice(0, 16);
  b[6] = (b[6]! & 0x0f) | (version << 4);
  b[8] = (b[8]! & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(b, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
