import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './admin-credentials.ts';

type Admin = { readonly username: string; readonly password: string };

/** Signs a request context in as `admin` through the login API; the session cookie stays in that context. */
export async function signInThroughApi(request: APIRequestContext, admin: Admin = E2E_ADMIN): Promise<void> {
  const r = await request.post('/api/auth/login', { data: { username: admin.username, password: admin.password } });
  expect(r.status(), `sign-in as ${admin.username}: ${await r.text()}`).toBe(200);
}

/**
 * Signs the page's browser context in (page.request shares its cookies) and opens the admin panel,
 * skipping the sign-in form: the specs that test that form fill it in themselves.
 */
export async function signInToAdminPanel(page: Page, admin: Admin = E2E_ADMIN): Promise<void> {
  await signInThroughApi(page.request, admin);
  await page.goto('/admin');
  // The panel is one client-only island (React, Radix, Lexical): while another spec's own server
  // keeps both cores busy, its first render has taken over 10 s on this 2-core machine.
  await expect(page.getByRole('heading', { name: 'Content Management System' })).toBeVisible({ timeout: 30_000 });
}
