import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailField, honeypotField, newEmailField, isStorableText, optionalLine, optionalText, REQUIRED, requiredLine, requiredText } from './fields';

describe("zod's eval probe", () => {
  // fields.ts turns it off for every bundle: any module here that builds schemas must load it first.
  const dir = import.meta.dirname;
  const sources = fs.readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
  const localImports = (name: string) =>
    [...fs.readFileSync(path.join(dir, name), 'utf8').matchAll(/^import (?:(?!type )[^;]*? from )?'\.\/([\w-]+)(?:\.ts)?';/gm)].map((m) => `${m[1]}.ts`);
  const reachesFields = (name: string, seen = new Set<string>()): boolean =>
    name === 'fields.ts' || (!seen.has(name) && (seen.add(name), localImports(name).some((next) => reachesFields(next, seen))));

  it.each(sources.filter((name) => /^import [^;]* from 'zod[/']/m.test(fs.readFileSync(path.join(dir, name), 'utf8'))))(
    '%s builds its schemas after fields.ts has set zod jitless',
    (name) => {
      expect(reachesFields(name)).toBe(true);
    },
  );
});

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

describe('a required text field given something other than text', () => {
  const fields = { requiredLine: requiredLine(10), requiredText: requiredText(10), emailField };
  it.each(Object.entries(fields))('%s says Required when it is missing or null', (_name, field) => {
    expect(field.safeParse(undefined).error?.issues[0]?.message).toBe(REQUIRED);
    expect(field.safeParse(null).error?.issues[0]?.message).toBe(REQUIRED);
  });
  it.each(Object.entries(fields))('%s names the type it expected when it holds a number or a list', (_name, field) => {
    expect(field.safeParse(123).error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
    expect(field.safeParse(['a']).error?.issues[0]?.message).toBe('Invalid input: expected string, received array');
  });
});

describe('an optional text field given something other than text', () => {
  const fields = { optionalLine: optionalLine(10), optionalText: optionalText(10), honeypotField };
  it.each(Object.entries(fields))('%s takes its absence', (_name, field) => {
    expect(field.safeParse(undefined)).toEqual({ success: true, data: undefined });
  });
  it.each(Object.entries(fields))('%s names the type it expected when it holds null, a number or a list', (_name, field) => {
    expect(field.safeParse(null).error?.issues[0]?.message).toBe('Invalid input: expected string, received null');
    expect(field.safeParse(123).error?.issues[0]?.message).toBe('Invalid input: expected string, received number');
    expect(field.safeParse(['a']).error?.issues[0]?.message).toBe('Invalid input: expected string, received array');
  });
});

describe('newEmailField and emailField', () => {
  it("refuses a new address past SMTP's limits (a local part over 64, a domain label over 63), and reads a stored one back as it is", () => {
    for (const email of [`${'a'.repeat(65)}@example.com`, `ada@${'b'.repeat(64)}.example`]) {
      expect(newEmailField.safeParse(email).error?.issues.map((issue) => issue.message), email).toEqual(['Invalid email']);
      expect(emailField.safeParse(email), email).toEqual({ success: true, data: email });
    }
    for (const email of [`${'a'.repeat(64)}@example.com`, `ada@${'b'.repeat(63)}.example`]) {
      expect(newEmailField.safeParse(email), email).toEqual({ success: true, data: email });
    }
  });
});
