import crypto from 'node:crypto';
import { getDb } from '../../src/server/db/client.ts';
import { createAdmin } from '../../src/server/repositories/users.ts';
import login from '../../netlify/functions/auth-login.ts';
import { call } from './call.ts';
import { uniqueIp } from './unique.ts';

// Admins for integration tests: each test makes its own (unique e-mail, unique client address), so
// tests sharing the run's database never see each other's sessions or throttling counters.

export const TEST_PASSWORD = 'correct horse battery staple';

export async function newAdmin(password = TEST_PASSWORD) {
  const email = `admin-${crypto.randomUUID()}@example.com`;
  const user = await createAdmin(getDb(), email, password);
  return { user, email, password };
}

/** The `name=value` pair of a response's Set-Cookie, ready for a Cookie header. */
export function cookiePair(res: { headers: Headers }): string {
  const set = res.headers.get('set-cookie');
  if (!set) throw new Error('no Set-Cookie in the answer');
  return set.split(';')[0]!;
}

/** Signs in through the real login function and answers the Cookie header to send. */
export async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
  const r = await call(login, '/api/auth/login', { body: { username: email, password }, ip: uniqueIp() });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${r.text}`);
  return cookiePair(r);
}

/** A new admin, signed in: its Cookie header and account. */
export async function adminSession() {
  const admin = await newAdmin();
  return { ...admin, cookie: await signIn(admin.email, admin.password) };
}
