import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { DECOY_HASH, ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.ts';

describe('the decoy hash an unknown user is verified against', () => {
  it('is made with the parameters of every stored password, so verifying it costs what a real one does', async () => {
    expect(argon2.needsRehash(DECOY_HASH, ARGON2_OPTIONS)).toBe(false);
    expect(argon2.needsRehash(await hashPassword('any password at all'), ARGON2_OPTIONS)).toBe(false);
    expect(await verifyPassword(DECOY_HASH, 'any password at all')).toBe(false);
  });
});

describe('a password typed in another Unicode form', () => {
  it('signs in: composed and decomposed accents, fullwidth letters, are the same password', async () => {
    const composed = 'Café crème brûlée';
    const hash = await hashPassword(composed);
    expect(await verifyPassword(hash, composed.normalize('NFD'))).toBe(true);
    expect(await verifyPassword(await hashPassword('ｐａｓｓｐｈｒａｓｅ ４２'), 'passphrase 42')).toBe(true);
    expect(await verifyPassword(hash, 'Cafe creme brulee')).toBe(false);
  });

  it('still signs in with a hash made from the text as typed, before normalising', async () => {
    const typed = 'Cafe\u0301 cre\u0300me';
    const legacy = await argon2.hash(typed, ARGON2_OPTIONS);
    expect(await verifyPassword(legacy, typed)).toBe(true);
  });
});
