/**
 * /services while no service is active: the firm may switch every service off in /admin while it
 * rewrites them. Runs in the 'fresh-site' project (playwright.config.ts), before every spec that
 * reads /services, and puts each service back as it was.
 */
import { expect, test } from '@playwright/test';
import type { Service } from '../../src/schemas/service.ts';
import { servicesPage } from '../../src/content/services.ts';
import { signInThroughApi } from './support/admin-sign-in.ts';
import { updateService } from './support/admin-api.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';

test('with no active service, /services says the list is being refreshed and still offers a consultation', async ({ page, request }) => {
  await signInThroughApi(request);
  const all = (await (await request.get('/api/services')).json()) as Service[];
  const active = all.filter((service) => service.isActive);
  expect(active.length, 'the seeded services are active').toBe(7);
  const switchedOff: Service[] = [];
  try {
    for (const service of active) switchedOff.push(await updateService(request, service, { isActive: false }));

    await skipCookieBanner(page);
    const response = await page.goto('/services');
    expect(response?.status()).toBe(200);
    const list = page.getByRole('region', { name: servicesPage.listLabel });
    await expect(list.getByText(servicesPage.empty)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(0);
    // Not an error: nothing is announced as one.
    await expect(list.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Book a Consultation' }).click();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
  } finally {
    for (const service of switchedOff) await updateService(request, service, { isActive: true });
  }
  await page.goto('/services');
  await expect(page.getByRole('region', { name: servicesPage.listLabel }).getByRole('heading', { level: 3 })).toHaveCount(7);
});
