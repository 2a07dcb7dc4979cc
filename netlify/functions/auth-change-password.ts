// POST /api/auth/change-password {currentPassword, newPassword} -> {message}
// Admin only. A wrong current password answers 400 'Invalid current password' and counts as a
// failed sign-in for the account. Success ends every other session and renews this one.
import type { Config } from '@netlify/functions';
import { ChangePasswordSchema } from '../../src/schemas/auth.ts';
import { readAuthJson } from '../../src/server/auth/auth-body.ts';
import { beginPasswordCheck, passwordCheckSucceeded } from '../../src/server/auth/login-throttle.ts';
import { requireAdmin, startSessionCookie } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/client.ts';
import { badRequest } from '../../src/server/http/errors.ts';
import { route } from '../../src/server/http/handler.ts';
import { json } from '../../src/server/http/respond.ts';
import { verifyPassword } from '../../src/server/passwords.ts';
import { setPassword } from '../../src/server/users.ts';

export const INVALID_CURRENT_PASSWORD = 'Invalid current password';

export default route({
  POST: async (req) => {
    const db = getDb();
    const admin = await requireAdmin(req, db);
    const { currentPassword, newPassword } = await readAuthJson(req, ChangePasswordSchema);

    await beginPasswordCheck(admin.username);
    const row = await db.selectFrom('users').select(['password']).where('id', '=', admin.id).executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password, currentPassword))) {
      throw badRequest(INVALID_CURRENT_PASSWORD, { currentPassword: INVALID_CURRENT_PASSWORD });
    }
    await passwordCheckSucceeded(admin.username);

    // setPassword bumps the session version: every session, this one included, ends here...
    await setPassword(db, admin.id, newPassword);
    // ...and this one continues under the new version.
    const renewed = await db.selectFrom('users').select(['id', 'sessionVersion']).where('id', '=', admin.id).executeTakeFirstOrThrow();
    return json({ message: 'Password changed successfully' }, { headers: { 'Set-Cookie': await startSessionCookie(req, renewed) } });
  },
});

export const config: Config = { path: '/api/auth/change-password' };
