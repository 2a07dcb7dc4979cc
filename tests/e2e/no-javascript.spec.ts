/**
 * The site with JavaScript off: enquiry buttons are links to /contact carrying their context,
 * and the contact and newsletter forms are plain posts to their functions, answered with the page
 * they were posted from: saying they were sent, or with the form again, what was typed and why it
 * was refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { createArticle, deleteArticle } from './support/admin-api';
import { fillEnquiry, validEnquiry } from './support/public-site.ts';
import type { Article } from '../../src/schemas/article';

test.use({ javaScriptEnabled: false });

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test("a package's 'Get Started' leads to the contact form, which sends the package's context and comes back to that link's page saying it was sent", async ({ page }) => {
  await page.goto('/packages');
  await page.getByRole('link', { name: 'Get Started', exact: true }).click();
  await expect(page).toHaveURL(/\/contact\?service=Foundation&page=Packages&ctaButton=Get\+Started$/);

  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form, { ...validEnquiry, 'Email *': `nojs-${unique()}@example.com` });
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contacts' && r.method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  const sent = new URLSearchParams(request.postData() ?? '');
  expect(Object.fromEntries(sent)).toMatchObject({ service: 'Foundation', page: 'Packages', ctaButton: 'Get Started', firstName: 'Ada', website: '' });
  await expect(page).toHaveURL(/\/contact\?service=Foundation&page=Packages&ctaButton=Get\+Started#enquiry-sent$/);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  // Focused, so a screen reader reads it out rather than the top of a page it has already heard.
  await expect(page.locator('#enquiry-sent')).toBeFocused();
});

test('a link whose context the enquiry schema would refuse still leads to a form that can be sent, with the page form\'s own context in its place', async ({ page }) => {
  // A line break (a link wrapped by a mail client) and a U+0000: values no enquiry may carry.
  await page.goto('/contact?service=Foundation%0AInjected&page=Pack%00ages&ctaButton=Get+Started');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form, { ...validEnquiry, 'Email *': `nojs-context-${unique()}@example.com` });
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contacts' && r.method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  const sent = new URLSearchParams(request.postData() ?? '');
  expect(Object.fromEntries(sent)).toMatchObject({ service: 'General Enquiry', page: 'Contact', ctaButton: 'Get Started' });
  await expect(page).toHaveURL(/\/contact\?service=Foundation%0AInjected&page=Pack%00ages&ctaButton=Get\+Started#enquiry-sent$/);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
});

test('the browser itself refuses an empty contact form: nothing is posted', async ({ page }) => {
  await page.goto('/contact');
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST') posted = true;
  });
  const form = page.getByRole('region', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveJSProperty('validity.valueMissing', true);
  expect(page.url()).toMatch(/\/contact$/);
  expect(posted).toBe(false);
});

test('an enquiry the server refuses comes back on /contact with the reason beside the field, what was typed and the link\'s context kept', async ({ page }) => {
  await page.goto('/contact?service=Foundation&page=Packages&ctaButton=Get+Started');
  const form = page.getByRole('region', { name: 'Send us a message' });
  // The browser accepts an address without a top-level domain; the shared schema does not.
  await fillEnquiry(form, { ...validEnquiry, 'Email *': 'ada@analytical' });
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/contact' && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Your message was not sent. Please check the highlighted fields.');
  const email = form.getByLabel('Email *', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  // The field to correct has the focus, so its message is read out with it.
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('ada@analytical');
  await expect(form.getByText('Invalid email', { exact: true })).toBeVisible();
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('Ada');
  await expect(form.getByLabel('Message', { exact: true })).toHaveValue(validEnquiry.Message);

  // Corrected and sent again from the page it came back to: with the context of the link that led there.
  await email.fill(`ada-${unique()}@analytical.example`);
  const [again] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contacts' && r.method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(Object.fromEntries(new URLSearchParams(again.postData() ?? ''))).toMatchObject({ service: 'Foundation', page: 'Packages', ctaButton: 'Get Started', firstName: 'Ada' });
  await expect(page).toHaveURL(/\/contact\?service=Foundation&page=Packages&ctaButton=Get\+Started#enquiry-sent$/);
});

test('the newsletter form subscribes, and an address already on the list comes back already subscribed with the address kept', async ({ page, request }) => {
  const address = `nojs-reader-${unique()}@example.com`;
  await page.goto('/insights');
  await page.getByRole('textbox', { name: 'Email address' }).fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/insights#newsletter-subscribed$/);
  await expect(page.getByText('Successfully subscribed!')).toBeVisible();
  await expect(page.locator('#newsletter-subscribed')).toBeFocused();

  // Listed by another visitor's sign-up (a sender of its own, through the trusted loopback proxy):
  // this browser's own sign-up sent again would be its repeat, answered as subscribed.
  const listed = `nojs-listed-${unique()}@example.com`;
  expect((await request.post('/api/newsletter', { data: { email: listed }, headers: { 'x-forwarded-for': '198.51.100.7' } })).status()).toBe(201);
  await page.goto('/insights');
  await page.getByRole('textbox', { name: 'Email address' }).fill(listed);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/insights' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  expect(response.status()).toBe(409);
  const email = page.getByRole('textbox', { name: 'Email address' });
  await expect(email).toHaveValue(listed);
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  await expect(page.getByText('This email address is already subscribed.')).toBeVisible();
});

test('a sign-up sent again (a double click, or Back and Subscribe again) says subscribed again, not already subscribed', async ({ page }) => {
  const address = `nojs-again-${unique()}@example.com`;
  await page.goto('/insights');
  await page.getByRole('textbox', { name: 'Email address' }).fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).dblclick();
  await expect(page).toHaveURL(/\/insights#newsletter-subscribed$/);
  await expect(page.getByText('Successfully subscribed!')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByText('Successfully subscribed!')).toBeHidden();
  await page.getByRole('textbox', { name: 'Email address' }).fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/insights#newsletter-subscribed$/);
  await expect(page.getByText('Successfully subscribed!')).toBeVisible();
  await expect(page.getByText('This email address is already subscribed.')).toHaveCount(0);
});

/** The contact page form's Message field. */
const messageOf = (page: Page) => page.getByRole('region', { name: 'Send us a message' }).getByLabel('Message', { exact: true });

test('a message of 3,000 emoji (6,000 UTF-16 units; the limit is 5,000 characters) is sent whole', async ({ page }) => {
  const message = '📈'.repeat(3000);
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form, { ...validEnquiry, 'Email *': `nojs-emoji-${unique()}@example.com`, Message: message });
  await expect(messageOf(page)).toHaveValue(message);
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contacts' && r.method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(new URLSearchParams(request.postData() ?? '').get('message')).toBe(message);
  await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
});

test('a message past the limit comes back with the limit beside it and every character typed kept, however many bytes it takes', async ({ page }) => {
  // 9,000 characters of three UTF-8 bytes each: 81 KB form-encoded, past a JSON body's 64 KB.
  const message = '漢'.repeat(9000);
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form, { ...validEnquiry, 'Email *': `nojs-long-${unique()}@example.com`, Message: message });
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/contact' && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Your message was not sent. Please check the highlighted fields.');
  await expect(messageOf(page)).toBeFocused();
  await expect(messageOf(page)).toHaveAccessibleDescription('Must be 5000 characters or fewer');
  await expect(messageOf(page)).toHaveValue(message);
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('Ada');
});

test('Back from the page saying sent, reached by correcting a refused form, shows that form again, not a browser error', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form, { ...validEnquiry, 'Email *': 'ada@analytical' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your message was not sent. Please check the highlighted fields.');
  await form.getByLabel('Email *', { exact: true }).fill(`nojs-back-${unique()}@example.com`);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/contact\?status=400&/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('Ada');

  await page.goto('/insights');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('reader@example');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
  await email.fill(`nojs-back-${unique()}@example.com`);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/insights#newsletter-subscribed$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/insights\?status=400&/);
  await expect(page.getByRole('textbox', { name: 'Email address' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the menu control leads to the footer's links", async ({ page }) => {
    await page.goto('/packages');
    const menu = page.getByRole('link', { name: 'Open menu' });
    await expect(menu).toBeVisible();
    await menu.click();
    await expect(page).toHaveURL(/\/packages#footer-links$/);
    const links = page.getByRole('navigation', { name: 'Quick Links' });
    await expect(links).toBeInViewport();
    await expect(links.getByRole('link', { name: 'Insights' })).toHaveAttribute('href', '/insights');
  });
});

test('an enquiry refused for a reason no field can fix comes back with the focus on that reason', async ({ page }) => {
  // The function's answer past the hourly limit, which the e2e server's high limit never reaches.
  const reason = 'Too many messages from your network in the last hour. Please try again later or email us at hello@surgere.com.au.';
  await page.route((url) => url.pathname === '/api/contacts', (route) =>
    route.fulfill({ status: 307, headers: { location: `/contact?${new URLSearchParams({ status: '429', error: reason })}` } }),
  );
  await page.goto('/contact');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/contact' && r.request().method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(`Failed to send message: ${reason}`);
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('Ada');
});

test('a sign-up refused for a reason no address can fix comes back with the focus on that reason and the address not marked wrong', async ({ page }) => {
  // The function's answer past the hourly limit, which the e2e server's high limit never reaches.
  const reason = 'Too many sign-ups from your network in the last hour. Please try again later.';
  await page.route((url) => url.pathname === '/api/newsletter', (route) =>
    route.fulfill({ status: 307, headers: { location: `/insights?${new URLSearchParams({ status: '429', error: reason })}` } }),
  );
  await page.goto('/insights');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await email.fill('reader@example.com');
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/insights' && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  expect(response.status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(`Subscription failed: ${reason}`);
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(email).toHaveValue('reader@example.com');
  expect(await email.getAttribute('aria-invalid')).toBeNull();
});

test.describe('a form posted from a page with a query lands back on that very page', () => {
  /** Enough articles in one category for a second page of it (12 a page). */
  const CATEGORY = 'Events & Announcements';
  const created: Article[] = [];
  const refusalNames = (name: string) => name === 'status' || name === 'error' || name.startsWith('issue.');
  /** The address's path and query, with the refusal's own parameters (a 307 back) left out. */
  const pageOf = (address: string) => {
    const url = new URL(address);
    const query = [...url.searchParams].filter(([name]) => !refusalNames(name));
    return `${url.pathname}?${new URLSearchParams(query)}`;
  };

  test.beforeAll(async ({ request }) => {
    for (let i = 0; i < 13; i += 1) created.push(await createArticle(request, { title: `Return ${unique()} ${i}`, category: CATEGORY }));
  });

  test.afterAll(async ({ request }) => {
    for (const article of created) await deleteArticle(request, article.id);
  });

  test('a newsletter sign-up from page 2 of a category: refused, then accepted, on that page both times', async ({ page, baseURL }) => {
    expect(baseURL).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const from = `/insights?category=${encodeURIComponent(CATEGORY)}&page=2`;
    await page.goto(from);
    const email = page.getByRole('textbox', { name: 'Email address' });
    await email.fill('reader@example');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(email).toHaveAccessibleDescription('Invalid email');
    await expect(email).toHaveValue('reader@example');
    expect(pageOf(page.url())).toBe(pageOf(`${baseURL}${from}`));
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 2 of');

    await email.fill(`nojs-return-${unique()}@example.com`);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Successfully subscribed!')).toBeVisible();
    await expect(page.getByText("You'll receive our weekly marketing insights.")).toBeVisible();
    const landed = new URL(page.url());
    expect(`${landed.pathname}${landed.search}`).toBe(from);
    await expect(email).toHaveValue('');
  });

  for (const start of ['/contact', '/services'] as const) {
    test(`an enquiry from ${start === '/contact' ? 'the contact page' : "the services page's button"}: refused, then accepted, on the page it was sent from both times`, async ({ page, baseURL }) => {
      await page.goto(start);
      if (start === '/services') await page.getByRole('link', { name: 'Book a Consultation', exact: true }).click();
      const from = new URL(page.url());
      const form = page.getByRole('region', { name: 'Send us a message' });
      await fillEnquiry(form, { ...validEnquiry, 'Email *': 'ada@analytical' });
      await form.getByRole('button', { name: 'Send Message' }).click();
      const email = form.getByLabel('Email *', { exact: true });
      await expect(email).toHaveAccessibleDescription('Invalid email');
      await expect(email).toHaveValue('ada@analytical');
      expect(pageOf(page.url())).toBe(pageOf(from.href));

      await email.fill(`nojs-return-${unique()}@analytical.example`);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Message sent successfully!')).toBeVisible();
      await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
      const landed = new URL(page.url());
      expect(`${landed.origin}${landed.pathname}${landed.search}`).toBe(`${baseURL}${from.pathname}${from.search}`);
      await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('');
    });
  }
});
