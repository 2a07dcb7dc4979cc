// The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD on an empty database).
export const E2E_ADMIN = {
  email: 'e2e-admin@example.com',
  password: 'e2e-admin-password-2026',
} as const;
