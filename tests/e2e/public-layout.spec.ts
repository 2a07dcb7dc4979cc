/**
 * Layout of the public pages at phone widths with content an editor or a visitor's settings can
 * make long: WCAG 1.4.10 reflow (nothing scrolls sideways at 320 CSS px, which is also 1280 px at
 * 400% zoom) and 1.4.12 text spacing (nothing cut off or pushed off screen).
 */
import { expect, test, type Page } from '@playwright/test';
import { createArticle, createService, deleteArticle, deleteService } from './support/admin-api';
import { skipCookieBanner } from './support/cookie-banner.ts';
import type { Article } from '../../src/schemas/article';
import type { Service } from '../../src/schemas/service';

// 60 characters with no break opportunity, and a URL of over 170 with none either.
const UNBROKEN = 'Supercalifragilisticexpialidociousnessandmorewordsjoinedxyzz';
const LONG_URL = `https://example.com/a/very/long/path/that/has/no/spaces/${UNBROKEN}?q=${UNBROKEN}`;

/** How far the page scrolls sideways: 0 when everything fits the viewport's width. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** WCAG 1.4.12's text spacing, applied over the page's own styles (the test bypasses the CSP for it). */
async function applyTextSpacing(page: Page) {
  await page.addStyleTag({
    content:
      '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
  });
}

test.describe('long article content', () => {
  let article: Article;

  test.beforeAll(async ({ request }) => {
    article = await createArticle(request, {
      title: `Strategic marketing for boutique consultancies in a changing world of channels and audiences ${UNBROKEN}`,
      description: `A description with ${UNBROKEN} in it.`,
      content: `<p>Body with ${UNBROKEN} and a bare address ${LONG_URL}</p><h2>Heading ${UNBROKEN}</h2><ul><li>${UNBROKEN}</li></ul><p><a href="${LONG_URL}">${LONG_URL}</a></p>`,
      // The first tag is as long as a tag may be (50 characters), with no break opportunity either.
      tags: Array.from({ length: 20 }, (_, i) => (i === 0 ? UNBROKEN.slice(0, 50) : `tag-number-${i}`)),
      // As long as a read time may be, with no break opportunity.
      readTime: UNBROKEN.slice(0, 50),
      category: 'Customer & Partner Success Stories',
    });
  });

  test.afterAll(async ({ request }) => {
    if (article) await deleteArticle(request, article.id);
  });

  test.beforeEach(async ({ page }) => {
    await skipCookieBanner(page);
  });

  test('its page does not scroll sideways at 320px', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(`/insights/${article.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(UNBROKEN);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  for (const width of [320, 1280]) {
    test(`its card in the Insights list fits its column and shows its description whole at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/insights');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: article.title }) });
      await expect(card).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      // The description is clamped to three lines, never cut off at the side.
      const description = card.getByText(`A description with ${UNBROKEN} in it.`);
      expect(await description.evaluate((p) => p.scrollWidth - p.clientWidth)).toBe(0);
      // The read time breaks inside the card rather than running past its edge.
      const readTime = card.getByText(UNBROKEN.slice(0, 50), { exact: true });
      expect(await readTime.evaluate((element) => element.getBoundingClientRect().right <= element.closest('li')!.getBoundingClientRect().right)).toBe(true);
    });
  }
});

test.describe('a service with long words', () => {
  let service: Service;

  test.beforeAll(async ({ request }) => {
    service = await createService(request, {
      title: `Ünïcødé growth ${UNBROKEN}`,
      description: `A description with ${LONG_URL} in it.`,
      features: [UNBROKEN, 'A short feature'],
    });
  });

  test.afterAll(async ({ request }) => {
    if (service) await deleteService(request, service.id);
  });

  test.beforeEach(async ({ page }) => {
    await skipCookieBanner(page);
  });

  for (const width of [320, 1280]) {
    test(`its card on /services fits its column and shows its words whole at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/services');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: service.title }) });
      await expect(card).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      for (const text of [service.title, service.description, UNBROKEN]) {
        const shown = card.getByText(text, { exact: true });
        expect(await shown.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
        expect(await shown.evaluate((element) => element.getBoundingClientRect().right <= element.closest('li[class]')!.getBoundingClientRect().right)).toBe(true);
      }
    });
  }
});

test.describe('WCAG 1.4.12 text spacing', () => {
  // The spacing goes in as a style element, which the pages' CSP (hashes only) would refuse.
  test.use({ bypassCSP: true });

  test('no public page scrolls sideways at 320px with text spacing applied', async ({ page }) => {
    await skipCookieBanner(page);
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of ['/', '/about', '/services', '/packages', '/partners', '/insights', '/contact', '/cookie-policy', '/privacy-policy', '/terms-of-use', '/no-such-page']) {
      await page.goto(path);
      await applyTextSpacing(page);
      expect(await sidewaysOverflow(page), path).toBe(0);
    }
  });
});

test("the drawer's sticky top bar never covers the link that has the focus (WCAG 2.4.11), at 400% zoom and on a landscape phone", async ({ page }) => {
  await skipCookieBanner(page);
  for (const size of [{ width: 320, height: 256 }, { width: 667, height: 375 }]) {
    await page.setViewportSize(size);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    const topBar = drawer.locator('> div').first();
    const links = drawer.getByRole('navigation').getByRole('link');
    // Down to Contact, then back up to Home: each link is scrolled into the part the bar leaves clear.
    const order = [...(await links.all()), ...(await links.all()).reverse()];
    await order[0]!.focus();
    for (const link of order) {
      await link.focus();
      const barBottom = (await topBar.boundingBox())!.y + (await topBar.boundingBox())!.height;
      const box = (await link.boundingBox())!;
      expect(box.y, `${size.width}x${size.height}: ${await link.textContent()}`).toBeGreaterThanOrEqual(barBottom);
      expect(box.y + box.height, `${size.width}x${size.height}: ${await link.textContent()}`).toBeLessThanOrEqual(size.height);
    }
    await page.keyboard.press('Escape');
  }
});
