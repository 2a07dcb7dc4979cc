import crypto from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { SignJWT, base64url } from 'jose';
import argon2 from 'argon2';
import { describe, expect, it, vi } from 'vitest';
import login from '../../netlify/functions/auth-login.ts';
import me from '../../netlify/functions/auth-me.ts';
import logout from '../../netlify/functions/auth-logout.ts';
import changePassword from '../../netlify/functions/auth-change-password.ts';
import requestReset from '../../netlify/functions/auth-request-reset.ts';
import { signingKey } from '../../src/server/auth/keys.ts';
import { ACCOUNT_ADDRESS_RULE, ACCOUNT_RULE, ADDRESS_RULE, KNOWN_DEVICE_RULE, unlockAccount } from '../../src/server/auth/login-throttle.ts';
import { getDb } from '../../src/server/db/client.ts';
import { COMMON_PASSWORD_MESSAGE, PasswordRejected, SAME_PASSWORD_MESSAGE, USERNAME_PASSWORD_MESSAGE } from '../../src/server/auth/password-policy.ts';
import { AdminUsernameRejected, createAdmin, findUserByUsername, setPassword } from '../../src/server/repositories/users.ts';
import { call } from '../support/call.ts';
import { TEST_PASSWORD, adminSession, cookiePair, newAdmin, signIn } from '../support/admin-session.ts';
import { unique, uniqueIp } from '../support/unique.ts';

const meWith = (cookie: string) => call(me, '/api/auth/me', { headers: { cookie } });

/** A token with the session's claims, for building the bad ones. */
async function sessionToken(
  userId: number,
  sv: number,
  { key = signingKey('session'), alg = 'HS256', exp = '1h', aud = 'admin-session' }: { key?: Uint8Array; alg?: string; exp?: string | number; aud?: string } = {},
) {
  return new SignJWT({ sv }).setProtectedHeader({ alg }).setSubject(String(userId)).setAudience(aud).setIssuedAt().setExpirationTime(exp).sign(key);
}

describe('POST /api/auth/login', () => {
  it('answers {user: {username}}, sets an HttpOnly SameSite=Strict cookie of at most 12 h and records lastLogin', async () => {
    const { email, password } = await newAdmin();
    const r = await call(login, '/api/auth/login', { body: { username: email, password }, ip: uniqueIp() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ user: { username: email } });
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^session=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=43200');
    expect(cookie).not.toContain('Secure'); // plain http (localhost)
    const row = await findUserByUsername(getDb(), email);
    expect(row!.lastLogin).toBeInstanceOf(Date);
    expect(Date.now() - row!.lastLogin!.getTime()).toBeLessThan(60_000);
  });

  it('uses the __Host- prefixed, Secure cookie on https', async () => {
    const { email, password } = await newAdmin();
    const r = await call(login, 'https://site.example/api/auth/login', { body: { username: email, password }, ip: uniqueIp() });
    expect(r.status).toBe(200);
    const cookie = r.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^__Host-session=/);
    expect(cookie).toContain('Secure');
    const pair = cookiePair(r);
    expect((await call(me, 'https://site.example/api/auth/me', { headers: { cookie: pair } })).status).toBe(200);
    // The unprefixed name is not read on https, so a cookie planted over plain http cannot pose as it.
    const plain = pair.replace('__Host-session=', 'session=');
    expect((await call(me, 'https://site.example/api/auth/me', { headers: { cookie: plain } })).status).toBe(401);
  });

  it('accepts the username in another letter case', async () => {
    const { email, password } = await newAdmin();
    const r = await call(login, '/api/auth/login', { body: { username: email.toUpperCase(), password }, ip: uniqueIp() });
    expect(r.status).toBe(200);
    expect(r.json.user.username).toBe(email);
  });

  it('answers the same 401 for a wrong password and for an unknown user, and sets no cookie', async () => {
    const { email } = await newAdmin();
    const wrong = await call(login, '/api/auth/login', { body: { username: email, password: 'not the password' }, ip: uniqueIp() });
    const unknown = await call(login, '/api/auth/login', { body: { username: 'nobody-here@example.com', password: 'whatever1' }, ip: uniqueIp() });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'Invalid credentials' });
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('answers 400 with the messages the panel shows for missing fields', async () => {
    const r = await call(login, '/api/auth/login', { body: { username: '', password: '' }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'Username is required', issues: { username: 'Username is required', password: 'Password is required' } });
    // Spaces alone are no username either; the panel's toast shows the answer's `error`.
    const spaces = await call(login, '/api/auth/login', { body: { username: '   ', password: 'x' }, ip: uniqueIp() });
    expect(spaces.json).toEqual({ error: 'Username is required', issues: { username: 'Username is required' } });
  });

  it('answers a value past its length limit with that limit, not as missing', async () => {
    const long = await call(login, '/api/auth/login', { body: { username: `${'a'.repeat(250)}@example.com`, password: 'x'.repeat(1025) }, ip: uniqueIp() });
    expect(long.status).toBe(400);
    expect(long.json).toEqual({
      error: 'Must be 254 characters or fewer',
      issues: { username: 'Must be 254 characters or fewer', password: 'Must be 1024 characters or fewer' },
    });
  });

  it('refuses a cross-site login', async () => {
    const { email, password } = await newAdmin();
    const r = await call(login, '/api/auth/login', { body: { username: email, password }, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });
});

describe('sign-in timing', () => {
  it("costs an unknown user's sign-in what a known user's costs, on a fresh function instance too: one argon2 verification, no hashing", async () => {
    const { email } = await newAdmin();
    // A fresh instance (a cold start): nothing of an earlier sign-in is kept in its modules.
    vi.resetModules();
    const { default: freshLogin } = await import('../../netlify/functions/auth-login.ts');
    const hash = vi.spyOn(argon2, 'hash');
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const unknown = await call(freshLogin, '/api/auth/login', { body: { username: `nobody-${crypto.randomUUID()}@example.com`, password: 'not the password' }, ip: uniqueIp() });
      expect(unknown.status).toBe(401);
      expect({ hashes: hash.mock.calls.length, verifications: verify.mock.calls.length }).toEqual({ hashes: 0, verifications: 1 });
      hash.mockClear();
      verify.mockClear();
      const known = await call(freshLogin, '/api/auth/login', { body: { username: email, password: 'not the password' }, ip: uniqueIp() });
      expect(known.status).toBe(401);
      expect({ hashes: hash.mock.calls.length, verifications: verify.mock.calls.length }).toEqual({ hashes: 0, verifications: 1 });
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });
});

describe('login throttling: failures count per (account, address), per address and per account', () => {
  const attempt = (username: string, password: string, ip: string, headers?: Record<string, string>) =>
    call(login, '/api/auth/login', { body: { username, password }, ip, ...(headers ? { headers } : {}) });
  const retryAfter = (r: { headers: Headers }) => Number(r.headers.get('retry-after'));
  /** The account locked as a distributed guessing run leaves it, straight through its counter (which a sign-in may have written). */
  async function lockEverywhere(email: string) {
    const lock = { points: 101, expire: String(Date.now() + 3_600_000) };
    await getDb()
      .insertInto('rateLimits')
      .values({ key: `${ACCOUNT_RULE.keyPrefix}:${crypto.createHash('sha256').update(email.toLowerCase()).digest('base64url')}`, ...lock })
      .onConflict((oc) => oc.column('key').doUpdateSet(lock))
      .execute();
  }

  it('refuses the 6th attempt within 15 minutes from one address, even with the right password, for 15 minutes', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await attempt(email, `wrong-${i}`, ip)).status).toBe(401);
    const sixth = await attempt(email, password, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.json).toEqual({ error: ACCOUNT_ADDRESS_RULE.message });
    expect(retryAfter(sixth)).toBeGreaterThan(14 * 60);
    expect(retryAfter(sixth)).toBeLessThanOrEqual(15 * 60);
    expect(sixth.headers.get('set-cookie')).toBeNull();
  });

  it('leaves the same account alone from another address: a stranger cannot lock the admin out', async () => {
    const { email, password } = await newAdmin();
    const attacker = uniqueIp();
    for (let i = 0; i < 12; i++) await attempt(email, `wrong-${i}`, attacker);
    expect((await attempt(email, password, attacker)).status).toBe(429);
    const owner = await attempt(email, password, uniqueIp());
    expect(owner.status).toBe(200);
    expect(owner.json).toEqual({ user: { username: email } });
  });

  it('takes the address from the platform, not from headers a client sets', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const spoofed = { 'x-forwarded-for': uniqueIp(), 'x-nf-client-connection-ip': uniqueIp(), 'x-real-ip': uniqueIp() };
      expect((await attempt(email, `wrong-${i}`, ip, spoofed)).status).toBe(401);
    }
    expect((await attempt(email, password, ip, { 'x-forwarded-for': uniqueIp(), 'x-nf-client-connection-ip': uniqueIp() })).status).toBe(429);
  });

  it('counts the addresses of one IPv6 /64 as one client, and another /64 as another', async () => {
    const { email, password } = await newAdmin();
    const prefix = `2001:db8:${crypto.randomBytes(2).toString('hex')}:${crypto.randomBytes(2).toString('hex')}`;
    for (let i = 1; i <= 5; i++) expect((await attempt(email, `wrong-${i}`, `${prefix}::${i.toString(16)}`)).status).toBe(401);
    expect((await attempt(email, password, `${prefix}:ffff:ffff:ffff:ffff`)).status).toBe(429);
    expect((await attempt(email, password, `2001:db8:${crypto.randomBytes(2).toString('hex')}:1::1`)).status).toBe(200);
  });

  it('refuses an address for an hour once it fails 20 times an hour across accounts, and only that address', async () => {
    const ip = uniqueIp();
    const tag = unique();
    for (let i = 0; i < 20; i++) expect((await attempt(`sprayed-${i}-${tag}@example.com`, 'Summer2026!', ip)).status).toBe(401);
    const { email, password } = await newAdmin();
    const refused = await attempt(email, password, ip);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: ADDRESS_RULE.message });
    expect(retryAfter(refused)).toBeGreaterThan(59 * 60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60 * 60);
    expect((await attempt(email, password, uniqueIp())).status).toBe(200);
  });

  it('locks an account everywhere only past 100 failures an hour, and `unlock` ends the lock', async () => {
    const { email, password } = await newAdmin();
    // Twenty addresses, five guesses each: every address stays under its own limits.
    for (let a = 0; a < 20; a++) {
      const ip = uniqueIp();
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => attempt(email, `guess-${a}-${i}`, ip)));
      expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    const locked = await attempt(email, password, uniqueIp());
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ error: ACCOUNT_RULE.message });
    expect(retryAfter(locked)).toBeGreaterThan(59 * 60);
    // Another admin is not affected.
    const other = await newAdmin();
    expect((await attempt(other.email, other.password, uniqueIp())).status).toBe(200);

    // Cleared: the account's own count and its 21 (account, address) ones, the locked attempt's too.
    expect(await unlockAccount(getDb(), email.toUpperCase())).toBe(22);
    expect((await attempt(email, password, uniqueIp())).status).toBe(200);
    // A hundred password checks (argon2, deliberately slow) need more than the default on a busy machine.
  }, 120_000);

  it('lets a browser the account signed in from before sign in while the account is locked everywhere, counting its failures on their own', async () => {
    const { email, password } = await newAdmin();
    const first = await attempt(email, password, uniqueIp());
    const known = first.headers.getSetCookie().find((c) => c.startsWith('known-device='))!;
    expect(known).toMatch(/^known-device=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=31536000$/);
    const device = { cookie: known.split(';')[0]! };
    // A distributed guessing run locks the account, as above.
    await lockEverywhere(email);
    expect((await attempt(email, password, uniqueIp())).json).toEqual({ error: ACCOUNT_RULE.message });
    // The admin's own browser still signs in, from wherever it is now, and stays known.
    const fromKnown = await attempt(email, password, uniqueIp(), device);
    expect(fromKnown.status).toBe(200);
    expect(fromKnown.headers.getSetCookie().find((c) => c.startsWith('known-device='))).toMatch(/^known-device=/);
    // Another account's browser, or a token signed with another key, is not known to this one.
    const other = await newAdmin();
    const otherDevice = (await attempt(other.email, other.password, uniqueIp())).headers.getSetCookie().find((c) => c.startsWith('known-device='))!.split(';')[0]!;
    expect((await attempt(email, password, uniqueIp(), { cookie: otherDevice })).json).toEqual({ error: ACCOUNT_RULE.message });
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(crypto.createHash('sha256').update(email.toLowerCase()).digest('base64url')).setAudience('known-device').setJti('a'.repeat(22)).sign(signingKey('session'));
    expect((await attempt(email, password, uniqueIp(), { cookie: `known-device=${forged}` })).json).toEqual({ error: ACCOUNT_RULE.message });
    // The known browser's own failures, from any address, lock that browser after 20 in an hour.
    for (let i = 0; i < 20; i++) expect((await attempt(email, `guess-${i}`, uniqueIp(), device)).status).toBe(401);
    expect((await attempt(email, password, uniqueIp(), device)).json).toEqual({ error: KNOWN_DEVICE_RULE.message });
    // `unlock` ends that count with the rest: the account lock, the browser's, and the (account,
    // address) ones of the 24 addresses whose attempt did not sign in.
    expect(await unlockAccount(getDb(), email)).toBe(1 + 1 + 24);
    expect((await attempt(email, password, uniqueIp(), device)).status).toBe(200);
  }, 120_000);

  it('stops knowing every browser once the password is reset, however many sign-ins minted a cookie under the old one; a panel change keeps its own browser known', async () => {
    const { user, email, password } = await newAdmin();
    const knownCookie = (r: { headers: Headers }) => r.headers.getSetCookie().find((c) => c.startsWith('known-device='))!.split(';')[0]!;
    // Whoever had the password signs in again and again, each time without a cookie: a known browser each time.
    const minted = await Promise.all(Array.from({ length: 3 }, async () => knownCookie(await attempt(email, password, uniqueIp()))));
    // The admin resets the password to shut them out (`npm run admin -- reset-password` calls setPassword).
    const newPassword = 'a new password after the leak';
    await setPassword(getDb(), user.id, newPassword);
    await lockEverywhere(email);
    // Locked everywhere: a cookie from before the reset is no exemption, for guesses or the right password.
    for (const cookie of minted) {
      expect((await attempt(email, 'a guess at the new one', uniqueIp(), { cookie })).json).toEqual({ error: ACCOUNT_RULE.message });
      expect((await attempt(email, newPassword, uniqueIp(), { cookie })).json).toEqual({ error: ACCOUNT_RULE.message });
    }
    await unlockAccount(getDb(), email);
    // A browser that changes the password in the panel is given a cookie under the new one, and stays known.
    const signedIn = await attempt(email, newPassword, uniqueIp());
    const session = signedIn.headers.getSetCookie().find((c) => c.startsWith('session='))!.split(';')[0]!;
    const changed = await call(changePassword, '/api/auth/change-password', {
      body: { currentPassword: newPassword, newPassword: 'and another one after that' },
      headers: { cookie: `${session}; ${knownCookie(signedIn)}` },
      ip: uniqueIp(),
    });
    expect(changed.status).toBe(200);
    const stillKnown = knownCookie(changed);
    await lockEverywhere(email);
    expect((await attempt(email, 'and another one after that', uniqueIp(), { cookie: stillKnown })).status).toBe(200);
    expect((await attempt(email, 'and another one after that', uniqueIp(), { cookie: knownCookie(signedIn) })).json).toEqual({ error: ACCOUNT_RULE.message });
  }, 120_000);

  it('forgives the failures of an (account, address) after a successful sign-in there', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 4; i++) expect((await attempt(email, 'wrong-pass', ip)).status).toBe(401);
    expect((await attempt(email, password, ip)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(email, 'wrong-pass', ip)).status).toBe(401);
    expect((await attempt(email, password, ip)).status).toBe(429);
  });

  it('does not count successes against an address', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 25; i++) expect((await attempt(email, password, ip)).status).toBe(200);
  });

  it('counts a wrong current password on change-password like a failed sign-in from that address', async () => {
    const { email, cookie } = await adminSession();
    const ip = uniqueIp();
    const change = (currentPassword: string) =>
      call(changePassword, '/api/auth/change-password', { body: { currentPassword, newPassword: 'a fresh passphrase here' }, headers: { cookie }, ip });
    for (let i = 0; i < 5; i++) expect((await change(`wrong-${i}`)).status).toBe(400);
    const refused = await change(TEST_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ error: ACCOUNT_ADDRESS_RULE.message });
    // The same admin signs in from elsewhere.
    expect((await attempt(email, TEST_PASSWORD, uniqueIp())).status).toBe(200);
  });
});

describe('createAdmin', () => {
  it('makes one account of an address whatever its letter case, even when two creations race', async () => {
    const address = `Race.${unique()}@Example.com`;
    const addresses = [address, address.toLowerCase()];
    const results = await Promise.allSettled(addresses.map((a) => createAdmin(getDb(), a, TEST_PASSWORD)));
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    // The one that lost is refused under the address it was given.
    const lost = results.findIndex((r) => r.status === 'rejected');
    expect((results[lost] as PromiseRejectedResult).reason.message).toBe(`An admin ${addresses[lost]} already exists.`);
    const rows = await getDb()
      .selectFrom('users')
      .select('username')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', address.toLowerCase()))
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('npm run admin -- unlock', () => {
  it('ends an account-wide lock from the command line', async () => {
    const { email, password } = await newAdmin();
    // Lock it the way a distributed guessing run would, straight through the counter.
    await getDb()
      .insertInto('rateLimits')
      .values({ key: `${ACCOUNT_RULE.keyPrefix}:${crypto.createHash('sha256').update(email.toLowerCase()).digest('base64url')}`, points: 101, expire: String(Date.now() + 3_600_000) })
      .execute();
    expect((await attempt(email, password, uniqueIp())).status).toBe(429);

    const cli = spawnSync(process.execPath, ['scripts/admin.mjs', 'unlock', '--username', email], { encoding: 'utf8', env: process.env, timeout: 60_000 });
    expect(cli.stderr).toBe('');
    expect(cli.stdout.trim()).toBe(`Unlocked ${email}: it can sign in again from every address.`);
    expect(cli.status).toBe(0);
    expect((await attempt(email, password, uniqueIp())).status).toBe(200);
  });

  function attempt(username: string, password: string, ip: string) {
    return call(login, '/api/auth/login', { body: { username, password }, ip });
  }
});

describe('GET /api/auth/me and the session token', () => {
  it('answers {user: {username}} for a valid session and 401 without one', async () => {
    const { email, cookie } = await adminSession();
    const r = await meWith(cookie);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ user: { username: email } });
    expect(r.headers.get('cache-control')).toBe('no-store');
    const none = await call(me, '/api/auth/me');
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ error: 'Authentication required' });
  });

  it('refuses forged, expired, alg:none, other-secret, wrong-algorithm and wrong-purpose tokens', async () => {
    const { user, cookie } = await adminSession();
    const [, payload] = cookie.slice('session='.length).split('.');
    const bad: Record<string, string> = {
      garbage: 'not-a-jwt',
      tamperedPayload: cookie.slice('session='.length).replace(payload!, base64url.encode(JSON.stringify({ sub: '1', sv: 1, aud: 'admin-session', exp: 9999999999 }))),
      expired: await sessionToken(user.id, user.sessionVersion, { exp: Math.floor(Date.now() / 1000) - 10 }),
      otherSecret: await sessionToken(user.id, user.sessionVersion, { key: new TextEncoder().encode('x'.repeat(64)) }),
      hs512: await sessionToken(user.id, user.sessionVersion, { alg: 'HS512' }),
      uploadKey: await sessionToken(user.id, user.sessionVersion, { key: signingKey('upload') }),
      otherAudience: await sessionToken(user.id, user.sessionVersion, { aud: 'image-upload' }),
      unknownUser: await sessionToken(2_000_000_000, 1),
      algNone: `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(
        JSON.stringify({ sub: String(user.id), sv: user.sessionVersion, aud: 'admin-session', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600 }),
      )}.`,
    };
    for (const [label, token] of Object.entries(bad)) {
      const r = await meWith(`session=${token}`);
      expect(r.status, label).toBe(401);
    }
    // The same claims signed properly pass, so the refusals above are about the token, not the user.
    expect((await meWith(`session=${await sessionToken(user.id, user.sessionVersion)}`)).status).toBe(200);
  });

  it('refuses a token older than 12 hours even if its exp says otherwise', async () => {
    const { user } = await newAdmin();
    const token = await new SignJWT({ sv: user.sessionVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setAudience('admin-session')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 13 * 3600)
      .setExpirationTime('1h')
      .sign(signingKey('session'));
    expect((await meWith(`session=${token}`)).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('clears the cookie and ends every session of the admin', async () => {
    const { email, cookie } = await adminSession();
    const other = await signIn(email);
    const r = await call(logout, '/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toMatch(/^session=;.*Max-Age=0/);
    expect((await meWith(cookie)).status).toBe(401);
    expect((await meWith(other)).status).toBe(401);
    // Signing in again works.
    expect((await meWith(await signIn(email))).status).toBe(200);
  });

  it('answers 200 without a session', async () => {
    expect((await call(logout, '/api/auth/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs a session', async () => {
    const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: 'x', newPassword: 'long enough' } });
    expect(r.status).toBe(401);
  });

  it('answers the messages the panel shows for missing and short values', async () => {
    const { cookie } = await adminSession();
    const missing = await call(changePassword, '/api/auth/change-password', { body: {}, headers: { cookie } });
    expect(missing.status).toBe(400);
    expect(missing.json.issues).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 8 characters',
    });
    const short = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword: 'short' }, headers: { cookie } });
    expect(short.status).toBe(400);
    expect(short.json.error).toBe('New password must be at least 8 characters');
  });

  it('counts characters, not UTF-16 units: four emoji are four characters, too short; eight are enough', async () => {
    const { email, cookie } = await adminSession();
    // Each of these is one character and two UTF-16 units: '🔑'.length is 2.
    const four = '🔑🌊🔥🌱';
    expect(four.length).toBe(8);
    const short = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword: four }, headers: { cookie }, ip: uniqueIp() });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ error: 'New password must be at least 8 characters', issues: { newPassword: 'New password must be at least 8 characters' } });
    expect((await call(login, '/api/auth/login', { body: { username: email, password: TEST_PASSWORD }, ip: uniqueIp() })).status).toBe(200);

    const eight = '🔑🌊🔥🌱🔑🌊🔥🌱';
    const enough = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword: eight }, headers: { cookie }, ip: uniqueIp() });
    expect(enough.status).toBe(200);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: eight }, ip: uniqueIp() })).status).toBe(200);
  });

  it('holds the admin command line to the same count of characters, refused in the words of the API and the dialog', async () => {
    const { email } = await newAdmin();
    const r = spawnSync(process.execPath, ['scripts/admin.mjs', 'reset-password', '--username', email], {
      encoding: 'utf8',
      env: { ...process.env, ADMIN_PASSWORD: '🔑🌊🔥🌱' },
      timeout: 60_000,
    });
    expect(r.stderr).toBe('New password must be at least 8 characters\n');
    expect(r.status).toBe(1);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: TEST_PASSWORD }, ip: uniqueIp() })).status).toBe(200);
  });

  it('answers a password past 1024 characters with that limit, not as missing or too short', async () => {
    const { cookie } = await adminSession();
    const r = await call(changePassword, '/api/auth/change-password', {
      body: { currentPassword: 'x'.repeat(1025), newPassword: 'y'.repeat(1025) },
      headers: { cookie },
    });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({
      error: 'Must be 1024 characters or fewer',
      issues: { currentPassword: 'Must be 1024 characters or fewer', newPassword: 'Must be 1024 characters or fewer' },
    });
    expect((await meWith(cookie)).status).toBe(200);
  });

  it("refuses a wrong current password with 'Invalid current password'", async () => {
    const { cookie } = await adminSession();
    const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: 'not it at all', newPassword: 'a new password' }, headers: { cookie } });
    expect(r.status).toBe(400);
    expect(r.json.error).toBe('Invalid current password');
    expect((await meWith(cookie)).status).toBe(200); // a failed change ends nothing
  });

  it('changes the password, ends every earlier session and renews the current one', async () => {
    const { email, cookie } = await adminSession();
    const elsewhere = await signIn(email);
    const r = await call(changePassword, '/api/auth/change-password', {
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
      headers: { cookie },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ message: 'Password changed successfully' });
    const renewed = cookiePair(r);
    expect((await meWith(cookie)).status).toBe(401);
    expect((await meWith(elsewhere)).status).toBe(401);
    expect((await meWith(renewed)).status).toBe(200);
    // The old password no longer signs in; the new one does.
    expect((await call(login, '/api/auth/login', { body: { username: email, password: TEST_PASSWORD }, ip: uniqueIp() })).status).toBe(401);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: 'a brand new password' }, ip: uniqueIp() })).status).toBe(200);
  });

  it('refuses a common or breached password, in any letter case, naming newPassword, and changes nothing', async () => {
    const { email, cookie } = await adminSession();
    for (const newPassword of ['password1', 'Iloveyou', 'QWERTYUIOP', 'trustno1']) {
      const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword }, headers: { cookie }, ip: uniqueIp() });
      expect(r.status, newPassword).toBe(400);
      expect(r.json, newPassword).toEqual({ error: COMMON_PASSWORD_MESSAGE, issues: { newPassword: COMMON_PASSWORD_MESSAGE } });
      expect(r.headers.get('set-cookie'), newPassword).toBeNull();
    }
    expect((await meWith(cookie)).status).toBe(200);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: TEST_PASSWORD }, ip: uniqueIp() })).status).toBe(200);
  });

  it('refuses a common password padded or spaced with blanks, or in fullwidth letters, and the username itself', async () => {
    const { email, cookie } = await adminSession();
    const spaced = [' password', 'password1 ', 'pass word', 'ｐａｓｓｗｏｒｄ１', 'Ｑｗｅｒｔｙｕｉｏｐ'];
    for (const newPassword of spaced) {
      const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword }, headers: { cookie }, ip: uniqueIp() });
      expect(r.status, newPassword).toBe(400);
      expect(r.json, newPassword).toEqual({ error: COMMON_PASSWORD_MESSAGE, issues: { newPassword: COMMON_PASSWORD_MESSAGE } });
    }
    for (const newPassword of [email, ` ${email.toUpperCase()} `, email.split('@')[0]!]) {
      const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword }, headers: { cookie }, ip: uniqueIp() });
      expect(r.status, newPassword).toBe(400);
      expect(r.json, newPassword).toEqual({ error: USERNAME_PASSWORD_MESSAGE, issues: { newPassword: USERNAME_PASSWORD_MESSAGE } });
    }
    await expect(createAdmin(getDb(), `jane.h83-${crypto.randomUUID().slice(0, 8)}@example.com`, 'password ')).rejects.toThrow(COMMON_PASSWORD_MESSAGE);
    const named = `jane.h83-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await expect(createAdmin(getDb(), named, named)).rejects.toThrow(USERNAME_PASSWORD_MESSAGE);
    expect((await meWith(cookie)).status).toBe(200);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: TEST_PASSWORD }, ip: uniqueIp() })).status).toBe(200);
  });

  it('counts a new password as it is hashed: eight characters typed as four letters and four accents are four', async () => {
    const { cookie } = await adminSession();
    const decomposed = 'e\u0301a\u0300o\u0302u\u0308';
    expect(decomposed.length).toBe(8);
    const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword: decomposed }, headers: { cookie }, ip: uniqueIp() });
    expect([r.status, r.json]).toEqual([400, { error: 'New password must be at least 8 characters', issues: { newPassword: 'New password must be at least 8 characters' } }]);
  });

  it('refuses a new password equal to the current one', async () => {
    const { cookie } = await adminSession();
    const r = await call(changePassword, '/api/auth/change-password', { body: { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, headers: { cookie }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: SAME_PASSWORD_MESSAGE, issues: { newPassword: SAME_PASSWORD_MESSAGE } });
    expect((await meWith(cookie)).status).toBe(200); // nothing ended
  });

  it('applies the same rules to the admin command line', async () => {
    const { email } = await newAdmin();
    const run = (args: string[], password: string) =>
      spawnSync(process.execPath, ['scripts/admin.mjs', ...args], { encoding: 'utf8', env: { ...process.env, ADMIN_PASSWORD: password }, timeout: 60_000 });
    const common = run(['create', '--username', `cli-${crypto.randomUUID()}@example.com`], 'sunshine1');
    expect(common.stderr.trim()).toBe(COMMON_PASSWORD_MESSAGE);
    expect(common.status).toBe(1);
    const same = run(['reset-password', '--username', email], TEST_PASSWORD);
    expect(same.stderr.trim()).toBe(SAME_PASSWORD_MESSAGE);
    expect(same.status).toBe(1);
    const fresh = run(['reset-password', '--username', email], 'a different passphrase');
    expect(fresh.stderr).toBe('');
    expect(fresh.status).toBe(0);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: 'a different passphrase' }, ip: uniqueIp() })).status).toBe(200);
  });

  it('refuses a password past 1024 characters, which the sign-in form could never send, and creates no admin', async () => {
    const username = `cli-${crypto.randomUUID()}@example.com`;
    const r = spawnSync(process.execPath, ['scripts/admin.mjs', 'create', '--username', username], {
      encoding: 'utf8',
      env: { ...process.env, ADMIN_PASSWORD: 'p'.repeat(1025) },
      timeout: 60_000,
    });
    expect(r.stderr).toBe('Must be 1024 characters or fewer\n');
    expect(r.status).toBe(1);
    expect(await findUserByUsername(getDb(), username)).toBeUndefined();
    // The same refusal wherever a password is set: ADMIN_PASSWORD at start-up also goes through createAdmin.
    await expect(createAdmin(getDb(), username, '🔑'.repeat(1025))).rejects.toThrow(new PasswordRejected('Must be 1024 characters or fewer'));
    expect(await findUserByUsername(getDb(), username)).toBeUndefined();
    // 1,024 characters, as the sign-in form counts them, are taken, and sign in.
    // An account is named by an e-mail address wherever one is made: nothing else could sign in.
    await expect(createAdmin(getDb(), 'admin', TEST_PASSWORD)).rejects.toThrow(
      new AdminUsernameRejected('The username "admin" is not an email address: an admin signs in with their email address.'),
    );
    expect(await findUserByUsername(getDb(), 'admin')).toBeUndefined();
    // Nor by one a reset link could never reach: a local part past 64 octets.
    const pastLimits = `${'a'.repeat(65)}@example.com`;
    await expect(createAdmin(getDb(), pastLimits, TEST_PASSWORD)).rejects.toThrow(
      new AdminUsernameRejected(`The username "${pastLimits}" is past e-mail's limits (at most 64 characters before the @ and 63 in each part of the domain): a reset link sent to it could never arrive.`),
    );
    expect(await findUserByUsername(getDb(), pastLimits)).toBeUndefined();
    const longest = '🔑'.repeat(1024);
    await createAdmin(getDb(), username, longest);
    expect((await call(login, '/api/auth/login', { body: { username, password: longest }, ip: uniqueIp() })).status).toBe(200);
  });

  it('names the admin by --username, as the sign-in form does; the old --email still works, with a notice', async () => {
    const { email: username } = await newAdmin();
    const run = (args: string[]) => spawnSync(process.execPath, ['scripts/admin.mjs', ...args], { encoding: 'utf8', env: process.env, timeout: 60_000 });
    const old = run(['unlock', '--email', username]);
    expect(old.stderr).toBe('--email is deprecated: use --username (the same address).\n');
    expect(old.stdout).toBe(`${username} has no failed sign-ins on record: nothing to unlock.\n`);
    expect(old.status).toBe(0);
    const missing = run(['reset-password', '--username', `nobody-${crypto.randomUUID()}@example.com`]);
    expect(missing.stderr).toMatch(/^No admin nobody-[0-9a-f-]+@example\.com\. Create one with: npm run admin -- create --username nobody-[0-9a-f-]+@example\.com\n$/);
    expect(missing.status).toBe(1);
    const notAnAddress = run(['unlock', '--username', 'admin']);
    expect(notAnAddress.stderr).toBe('The username "admin" is not an email address: an admin signs in with their email address.\n');
    expect(notAnAddress.status).toBe(2);
    const usage = run(['unlock']);
    expect(usage.stdout).toContain('npm run admin -- unlock --username you@example.com');
    expect(usage.stdout).not.toContain('--email');
    // The password rule as the API holds it, from the schema's own limits.
    expect(usage.stdout).toMatch(/at least\n8 and at most 1024 characters, not a common or breached password/);
    expect(usage.status).toBe(2);
  });

  it('takes --username and --email naming one address (trimmed, any letter case) with the notice, and refuses two different ones as a start-up refuses ADMIN_USERNAME and ADMIN_EMAIL', async () => {
    const { email: username } = await newAdmin();
    const run = (args: string[]) => spawnSync(process.execPath, ['scripts/admin.mjs', ...args], { encoding: 'utf8', env: process.env, timeout: 60_000 });
    const same = run(['unlock', '--username', ` ${username.toUpperCase()} `, '--email', username]);
    expect(same.stderr).toBe('--email is deprecated: use --username (the same address).\n');
    expect(same.stdout).toBe(`${username.toUpperCase()} has no failed sign-ins on record: nothing to unlock.\n`);
    expect(same.status).toBe(0);
    const two = run(['unlock', '--username', username, '--email', `other-${username}`]);
    expect(two.stderr).toBe('Give the admin once: --username (or the deprecated --email), not two different addresses.\n');
    expect([two.stdout, two.status]).toEqual(['', 2]);
  });

  it('asks for the password on a terminal, and keeps what was typed past the first Enter for the second question', async () => {
    // A terminal of its own (util-linux `script`): the prompt reads keys, not a pipe. Both lines
    // arrive in one read, as a paste or keys typed ahead of the second prompt do.
    const email = `cli-${crypto.randomUUID()}@example.com`;
    const { ADMIN_PASSWORD: _unset, ...env } = process.env;
    const terminal = spawn('script', ['-qec', `'${process.execPath}' scripts/admin.mjs create --username ${email}`, '/dev/null'], { env });
    let output = '';
    terminal.stdout.on('data', (c) => {
      output += c;
      if (output === 'Password: ') terminal.stdin.write('a typed passphrase\ra typed passphrase\r');
    });
    const timer = setTimeout(() => terminal.kill('SIGKILL'), 30_000);
    const status = await new Promise<number | null>((resolve) => terminal.on('close', resolve));
    clearTimeout(timer);
    expect(output).toBe(`Password: \r\nRepeat password: \r\nCreated admin ${email}.\r\n`);
    expect(status).toBe(0);
    expect((await call(login, '/api/auth/login', { body: { username: email, password: 'a typed passphrase' }, ip: uniqueIp() })).status).toBe(200);
  }, 60_000);

  it('refuses a cross-site change', async () => {
    const { cookie } = await adminSession();
    const r = await call(changePassword, '/api/auth/change-password', {
      body: { currentPassword: TEST_PASSWORD, newPassword: 'a brand new password' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(r.status).toBe(403);
  });
});

describe('POST /api/auth/request-reset', () => {
  it("answers 400 'Valid email is required' for a bad address", async () => {
    const r = await call(requestReset, '/api/auth/request-reset', { body: { email: 'nope' } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: 'Valid email is required', issues: { email: 'Valid email is required' } });
    expect((await call(requestReset, '/api/auth/request-reset', { body: {} })).json.error).toBe('Valid email is required');
  });

  it('names an address past the length limit as too long, not as missing or invalid', async () => {
    const r = await call(requestReset, '/api/auth/request-reset', { body: { email: `${'a'.repeat(60)}@${['b', 'c', 'd', 'e'].map((c) => c.repeat(60)).join('.')}.example` } });
    expect([r.status, r.json.issues]).toEqual([400, { email: 'Must be 254 characters or fewer' }]);
  });

  it('answers 200 with a message that the email service is not configured, for any address', async () => {
    const { email } = await newAdmin();
    const known = await call(requestReset, '/api/auth/request-reset', { body: { email } });
    const unknown = await call(requestReset, '/api/auth/request-reset', { body: { email: 'someone-else@example.com' } });
    expect(known.status).toBe(200);
    expect(known.json.message).toMatch(/email service is not configured/);
    expect(unknown.json).toEqual(known.json);
  });
});
