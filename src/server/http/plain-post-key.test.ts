import { describe, expect, it } from 'vitest';
import { PLAIN_POST_WINDOW_MS, plainPostKey } from './plain-post-key.ts';

const fields = { firstName: 'Ada', message: 'Hello', page: undefined };
const start = 1_800_000_000_000 - (1_800_000_000_000 % PLAIN_POST_WINDOW_MS);

describe('plainPostKey', () => {
  it('is one RFC 9562 version 8 UUID for the same sender, fields and window', () => {
    const key = plainPostKey('192.0.2.1', fields, start);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(plainPostKey('192.0.2.1', { page: undefined, message: 'Hello', firstName: 'Ada' }, start + PLAIN_POST_WINDOW_MS - 1)).toBe(key);
  });

  it('differs for another sender, another field value, an absent field named, and the next window', () => {
    const key = plainPostKey('192.0.2.1', fields, start);
    const others = [
      plainPostKey('192.0.2.2', fields, start),
      plainPostKey('192.0.2.1', { ...fields, message: 'Hello!' }, start),
      plainPostKey('192.0.2.1', { ...fields, page: 'Home' }, start),
      plainPostKey('192.0.2.1', fields, start + PLAIN_POST_WINDOW_MS),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
  });
});
