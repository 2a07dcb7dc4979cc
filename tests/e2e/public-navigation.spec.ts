/** Header, drawer, footer and the not-found page. */
import { expect, test } from '@playwright/test';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { holdRoute } from './support/hold-route.ts';

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('has the six links and a Contact button, marking Home only on an exact match', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    const expected = [
      ['Home', '/'],
      ['About', '/about'],
      ['Services', '/services'],
      ['Packages', '/packages'],
      ['Partners', '/partners'],
      ['Insights', '/insights'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of expected) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

    await page.goto('/services');
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });

  test('stays fixed at the top while scrolling', async ({ page }) => {
    await page.goto('/services');
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
  });

  test('a skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('drawer on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('opens from the right at 300px, keeps focus inside, closes on Escape', async ({ page }) => {
    await page.goto('/packages');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    // Named for what it is, the menu its button opens, not after the firm.
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect(drawer).toBeVisible();
    // Measured once the slide-in animation has finished.
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(60);
    expect(await drawer.evaluate((el) => getComputedStyle(el).width)).toBe('300px');
    await expect(drawer.getByRole('link', { name: 'Packages', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(drawer.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();

    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('closes when a link is chosen and lands on that page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Surgere');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('drawer before hydration', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a tap on the menu button before the island hydrates still opens the drawer', async ({ page }) => {
    const release = await holdRoute(page, '**/_astro/MobileNav*.js');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    release();
    await expect(page.getByRole('dialog')).toBeVisible();
    // While the drawer is modal the rest of the page is aria-hidden, so find the button by its hook.
    await expect(page.locator('[data-mobile-nav-open]')).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(open).toBeFocused();
  });
});

test.describe('drawer whose code cannot be fetched', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu button still leads to the footer links, as it does without scripts', async ({ page }) => {
    // Astro retries a failed island import once, with a query string: refuse that too.
    await page.route(/\/_astro\/MobileNav\.[^/]*\.js/, (route) => route.abort());
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page).toHaveURL('/about#footer-links');
    await expect(page.getByRole('button', { name: 'Open menu' })).not.toHaveAttribute('aria-busy');
  });
});

test.describe('drawer on a phone held sideways', () => {
  test.use({ viewport: { width: 844, height: 390 } });

  test('its Close button stays in view when the focus wraps round to it from the bottom of the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    const close = drawer.getByRole('button', { name: 'Close menu' });
    await expect(close).toBeFocused();
    // Tab to the last control (the drawer scrolls down with it), then once more round to Close.
    let steps = 0;
    do {
      await page.keyboard.press('Tab');
      steps += 1;
    } while (!(await close.evaluate((el) => el === document.activeElement)) && steps < 30);
    expect(steps).toBeGreaterThan(3);
    expect(await drawer.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expect(close).toBeInViewport({ ratio: 1 });
  });
});

test.describe('drawer on a large phone', () => {
  test.use({ viewport: { width: 700, height: 900 } });

  test('is 400px wide from the sm breakpoint', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(async () => (await drawer.boundingBox())?.x).toBe(300);
    expect(await drawer.evaluate((el) => getComputedStyle(el).width)).toBe('400px');
  });
});

test.describe('drawer on a tablet turned to landscape', () => {
  test.use({ viewport: { width: 800, height: 1024 } });

  test('closes once the header shows its links, gives the focus to the content and lets the page scroll', async ({ page }) => {
    await page.goto('/about');
    const open = page.getByRole('button', { name: 'Open menu' });
    await open.click();
    await expect(page.getByRole('dialog')).toBeVisible();

    // Past the lg breakpoint the menu button is gone and the header has the links themselves.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.locator('main')).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Back in portrait the drawer stays closed until asked for again.
    await page.setViewportSize({ width: 800, height: 1024 });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await open.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

test('the footer has the blurb, five socials in new tabs, quick links, contact block, © 2024 and legal links', async ({ page }) => {
  await page.goto('/partners');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(
    'Strategic marketing consulting that drives growth, optimizes performance and builds competitive advantage for forward-thinking businesses.',
  );

  const socials = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
  await expect(socials).toHaveCount(5);
  for (const link of await socials.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }

  const quick = footer.getByRole('navigation', { name: 'Quick Links' });
  for (const [name, href] of [
    ['About Us', '/about'],
    ['Services', '/services'],
    ['Packages', '/packages'],
    ['Partners', '/partners'],
    ['Insights', '/insights'],
    ['Contact', '/contact'],
  ]) {
    await expect(quick.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  await expect(footer.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(footer.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(footer.getByText('Strategic Marketing Consulting', { exact: true })).toBeVisible();
  await expect(footer).toContainText('© 2024');
  const legal = footer.getByRole('list', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms-of-use');
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(legal.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookie-policy');
  // Cookie Settings opens the preferences (public-cookies.spec.ts); without scripts it is the policy.
  await expect(legal.getByRole('link', { name: 'Cookie Settings' })).toHaveAttribute('href', '/cookie-policy');
});

test('any other path answers 404 with the not-found page and its developer hint', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  await expect(page.getByText(/src\/pages/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

  const nested = await page.goto('/services/nothing/here');
  expect(nested?.status()).toBe(404);
});
