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
