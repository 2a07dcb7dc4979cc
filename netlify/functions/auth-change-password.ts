// POST /api/auth/change-password {currentPassword, newPassword} -> {message}
// Admin only. A wrong current password answers 400 'Invalid current password' and counts as a
// failed sign-in (of this account from this address). A new password that is common, breached or
// the current one answers 400 naming newPassword (src/server/auth/password-policy.ts). Success ends
// every other session and renews this one, and keeps this browser known under the new password (the
// change ends every other browser's known-device standing: src/server/auth/known-device.ts).
import type { Config } from '@netlify/functions';
import { changePasswordSchema } from '../../src/schemas/auth.ts';
import { readAuthJson } from '../../src/server/auth/auth-body.ts';
import { knownDevice, knownDeviceCookieFor } from '../../src/server/auth/known-device.ts';
import { throttledPasswordCheck } from '../../src/server/auth/login-throttle.ts';
import { requireAdmin, startSessionCookie } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { badRequest } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { clientAddress } from '../../src/server/http/request-context.ts';
import { json } from '../../src/server/http/respond.ts';
import { PasswordRejected } from '../../src/server/auth/password-policy.ts';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import { setPassword, storedPasswordHash } from '../../src/server/repositories/users.ts';

const INVALID_CURRENT_PASSWORD = 'Invalid current password';

export default route({
  POST: async (req, ctx) => {
    const db = getDb();
    const admin = await requireAdmin(req);
    const { currentPassword, newPassword } = await readAuthJson(req, changePasswordSchema);

    // The stored password is read once, when first needed: by a known-device cookie's check, else the password's.
    let read: Promise<string> | undefined;
    const stored = () => (read ??= storedPasswordHash(db, admin.id));
    const attempt = { username: admin.username, address: clientAddress(ctx), device: await knownDevice(req, admin.username, stored) };
    if (!(await throttledPasswordCheck(attempt, ctx, async () => verifyPassword(await stored(), currentPassword)))) {
      throw badRequest(INVALID_CURRENT_PASSWORD, { currentPassword: INVALID_CURRENT_PASSWORD });
    }

    // setPassword bumps the session version: every session, this one included, ends here, and
    // this one continues under the version it answers.
    let renewed: Awaited<ReturnType<typeof setPassword>>;
    try {
      renewed = await setPassword(db, admin.id, newPassword);
    } catch (err) {
      if (err instanceof PasswordRejected) throw badRequest(err.message, { newPassword: err.message });
      throw err;
    }
    const answer = json({ message: 'Password changed successfully' }, { headers: { 'Set-Cookie': await startSessionCookie(req, renewed) } });
    answer.headers.append('Set-Cookie', await knownDeviceCookieFor(req, admin.username, renewed.password, attempt.device));
    return answer;
  },
});

export const config: Config = { path: '/api/auth/change-password' };
