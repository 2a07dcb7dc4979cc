import { SignJWT, base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import login from '../../netlify/functions/auth-login.ts';
import me from '../../netlify/functions/auth-me.ts';
import logout from '../../netlify/functions/auth-logout.ts';
import changePassword from '../../netlify/functions/auth-change-password.ts';
import requestReset from '../../netlify/functions/auth-request-reset.ts';
import { signingKey } from '../../src/server/auth/keys.ts';
import { getDb } from '../../src/server/db/client.ts';
import { findUserByUsername } from '../../src/server/users.ts';
import { call } from '../support/call.ts';
import { TEST_PASSWORD, adminSession, cookiePair, newAdmin, signIn, uniqueIp } from '../support/admin-session.ts';

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

  it('answers 400 with the spec messages for missing fields', async () => {
    const r = await call(login, '/api/auth/login', { body: { username: '', password: '' }, ip: uniqueIp() });
    expect(r.status).toBe(400);
    expect(r.json.issues).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('refuses a cross-site login', async () => {
    const { email, password } = await newAdmin();
    const r = await call(login, '/api/auth/login', { body: { username: email, password }, headers: { origin: 'https://evil.example' } });
    expect(r.status).toBe(403);
  });
});

describe('login throttling (5 failures in 15 minutes, then 429 for 15 minutes)', () => {
  it('blocks an account after 5 failures, from any address, even with the right password', async () => {
    const { email, password } = await newAdmin();
    for (let i = 0; i < 5; i++) {
      const r = await call(login, '/api/auth/login', { body: { username: email, password: `wrong-${i}` }, ip: uniqueIp() });
      expect(r.status).toBe(401);
    }
    const sixth = await call(login, '/api/auth/login', { body: { username: email, password }, ip: uniqueIp() });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error).toMatch(/Too many sign-in attempts/);
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(sixth.headers.get('set-cookie')).toBeNull();
  });

  it('blocks an address after 5 failures, whatever the accounts, and leaves other addresses alone', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) {
      const r = await call(login, '/api/auth/login', { body: { username: `ghost-${i}-${ip}@example.com`, password: 'wrong-pass' }, ip });
      expect(r.status).toBe(401);
    }
    const { email, password } = await newAdmin();
    expect((await call(login, '/api/auth/login', { body: { username: email, password }, ip })).status).toBe(429);
    expect((await call(login, '/api/auth/login', { body: { username: email, password }, ip: uniqueIp() })).status).toBe(200);
  });

  it('forgives earlier failures after a successful sign-in', async () => {
    const { email, password } = await newAdmin();
    for (let i = 0; i < 4; i++) {
      expect((await call(login, '/api/auth/login', { body: { username: email, password: 'wrong-pass' }, ip: uniqueIp() })).status).toBe(401);
    }
    expect((await call(login, '/api/auth/login', { body: { username: email, password }, ip: uniqueIp() })).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await call(login, '/api/auth/login', { body: { username: email, password: 'wrong-pass' }, ip: uniqueIp() })).status).toBe(401);
    }
    expect((await call(login, '/api/auth/login', { body: { username: email, password }, ip: uniqueIp() })).status).toBe(200);
  });

  it('does not count successes against an address', async () => {
    const { email, password } = await newAdmin();
    const ip = uniqueIp();
    for (let i = 0; i < 7; i++) {
      expect((await call(login, '/api/auth/login', { body: { username: email, password }, ip })).status).toBe(200);
    }
  });
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

  it('answers the spec messages for missing and short values', async () => {
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

  it('answers 200 with a message that the email service is not configured, for any address', async () => {
    const { email } = await newAdmin();
    const known = await call(requestReset, '/api/auth/request-reset', { body: { email } });
    const unknown = await call(requestReset, '/api/auth/request-reset', { body: { email: 'someone-else@example.com' } });
    expect(known.status).toBe(200);
    expect(known.json.message).toMatch(/email service is not configured/);
    expect(unknown.json).toEqual(known.json);
  });
});
