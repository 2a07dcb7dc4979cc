/** Every public page shows its sections and the exact texts the firm's copy fixes. */
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from './support/public-site.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { SEEDED_SERVICE_TITLES } from '../support/catalogue-seed.ts';

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

test('home: hero, trust points, badge, the six service summary cards, the principle of rising and Ready to Rise', async ({ page }) => {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request.url());
  });
  await page.goto('/');
  await expect(page).toHaveTitle(/Surgere/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strategic Marketing. Purposeful Growth. Real Results.');
  await expect(page.getByRole('link', { name: 'Free Marketing Strategy Assessment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute('href', '/services');
  await expect(page.getByRole('link', { name: 'Explore All Services' })).toHaveAttribute('href', '/services');
  await expect(page.getByText('20+ Years Driving Growth')).toBeVisible();
  for (const point of ['Senior-led, personalised consulting', 'Proven results across B2B and B2C', 'Backed by specialist partners']) {
    await expect(page.getByText(point)).toBeVisible();
  }
  const overview = page.getByRole('region', { name: 'Marketing capability, end to end' }).getByRole('listitem');
  await expect(overview.getByRole('heading', { level: 3 })).toHaveText([
    'Marketing Consulting',
    'Brand Strategy & Design',
    'Web & SEO',
    'Content & PR',
    'Performance Marketing',
    'Fractional CMO Services',
  ]);
  await expect(page.getByRole('heading', { name: 'Surgere: to rise' })).toBeVisible();
  await expect(page.getByText(/the Latin surgere, 'to rise'/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Rise?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a Consultation' })).toBeVisible();
  // Prerendered without a configured origin: no canonical link rather than a guessed one (ADR 21).
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Surgere/);
  // The hero's art is drawn in the page, decorative: no image to fetch and nothing to announce.
  const art = page.locator('main svg[viewBox="0 0 560 520"]');
  await expect(art).toBeVisible();
  await expect(art).toHaveAttribute('aria-hidden', 'true');
  await page.waitForLoadState('load');
  expect(images).toEqual([]);
});

test('about: story, three pillars, four why-us cards and three leaders without names', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'Our story' })).toBeVisible();
  for (const pillar of ['Hands-on and senior-led', 'Strategically clear, commercially focused', 'Cross-industry expertise']) {
    await expect(page.getByRole('heading', { name: pillar })).toBeVisible();
  }
  const whyUs = page.getByRole('region', { name: 'Why choose us' });
  await expect(whyUs.getByRole('heading', { level: 3 })).toHaveCount(4);
  const team = page.getByRole('region', { name: 'Leadership team' });
  await expect(team.getByRole('listitem')).toHaveCount(3);
  await expect(team.getByRole('img')).toHaveCount(3);
});

test('services: the seven seeded services from the database, each with a description and four features, then Ready to Rise', async ({ page }) => {
  await page.goto('/services');
  const cards = page.getByRole('region', { name: 'All services' }).getByRole('list').first().locator(':scope > li');
  // The seeded services come first: admin tests add theirs after them (a higher sort order).
  for (const [index, title] of SEEDED_SERVICE_TITLES.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(card.getByRole('listitem')).toHaveCount(4);
  }
  await expect(page.getByRole('heading', { name: 'Ready to Rise?' })).toBeVisible();
});

test('packages: four cards with their prices and delivery, Activation most popular, and the custom block', async ({ page }) => {
  await page.goto('/packages');
  const expected = [
    ['Foundation', 'From $1,500 to $5,500', '3–4 weeks', 'Get Started'],
    ['Activation', '$120/hour', '4–6 weeks, or retainer', 'Start Growing'],
    ['Momentum', '$120/hour', '6–8 weeks, or retainer', 'Build Momentum'],
    ['Scale & Optimise', '$150/hour', 'On retainer', 'Contact Sales'],
  ];
  const cards = page.getByRole('region', { name: 'Our packages' }).getByRole('list').first().locator(':scope > li');
  await expect(cards).toHaveCount(4);
  for (const [index, [name, price, delivery, button]] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(name);
    await expect(card.getByText(price, { exact: true })).toBeVisible();
    await expect(card.getByText(delivery, { exact: true })).toBeVisible();
    // A link to the contact form with the card's context; JavaScript makes it open the dialog.
    const trigger = card.getByRole('link', { name: button, exact: true });
    await expect(trigger).toHaveAttribute('href', `/contact?${new URLSearchParams({ service: name, page: 'Packages', ctaButton: button })}`);
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
  }
  await expect(cards.nth(1).getByText('Most Popular')).toBeVisible();
  await expect(page.getByText('Most Popular')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Schedule a Custom Consultation' })).toBeVisible();
});

test('partners: four logo links in new tabs, independent specialists, five capabilities, three why-partner cards', async ({ page }) => {
  await page.goto('/partners');
  const featured = page.getByRole('region', { name: 'Featured partners' });
  const logoLinks = featured.getByRole('link');
  await expect(logoLinks).toHaveCount(4);
  for (const link of await logoLinks.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const img = link.getByRole('img');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
  }
  await expect(featured.getByRole('heading', { name: 'Independent Specialists' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Partner network capabilities' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Why partner with Surgere' }).getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Become a Partner' })).toBeVisible();
});

test('contact: the form beside the details, the 24-hour promise, hours, offices and the assessment panel', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  for (const label of ['First Name *', 'Last Name *', 'Email *', 'Phone *', 'Company *', 'Message']) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeVisible();
  await expect(page.getByText('We reply to every enquiry within 24 hours.')).toBeVisible();
  await expect(page.getByText('Within 24 hours, Monday to Friday.')).toBeVisible();
  // The words a plain post's sent fragment shows stay hidden until the address names it.
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeHidden();
  await expect(page.getByText('Mon-Fri 9 AM-6 PM AEST')).toBeVisible();
  await expect(page.getByText(/by appointment only, in Sydney and Melbourne/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Free Marketing Strategy Assessment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Claim Your Free Assessment' })).toBeVisible();
});

for (const [path, title] of [
  ['/cookie-policy', 'Cookie Policy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-use', 'Terms of Use'],
] as const) {
  test(`${title} is effective August 2025`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('Effective August 2025')).toBeVisible();
  });
}

for (const width of [360, 768, 1280]) {
  test(`no page scrolls sideways at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
}

test('brochure pages make no third-party requests and write no inline style attributes', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
  });
  for (const { path } of PUBLIC_PAGES) {
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    expect(html, `${path} has an inline style attribute`).not.toMatch(/\sstyle="/);
  }
  expect(foreign).toEqual([]);
});
