// The admins the e2e server starts with. E2E_ADMIN comes from ADMIN_USERNAME / ADMIN_PASSWORD (the
// runtime's first-admin path) and is shared by every spec; E2E_PASSWORD_ADMIN is created by
// fresh-server.mjs for the tests that change a password or end every session, so they never pull
// the rug from under specs running beside them; E2E_LOGOUT_ADMIN likewise for the tests that log
// out. E2E_LEADS_ADMIN (also fresh-server.mjs) is the admin-leads spec's own.
export const E2E_ADMIN = {
  username: 'e2e-admin@example.com',
  password: 'e2e-admin-password-2026',
} as const;

export const E2E_PASSWORD_ADMIN = {
  username: 'e2e-password-admin@example.com',
  password: 'first-password-2026',
  newPassword: 'second-password-2026',
} as const;

/** For the admin-panel tests that log out (which ends every session of that admin), beside E2E_ADMIN's. */
export const E2E_LOGOUT_ADMIN = {
  username: 'e2e-logout-admin@example.com',
  password: 'logout-admin-password-2026',
} as const;

export const E2E_LEADS_ADMIN = {
  username: 'e2e-leads-admin@example.com',
  password: 'leads-admin-password-2026',
} as const;
