import { describe, expect, it } from 'vitest';
import { isStorableText } from './fields';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Ada Lovelace'],
    ['an empty string', ''],
    ['a surrogate pair (emoji)', '🚀'],
    ['pairs side by side and amid text', 'a😀😀b𝄞'],
    ['other control characters Postgres stores', 'tab\there\u0001'],
  ])('accepts %s', (_label, text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it.each([
    ['U+0000 alone', '\u0000'],
    ['U+0000 inside text', 'Ada\u0000Lovelace'],
    ['a lone high surrogate at the end', 'abc\uD83D'],
    ['a lone high surrogate before a letter', '\uD83Dx'],
    ['a lone low surrogate at the start', '\uDE00abc'],
    ['a low surrogate after a complete pair', '😀\uDE00'],
    ['two high surrogates', '\uD83D\uD83D'],
  ])('refuses %s', (_label, text) => {
    expect(isStorableText(text)).toBe(false);
  });
});
