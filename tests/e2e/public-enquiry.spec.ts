/**
 * The 'Get in Touch' enquiry dialog: every trigger on the site opens the
 * page's one dialog and sends its hidden service / page / ctaButton; validation,
 * failure and success paths; the /contact form; and one real, un-routed submission.
 */
import { expect, test, type Page } from '@playwright/test';
import { countBrowserBubbles, fillEnquiry, routeEnquiries, validEnquiry, waitForIslands, useFormIsland } from './support/public-site.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { holdRoute } from './support/hold-route.ts';
import { toastRegion, toastText } from './support/toasts.ts';

const TRIGGERS = [
  { path: '/', button: 'Free Marketing Strategy Assessment', service: 'Marketing Strategy Assessment', page: 'Home', ctaButton: 'Free Marketing Strategy Assessment' },
  { path: '/', button: 'Book a Consultation', service: 'General Consultation', page: 'Home', ctaButton: 'Book a Consultation' },
  { path: '/services', button: 'Book a Consultation', service: 'Service Consultation', page: 'Services', ctaButton: 'Book a Consultation' },
  { path: '/packages', button: 'Get Started', service: 'Foundation', page: 'Packages', ctaButton: 'Get Started' },
  { path: '/packages', button: 'Start Growing', service: 'Activation', page: 'Packages', ctaButton: 'Start Growing' },
  { path: '/packages', button: 'Build Momentum', service: 'Momentum', page: 'Packages', ctaButton: 'Build Momentum' },
  { path: '/packages', button: 'Contact Sales', service: 'Scale & Optimise', page: 'Packages', ctaButton: 'Contact Sales' },
  { path: '/packages', button: 'Schedule a Custom Consultation', service: 'Custom Solution', page: 'Packages', ctaButton: 'Schedule a Custom Consultation' },
  { path: '/partners', button: 'Become a Partner', service: 'Partnership Inquiry', page: 'Partners', ctaButton: 'Become a Partner' },
  { path: '/insights', button: 'Start a Conversation', service: 'Strategic Discussion', page: 'Insights', ctaButton: 'Start a Conversation' },
  { path: '/contact', button: 'Claim Your Free Assessment', service: 'Marketing Strategy Assessment', page: 'Contact', ctaButton: 'Claim Your Free Assessment' },
] as const;

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

for (const trigger of TRIGGERS) {
  test(`${trigger.path} '${trigger.button}' opens the dialog and sends ${trigger.service} / ${trigger.page}`, async ({ page }) => {
    const captured = await routeEnquiries(page);
    // Islands hydrated on demand (the dialog, then the toasts with their first toast) must match
    // their server markup: React reports a mismatch as a console error.
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await page.goto(trigger.path);
    await waitForIslands(page);

    await page.getByRole('link', { name: trigger.button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);

    await fillEnquiry(dialog);
    await dialog.getByRole('button', { name: 'Send Message' }).click();

    await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
    await expect(toastRegion(page).getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(captured.payloads).toHaveLength(1);
    expect(captured.payloads[0]).toEqual({
      firstName: validEnquiry['First Name *'],
      lastName: validEnquiry['Last Name *'],
      email: validEnquiry['Email *'],
      phone: validEnquiry['Phone *'],
      company: validEnquiry['Company *'],
      message: validEnquiry.Message,
      service: trigger.service,
      page: trigger.page,
      ctaButton: trigger.ctaButton,
      website: '',
      submissionId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(errors).toEqual([]);
  });
}

test('the dialog is at most 600px wide and 80% of the viewport high, and scrolls what does not fit', async ({ page }) => {
  for (const size of [
    { width: 412, height: 823 },
    { width: 1440, height: 600 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByRole('link', { name: 'Book a Consultation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await expect(dialog).toBeVisible();
    const box = await dialog.evaluate((el) => ({ width: el.getBoundingClientRect().width, height: el.getBoundingClientRect().height, scrolls: el.scrollHeight > el.clientHeight }));
    expect(box.width, `${size.width}x${size.height}`).toBeLessThanOrEqual(600);
    // The form is taller than 80% of either screen: the panel stops there and scrolls.
    expect(box.height, `${size.width}x${size.height}`).toBeCloseTo(size.height * 0.8, 0);
    expect(box.scrolls, `${size.width}x${size.height}`).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('a click made before the dialog island hydrates is not lost', async ({ page }) => {
  // Hold back the dialog's island code so the click lands before hydration.
  const release = await holdRoute(page, '**/_astro/EnquiryDialog*.js');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.getByRole('link', { name: 'Book a Consultation' }).click();
  release();
  await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
});

test('on a slow connection the pressed button says it is loading, and Escape withdraws the dialog before it arrives', async ({ page }) => {
  const release = await holdRoute(page, '**/_astro/EnquiryDialog*.js');
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const trigger = page.getByRole('link', { name: 'Book a Consultation' });
  // The wait for the dialog's island, not for the page runtime: a press made before the runtime has
  // run is held by the inline start, and Escape then lets it go before any island is asked for.
  await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
  await trigger.click();
  await expect(trigger).toHaveAttribute('aria-busy', 'true');
  expect(await trigger.evaluate((el) => getComputedStyle(el).cursor)).toBe('progress');
  // The visitor gives up waiting: the dialog must not open later over whatever they do next.
  await page.keyboard.press('Escape');
  await expect(trigger).not.toHaveAttribute('aria-busy');
  release();
  await page.waitForFunction(() => window.__islandsHydrated?.has('enquiry'));
  await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toHaveCount(0);
  await expect(trigger).toBeFocused();
  // Asked again, it opens at once.
  await trigger.click();
  await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});

// A visitor whose page outlived a deploy (the old hashed files are gone) or whose connection dropped
// cannot get the dialog's code: the press must still lead to the form, as the link does without scripts.
// Astro retries a failed island import once, with a query string: the patterns refuse that too.
for (const blocked of [/\/_astro\/EnquiryDialog\.[^/]*\.js/, /\/_astro\/astro-island\.[^/]*\.js/]) {
  test(`when ${blocked} cannot be fetched, a trigger leads to the contact form with its context`, async ({ page }) => {
    await page.route(blocked, (route) => route.abort());
    await page.goto('/packages');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/contact?service=Foundation&page=Packages&ctaButton=Get+Started');
    await expect(page.locator('#enquiry-form input[name="service"]')).toHaveValue('Foundation');
    await expect(page.locator('#enquiry-form input[name="ctaButton"]')).toHaveValue('Get Started');
  });
}

test("empty required fields show 'Required' and nothing is sent", async ({ page }) => {
  const captured = await routeEnquiries(page);
  await page.goto('/');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Book a Consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await dialog.getByRole('button', { name: 'Send Message' }).click();

  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(6);
  for (const label of ['First Name *', 'Last Name *', 'Email *', 'Phone *', 'Company *', 'Message']) {
    await expect(dialog.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(dialog.getByLabel('First Name *', { exact: true })).toBeFocused();
  await expect(dialog.getByLabel('Email *', { exact: true })).toHaveAttribute('type', 'email');

  await dialog.getByLabel('Email *', { exact: true }).fill('not-an-email');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  expect(captured.payloads).toHaveLength(0);
});

test("a failed send keeps the dialog open with a 'Failed to send message' toast", async ({ page }) => {
  const captured = await routeEnquiries(page, 500, { error: 'Something went wrong' });
  await page.goto('/services');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Book a Consultation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await fillEnquiry(dialog);
  await dialog.getByRole('button', { name: 'Send Message' }).click();

  await expect(toastText(page, 'Failed to send message')).toBeVisible();
  await expect(toastRegion(page).getByText('Something went wrong')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('First Name *', { exact: true })).toHaveValue('Ada');
  await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(captured.payloads).toHaveLength(1);
});

test("'Sending...' shows and the button is disabled while the request is pending", async ({ page }) => {
  const release = await holdRoute(page, '**/api/contacts', (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: '{"id":7}' }),
  );
  await page.goto('/partners');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Become a Partner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await fillEnquiry(dialog);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  // Disabled for presses, yet still holding the focus (a disabled button would drop it to the page's start).
  await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeFocused();
  release();
  await expect(dialog).toBeHidden();
});

test('field issues from a 400 answer are shown beside the fields, with no network failure text', async ({ page }) => {
  await routeEnquiries(page, 400, { error: 'Invalid request', issues: { email: 'This address cannot receive mail' } });
  await page.goto('/contact');
  await useFormIsland(page, 'EnquiryForm');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('This address cannot receive mail')).toBeVisible();
  await expect(toastText(page, 'Failed to send message')).toBeVisible();
  await expect(toastRegion(page).getByText('Invalid request')).toBeVisible();
});

test('the dialog closes on Escape and returns focus to its trigger', async ({ page }) => {
  await page.goto('/packages');
  await waitForIslands(page);
  const trigger = page.getByRole('link', { name: 'Start Growing' });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('First Name *', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('the contact page form sends its own context and resets on success', async ({ page }) => {
  const captured = await routeEnquiries(page);
  await page.goto('/contact');
  await useFormIsland(page, 'EnquiryForm');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('');
  expect(captured.payloads[0]).toMatchObject({ service: 'General Enquiry', page: 'Contact', ctaButton: 'Send Message', email: 'ada@example.com' });
});

test('the limit the island holds a field to is the server\'s, in characters: 3,000 emoji are sent whole, 5,001 letters are refused beside the field', async ({ page }) => {
  const captured = await routeEnquiries(page);
  await page.goto('/contact');
  await useFormIsland(page, 'EnquiryForm');
  const form = page.getByRole('region', { name: 'Send us a message' });
  const message = form.getByLabel('Message', { exact: true });
  // 5,001 characters: one past the limit, which the browser no longer cuts at 5,000 UTF-16 units.
  await fillEnquiry(form, { ...validEnquiry, Message: 'a'.repeat(5001) });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(message).toHaveAccessibleDescription('Must be 5000 characters or fewer');
  await expect(message).toBeFocused();
  expect(captured.payloads).toHaveLength(0);

  // Two UTF-16 units each: 6,000 units, which a maxlength of 5,000 cut to 2,500 emoji.
  const emoji = '📈'.repeat(3000);
  await message.fill(emoji);
  await expect(message).toHaveValue(emoji);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  expect(captured.payloads[0]).toMatchObject({ message: emoji });
});

/** Holds back the /contact form island's code until `release()` (or for good). */
const holdEnquiryFormIsland = (page: Page) => holdRoute(page, '**/_astro/EnquiryForm*.js');

test('text typed into the /contact form before it hydrates is kept, and sent by the island once it has', async ({ page }) => {
  const captured = await routeEnquiries(page);
  const release = await holdEnquiryFormIsland(page);
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form);
  release();
  await useFormIsland(page, 'EnquiryForm');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  expect(page.url()).not.toContain('?');
  expect(captured.payloads[0]).toMatchObject({ firstName: 'Ada', email: 'ada@example.com', page: 'Contact' });
});

test("Send pressed on the empty /contact form while its island is still loading gets 'Required' beside every field, not the browser's bubble", async ({ page }) => {
  const captured = await routeEnquiries(page);
  const release = await holdEnquiryFormIsland(page);
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const bubbles = await countBrowserBubbles(page.locator('#enquiry-form'));
  const form = page.getByRole('region', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  release();
  await expect(form.getByText('Required', { exact: true })).toHaveCount(6);
  await expect(form.getByLabel('First Name *', { exact: true })).toBeFocused();
  expect(await bubbles()).toBe(0);
  expect(captured.payloads).toHaveLength(0);
  await expect(page).toHaveURL('/contact');
});

test('an enquiry sent while the /contact island is still loading is posted by the browser itself and comes back to /contact saying it was sent', async ({ page }) => {
  const release = await holdEnquiryFormIsland(page);
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form, { ...validEnquiry, 'Email *': `early-${Date.now()}@example.com` });
  const [request] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contacts' && r.method() === 'POST'),
    form.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(request.headers()['content-type']).toBe('application/x-www-form-urlencoded');
  expect(new URLSearchParams(request.postData() ?? '').get('page')).toBe('Contact');
  await expect(page).toHaveURL(/\/contact#enquiry-sent$/);
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByText("We'll get back to you within 24 hours.")).toBeVisible();
  release();
});

test('a real enquiry is accepted by the API end to end', async ({ page }) => {
  await page.goto('/');
  await waitForIslands(page);
  await page.getByRole('link', { name: 'Free Marketing Strategy Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
  await fillEnquiry(dialog, { ...validEnquiry, 'Email *': `e2e-${Date.now()}@example.com` });
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST'),
    dialog.getByRole('button', { name: 'Send Message' }).click(),
  ]);
  expect(response.status()).toBe(201);
  expect(typeof (await response.json()).id).toBe('number');
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('closing the dialog keeps what was typed for the next opening, from any button; a sent enquiry empties it', async ({ page }) => {
  const captured = await routeEnquiries(page);
  await page.goto('/');
  await waitForIslands(page);
  const dialog = page.getByRole('dialog', { name: 'Get in Touch' });

  await page.getByRole('link', { name: 'Free Marketing Strategy Assessment', exact: true }).click();
  await dialog.getByLabel('First Name *').fill('Ada');
  await dialog.getByLabel('Message').fill('Half a thought');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Another button, another context: the visitor's words stay, the hidden context is the new one's.
  await page.getByRole('link', { name: 'Book a Consultation', exact: true }).click();
  await expect(dialog.getByLabel('First Name *')).toHaveValue('Ada');
  await expect(dialog.getByLabel('Message')).toHaveValue('Half a thought');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Book a Consultation', exact: true }).click();
  await fillEnquiry(dialog);
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  expect(captured.payloads).toHaveLength(1);
  expect(captured.payloads[0]).toMatchObject({ firstName: validEnquiry['First Name *'], service: 'General Consultation', ctaButton: 'Book a Consultation' });

  await page.getByRole('link', { name: 'Book a Consultation', exact: true }).click();
  await expect(dialog.getByLabel('First Name *')).toHaveValue('');
  await expect(dialog.getByLabel('Message')).toHaveValue('');
});

test('a /contact form sent back by the server, then sent by the island, is emptied on success rather than refilled with the refused text', async ({ page }) => {
  // The first press lands before the island hydrates: the browser posts, and the server sends the form back.
  const release = await holdEnquiryFormIsland(page);
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('region', { name: 'Send us a message' });
  // The browser accepts an address without a top-level domain; the shared schema does not.
  await fillEnquiry(form, { ...validEnquiry, 'Email *': 'ada@analytical' });
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your message was not sent. Please check the highlighted fields.');

  release();
  const captured = await routeEnquiries(page);
  await useFormIsland(page, 'EnquiryForm');
  await form.getByLabel('Email *', { exact: true }).fill('ada@analytical.example');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  expect(captured.payloads).toHaveLength(1);
  for (const label of Object.keys(validEnquiry)) await expect(form.getByLabel(label, { exact: true })).toHaveValue('');
});

test('Send pressed twice while the form\'s code is still loading sends the enquiry once', async ({ page }) => {
  const captured = await routeEnquiries(page);
  await page.goto('/contact');
  const release = await holdRoute(page, '**/_astro/submit-enquiry*.js');
  await useFormIsland(page, 'EnquiryForm');
  const form = page.getByRole('region', { name: 'Send us a message' });
  await fillEnquiry(form);
  await form.getByRole('button', { name: 'Send Message' }).click();
  // Sending from the press on, while the form's code is still on its way; a second press (Enter on
  // the button, which its aria-disabled does not stop) sends nothing more.
  const sending = form.getByRole('button', { name: 'Sending...' });
  await expect(sending).toBeDisabled();
  await sending.press('Enter');
  release();
  await expect(toastText(page, 'Message sent successfully!')).toBeVisible();
  await expect(form.getByLabel('First Name *', { exact: true })).toHaveValue('');
  expect(captured.payloads).toHaveLength(1);
});
