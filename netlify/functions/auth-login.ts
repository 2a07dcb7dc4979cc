// POST /api/auth/login {username, password} -> {user: {username}}, the session cookie and the
// known-device cookie (this browser is one the account signs in from: src/server/auth/known-device.ts).
// One answer for every failure (401 'Invalid credentials'), whether or not the account exists;
// 429 with Retry-After once an (account, address), an address, or an account (a known browser: that
// browser) is over its count of failures (src/server/auth/login-throttle.ts).
import type { Config } from '@netlify/functions';
import { loginSchema } from '../../src/schemas/auth.ts';
import { knownDevice, knownDeviceCookieFor } from '../../src/server/auth/known-device.ts';
import { throttledPasswordCheck } from '../../src/server/auth/login-throttle.ts';
import { readAuthJson } from '../../src/server/auth/auth-body.ts';
import { startSessionCookie } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { unauthorized } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { DECOY_HASH, verifyPassword } from '../../src/server/auth/passwords.ts';
import { findUserByUsername, recordSignIn } from '../../src/server/repositories/users.ts';

const INVALID_CREDENTIALS = 'Invalid credentials';

export default route({
  POST: async (req, ctx) => {
    const { username, password } = await readAuthJson(req, loginSchema);
    const db = getDb();
    // The account is read once, when first needed: by a known-device cookie's check, else the password's.
    let read: ReturnType<typeof findUserByUsername> | undefined;
    const account = () => (read ??= findUserByUsername(db, username));
    const device = await knownDevice(req, username, async () => (await account())?.password);
    let user: Awaited<ReturnType<typeof findUserByUsername>>;
    const ok = await throttledPasswordCheck({ username, address: clientAddress(ctx), device }, ctx, async () => {
      user = await account();
      if (user) return verifyPassword(user.password, password);
      // An unknown user costs one argon2 verification too, so timing does not tell who exists.
      await verifyPassword(DECOY_HASH, password);
      return false;
    });
    if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);

    await recordSignIn(db, user.id);
    const answer = json({ user: { username: user.username } }, { headers: { 'Set-Cookie': await startSessionCookie(req, user) } });
    answer.headers.append('Set-Cookie', await knownDeviceCookieFor(req, username, user.password, device));
    return answer;
  },
});

export const config: Config = { path: '/api/auth/login' };
