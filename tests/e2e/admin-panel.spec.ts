import crypto from 'node:crypto';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { Article } from '../../src/schemas/article.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../src/server/auth/password-policy.ts';
import { E2E_ADMIN, E2E_LOGOUT_ADMIN, E2E_PASSWORD_ADMIN } from './support/admin-credentials.ts';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { seriousAxeViolations } from './support/axe.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { holdRoute } from './support/hold-route.ts';
import { expectPasteRefused } from './support/paste-refused.ts';
import { toastText } from './support/toasts.ts';
import { pngChunk, uniformPng } from '../support/png.ts';

// The admin panel end to end, through the production build `npm start` serves. One file, run in
// order: every admin test shares the one e2e admin, and the last tests change its password and
// log out, which ends every earlier session of that admin (by design), so nothing else of ours may
// run beside them.
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);

/**
 * A real PNG (solid colour), made here rather than kept as a binary fixture; `padding` random bytes
 * in a private ancillary chunk (which decoders skip) make it as large as a test needs.
 */
function png(width = 8, height = 8, padding = 0): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0x1c, 0x3c, 0x6b]))]);
  const extraChunks = padding > 0 ? [pngChunk('paDd', crypto.randomBytes(padding))] : [];
  return uniformPng({ width, height, bitDepth: 8, colourType: 2, row, extraChunks });
}

// The cookie banner would sit over the panel's buttons; consent is not what these tests are about.
test.beforeEach(({ page }) => skipCookieBanner(page));

/** The path an uploaded image is stored under, as the field and the article keep it. */
const UPLOADED_PATH = /^\/objects\/uploads\/[0-9a-f]{32}$/;
const isUploadTarget = (u: URL) => u.pathname.startsWith('/api/objects/uploads/');

/**
 * Picks an image in the open form with its upload held on its way: the form shows it uploading
 * until `release()`, which lets it go and resolves to its answer; `end()` stops holding uploads.
 */
async function startHeldUpload(page: Page, image = png(16, 9)) {
  const hold = await holdRoute(page, isUploadTarget);
  await page.getByLabel('Image file', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: image });
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  const release = () => {
    const answered = page.waitForResponse((response) => isUploadTarget(new URL(response.url())));
    hold();
    return answered;
  };
  return { release, end: () => page.unroute(isUploadTarget) };
}

/**
 * Loses the answer to the next POST to `path`: it reaches the server, which stores the item and
 * answers, and the page sees a dropped connection instead. What the server answered is pushed to
 * the array returned.
 */
async function loseNextCreateAnswer<T>(page: Page, path: string) {
  const reachedServer: { status: number; body: T }[] = [];
  await page.route(
    `**${path}`,
    async (route) => {
      const response = await route.fetch();
      reachedServer.push({ status: response.status(), body: await response.json() });
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  return reachedServer;
}

/** The notice in the open form's save bar that a refused save changed the form, by its title. */
function formNotice(page: Page, title: string) {
  return page.getByRole('tabpanel').locator('form').getByRole('alert').filter({ hasText: title });
}

async function articleByTitle(page: Page, title: string): Promise<Article> {
  const list = (await (await page.request.get('/api/articles')).json()) as Article[];
  expect(list.map((a) => a.title)).toContain(title);
  return list.find((a) => a.title === title)!;
}

test('signed out: the Admin Access card, its disabled button, and the disabled Reset Password card', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  const username = page.getByLabel('Username', { exact: true });
  await expect(username).toHaveAttribute('type', 'email');
  const submit = page.getByRole('button', { name: 'Access Admin Panel' });
  await expect(submit).toBeDisabled();
  await username.fill(E2E_ADMIN.username);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('x');
  await expect(submit).toBeEnabled();

  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('The email service is not configured, so password reset is currently disabled.')).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Send Reset Email (Disabled)' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});

test('a password or username pasted past its limit is kept whole and refused beside the field, not cut to a different one', async ({ page }) => {
  await page.goto('/admin');
  const username = page.getByLabel('Username', { exact: true });
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Access Admin Panel' });
  let logins = 0;
  page.on('request', (request) => void (new URL(request.url()).pathname === '/api/auth/login' && (logins += 1)));
  // A maxlength of the limit cut such a paste to its first 1,024 characters: a different password
  // from the one pasted would have been sent, and then saved by Change Password.
  const tooLongPassword = `${'correct horse battery staple '.repeat(35)}${'x'.repeat(10)}`; // 1,025 characters, one over the 1,024 allowed
  expect(tooLongPassword.length).toBe(1025);
  await username.fill(E2E_ADMIN.username);
  await expectPasteRefused(password, tooLongPassword, 'Must be 1024 characters or fewer');
  await expect(submit).toBeDisabled();
  await password.press('Enter'); // nor does Enter send it
  expect(logins).toBe(0);
  // One character fewer is within the limit: the message goes.
  await password.press('Backspace');
  await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Must be 1024 characters or fewer', { exact: true })).toHaveCount(0);
  await expect(submit).toBeEnabled();

  const longAddress = `${'a'.repeat(250)}@example.com`; // 262 characters, over the 254 an address may have
  await username.fill('');
  await expectPasteRefused(username, longAddress, 'Must be 254 characters or fewer');
  await expect(submit).toBeDisabled();
  expect(logins).toBe(0);
});

test('change password: a password pasted past its limit is kept whole and refused beside its field, not cut and saved', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  const submit = dialog.getByRole('button', { name: 'Change Password' });
  const current = dialog.getByLabel('Current Password', { exact: true });
  const fresh = dialog.getByLabel('New Password', { exact: true });
  const tooLongPassword = `${'a long passphrase '.repeat(57)}xyz`; // 1,029 characters, over the 1,024 allowed
  expect(tooLongPassword.length).toBe(1029);
  await current.fill(E2E_ADMIN.password);
  await expectPasteRefused(fresh, tooLongPassword, 'Common and breached passwords are refused. Must be 1024 characters or fewer');
  await expect(submit).toBeDisabled();
  await current.fill('');
  await expectPasteRefused(current, tooLongPassword, 'Must be 1024 characters or fewer');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('login: a wrong password is refused, the right one admits, and a reload keeps the session', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Username', { exact: true }).fill(E2E_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByLabel('Password', { exact: true }).press('Enter'); // Enter submits
  await expect(toastText(page, 'Access denied')).toBeVisible();
  await expect(toastText(page, 'Invalid credentials')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(toastText(page, 'Access granted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Content Management System' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${E2E_ADMIN.username}`)).toBeVisible();

  // The cookie is HttpOnly and SameSite=Strict.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Content Management System' })).toBeVisible();

  // Eight tabs, Articles first and selected; the four placeholders say Coming Soon. Enquiries may
  // carry its badge (other specs send enquiries), covered in admin-leads.spec.ts.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Articles', 'Services', /^Enquiries/, 'Subscribers', 'Packages', 'Team', 'Stats', 'Site Content']);
  await expect(page.getByRole('tab', { name: 'Articles' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Blog Articles' })).toBeVisible();
  for (const name of ['Packages', 'Team', 'Stats', 'Site Content']) {
    const loaded = name === 'Packages' ? page.waitForResponse('**/api/packages') : null;
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Coming Soon' })).toBeVisible();
    if (loaded) expect((await loaded).status()).toBe(200); // its data loads on first open
  }
});

test('articles: create a draft with the editor, edit it without losing its formatting, publish, delete', async ({ page, playwright }) => {
  await signInToAdminPanel(page);
  const title = `Pricing for growth ${RUN}`;

  await page.getByRole('button', { name: 'New Article' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('toolbar', { name: 'Formatting' }) });
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();
  await expect(form.getByLabel('Author', { exact: true })).toHaveValue('Admin');
  await expect(form.getByLabel('Category', { exact: true })).toHaveValue('Thought Leadership');
  await expect(form.getByRole('switch', { name: 'Published' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Featured' })).not.toBeChecked();

  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('How to price when you scale.');

  // The editor: a heading, a paragraph with bold text and a link.
  const editor = form.getByRole('textbox', { name: 'Content' });
  const box = await editor.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(200);
  await editor.click();
  await form.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Why pricing matters');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Price with ');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('confidence');
  await form.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' and read ');
  await page.keyboard.type('our guide');
  for (let i = 0; i < 'our guide'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await form.getByRole('button', { name: 'Link' }).click();
  await form.getByLabel('Link URL', { exact: true }).fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Apply link' }).click();
  await expect(form.getByText('Links must start with http://, https://, mailto: or tel:')).toBeVisible();
  await form.getByLabel('Link URL', { exact: true }).fill('https://example.com/guide');
  await form.getByRole('button', { name: 'Apply link' }).click();
  await expect(editor.locator('a[href="https://example.com/guide"]')).toHaveText('our guide');
  await expect(editor.locator('strong')).toHaveText('confidence');

  await form.getByLabel('Category', { exact: true }).selectOption('Industry Trends & Insights');
  await form.getByLabel('Read Time', { exact: true }).fill('6 min read');
  const imageAlt = form.getByLabel('Image Description', { exact: true });
  await expect(imageAlt).toHaveAccessibleDescription(/Read out to readers who cannot see the image/);
  await imageAlt.fill('A price tag on a rising chart');
  await expect(form.getByLabel('Meta Title', { exact: true })).toHaveAttribute('placeholder', /60 characters/);
  await expect(form.getByLabel('Meta Description', { exact: true })).toHaveAttribute('placeholder', /160 characters/);
  await form.getByLabel('Tags', { exact: true }).fill('pricing, , growth ,');
  await form.getByLabel('Slug', { exact: true }).fill(`pricing-for-growth-${RUN}`);
  await form.getByText('Featured').click();
  await form.getByText('Published').click();
  // The admin's computer is a year behind: the publication time is the server's all the same.
  await page.clock.setFixedTime(new Date(Date.now() - 365 * 24 * 60 * 60 * 1000));
  await form.getByRole('button', { name: 'Create Article' }).click();

  await expect(toastText(page, 'Article created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeHidden();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item.getByText('Featured', { exact: true })).toBeVisible();
  await expect(item.getByText('Draft', { exact: true })).toBeVisible();
  await expect(item.getByText('By Admin · Industry Trends & Insights · 6 min read')).toBeVisible();
  await expect(item.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['pricing', 'growth']);

  // Stored sanitised, with the formatting and the link; a draft is hidden from visitors.
  const saved = await articleByTitle(page, title);
  expect(saved).toMatchObject({
    isPublished: false,
    isFeatured: true,
    tags: ['pricing', 'growth'],
    slug: `pricing-for-growth-${RUN}`,
    imageAlt: 'A price tag on a rising chart',
  });
  expect(saved.content).toContain('<h2>Why pricing matters</h2>');
  expect(saved.content).toContain(
    '<p>Price with <b><strong>confidence</strong></b> and read <a href="https://example.com/guide" rel="noopener noreferrer" target="_blank">our guide</a></p>',
  );
  expect(saved.content).not.toContain('class=');
  expect(Date.now() - new Date(saved.publishedAt).getTime()).toBeLessThan(120_000);
  const visitor = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await visitor.get(`/api/articles/${saved.id}`)).status()).toBe(404);

  // Edit: the stored HTML comes back into the editor as the same formatting.
  await item.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeVisible();
  await expect(editor.locator('h2')).toHaveText('Why pricing matters');
  await expect(editor.locator('strong')).toHaveText('confidence');
  await expect(editor.locator('a[href="https://example.com/guide"]')).toHaveText('our guide');
  await expect(form.getByLabel('Tags', { exact: true })).toHaveValue('pricing, growth');
  await expect(form.getByLabel('Image Description', { exact: true })).toHaveValue('A price tag on a rising chart');
  await form.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
  await editor.locator('h2').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' today');
  await form.getByText('Published').click();
  await form.getByRole('button', { name: 'Update Article' }).click();
  await expect(toastText(page, 'Article updated')).toBeVisible();

  const edited = await articleByTitle(page, `${title} (edited)`);
  expect(edited.id).toBe(saved.id);
  expect(edited.isPublished).toBe(true);
  expect(edited.content).toContain('<h2>Why pricing matters today</h2>');
  expect(edited.content).toContain('<b><strong>confidence</strong></b>');
  expect(edited.content).toContain('href="https://example.com/guide"');
  expect(new Date(edited.publishedAt).getTime()).toBeGreaterThan(new Date(saved.publishedAt).getTime());
  expect((await visitor.get(`/api/articles/${saved.id}`)).status()).toBe(200);

  // Delete, after the confirmation.
  const editedItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} (edited)` }) });
  await editedItem.getByRole('button', { name: `Delete ${title} (edited)` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText('Are you sure you want to delete this article?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Article deleted')).toBeVisible();
  await expect(editedItem).toHaveCount(0);
  expect((await visitor.get(`/api/articles/${saved.id}`)).status()).toBe(404);
  await visitor.dispose();
});

test('links in the editor: a bare cursor inserts the address as its own link, a link is edited in place and removed', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const form = page.getByRole('tabpanel').locator('form');
  const editor = form.getByRole('textbox', { name: 'Content' });
  await editor.click();
  await page.keyboard.type('Alpha beta gamma ');

  // Nothing selected: the address goes in as linked text; the paragraph's words stay plain.
  await form.getByRole('button', { name: 'Link' }).click();
  await form.getByLabel('Link URL', { exact: true }).fill('https://example.com/one');
  await form.getByRole('button', { name: 'Apply link' }).click();
  await expect(editor.locator('a')).toHaveCount(1);
  await expect(editor.locator('a[href="https://example.com/one"]')).toHaveText('https://example.com/one');
  await expect(editor.locator('p')).toHaveText('Alpha beta gamma https://example.com/one');

  // The cursor in the link: the field shows its address, and a new one replaces it.
  await editor.locator('a').click();
  await expect(form.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');
  await form.getByRole('button', { name: 'Link' }).click();
  const url = form.getByLabel('Link URL', { exact: true });
  await expect(url).toHaveValue('https://example.com/one');
  await url.fill('https://example.com/two');
  await url.press('Enter');
  await expect(editor.locator('a')).toHaveCount(1);
  await expect(editor.locator('a')).toHaveAttribute('href', 'https://example.com/two');
  // Enter in the link field applied the link; it did not save the form.
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();

  // And removed, keeping its text.
  await editor.locator('a').click();
  await form.getByRole('button', { name: 'Link' }).click();
  await form.getByRole('button', { name: 'Remove link' }).click();
  await expect(editor.locator('a')).toHaveCount(0);
  await expect(editor.locator('p')).toHaveText('Alpha beta gamma https://example.com/one');
  // A long article: scrolled to its end, the toolbar is still on screen under the site's header,
  // and the Save bar at the bottom.
  await page.keyboard.press('End');
  for (let i = 0; i < 60; i += 1) await page.keyboard.press('Enter');
  await page.keyboard.type('The end of a long article');
  await editor.getByText('The end of a long article').scrollIntoViewIfNeeded();
  const toolbar = form.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar).toBeInViewport({ ratio: 1 });
  const uncovered = await toolbar.evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return bar.contains(document.elementFromPoint(box.left + 4, box.top + box.height / 2));
  });
  expect(uncovered).toBe(true);
  await expect(page.getByRole('button', { name: 'Create Article' })).toBeInViewport();
});

test('image upload: type and size checks, upload with preview, served image, clear', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const file = page.getByLabel('Image file', { exact: true });

  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(toastText(page, 'Invalid file type')).toBeVisible();

  // An SVG passes the browser's image/* check but not the server's content check.
  await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  // The first call of each function compiles it in the local runtime: allow for a slow machine.
  await expect(toastText(page, 'Upload failed')).toBeVisible({ timeout: 30_000 });
  // It says why: the server's own refusal, not 'please try again', which could not help.
  await expect(toastText(page, 'Unsupported file type: upload a PNG, JPEG, GIF, WebP or AVIF image')).toBeVisible();

  const cover = png(16, 9);
  // The PUT is held until the busy state has been seen: a small file can finish before any check.
  const upload = await startHeldUpload(page, cover);
  await upload.release();
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  await upload.end();
  const url = page.getByLabel('Or enter an image URL', { exact: true });
  await expect(url).toHaveValue(UPLOADED_PATH);
  await expect(page.getByText('Image uploaded and ready to be saved with the article.')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Image preview' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

  const served = await page.request.get((await url.inputValue()) as string);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(Buffer.compare(await served.body(), cover)).toBe(0);

  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(url).toHaveValue('');
  await expect(preview).toHaveCount(0);
  // The button went with the image: the focus goes to the field where another one is given.
  await expect(url).toBeFocused();

  // A typed URL works as well, on a host the image CDN may fetch from; the hint names them.
  await expect(page.getByText('An image on images.unsplash.com or images.pexels.com, or a path on this site')).toBeVisible();
  await url.fill('https://images.unsplash.com/photo-1?w=1200');
  await expect(page.getByText('Image ready to be saved with the article.')).toBeVisible();
  // Any other host is refused on save, beside the field, which takes the focus.
  await page.getByLabel('Title', { exact: true }).fill(`Image host ${RUN}`);
  await page.getByLabel('Description', { exact: true }).fill('An image from an unlisted host.');
  await page.getByLabel('Read Time', { exact: true }).fill('1 min read');
  await url.fill('https://images.example.com/cover.jpg');
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByText('Image URL must be a path on this site or an https address on images.unsplash.com or images.pexels.com')).toBeVisible();
  await expect(page.getByText('Image ready to be saved with the article.')).toHaveCount(0);
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(url).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeHidden();
});

test('a save pressed while the image is still uploading waits for it: the article is not saved without its image', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const title = `Saved while uploading ${RUN}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Its image was still on its way.');
  await page.getByLabel('Read Time', { exact: true }).fill('2 min read');
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/articles') saves.push(r.url());
  });

  const upload = await startHeldUpload(page);
  const create = page.getByRole('button', { name: 'Create Article' });
  // Pressed as an admin would, whatever it looks like (Playwright waits for an enabled button).
  await create.click({ force: true });
  await expect(create).toHaveAttribute('aria-disabled', 'true');
  await upload.release();
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  await upload.end();
  expect(saves).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();

  await expect(create).not.toHaveAttribute('aria-disabled');
  await create.click();
  await expect(toastText(page, 'Article created')).toBeVisible();
  expect((await articleByTitle(page, title)).imageUrl).toMatch(UPLOADED_PATH);
});

test('Upload Image pressed from the keyboard keeps the focus while its image uploads', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const hold = await holdRoute(page, isUploadTarget);
  const button = page.getByRole('button', { name: 'Upload Image' });
  await button.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(16, 9) });
  const uploading = page.getByRole('button', { name: 'Uploading...' });
  await expect(uploading).toHaveAttribute('aria-disabled', 'true');
  await expect(uploading).toBeFocused();
  hold();
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  await page.unroute(isUploadTarget);
  await expect(page.getByRole('button', { name: 'Upload Image' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
});

test('Cancel while the image is still uploading asks first, as for any unsaved change', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const upload = await startHeldUpload(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();
  await upload.release();
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  await upload.end();
  await expect(page.getByLabel('Or enter an image URL', { exact: true })).toHaveValue(UPLOADED_PATH);
});

test('an upload still running when its form is discarded ends without a word: no toast for an image nothing will save', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const upload = await startHeldUpload(page);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toHaveCount(0);
  // Every toast raised from here on, read from the page's toast store (one shows at a time, a new
  // one replacing the last, so the screen alone cannot tell one from two).
  await page.evaluate(() => {
    type Toasts = { listen(listener: (list: { id: number; title: string }[]) => void): void };
    const page = window as unknown as { __pageStores: Map<string, Toasts>; toastsRaised: string[] };
    const seen = new Set<number>();
    page.toastsRaised = [];
    page.__pageStores.get('toasts')!.listen((list) => {
      for (const { id, title } of list) if (!seen.has(id) && seen.add(id)) page.toastsRaised.push(title);
    });
  });
  expect((await upload.release()).status()).toBe(201);
  await upload.end();
  // An upload made after it, in a new form: a toast from the discarded one would come first, while
  // this one is still on its way.
  await page.getByRole('button', { name: 'New Article' }).click();
  await page.getByLabel('Image file', { exact: true }).setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: png(16, 9) });
  // Its toast is raised with the path it puts in the field.
  await expect(page.getByLabel('Or enter an image URL', { exact: true })).toHaveValue(UPLOADED_PATH, { timeout: 30_000 });
  expect(await page.evaluate(() => (window as unknown as { toastsRaised: string[] }).toastsRaised)).toEqual(['Image uploaded']);
});

test('image delete: an unused upload is deleted from the field; one an article uses is kept, naming the article', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const file = page.getByLabel('Image file', { exact: true });
  const url = page.getByLabel('Or enter an image URL', { exact: true });
  const confirm = page.getByRole('alertdialog', { name: 'Delete image file?' });

  await file.setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: png(12, 12) });
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  const unused = await url.inputValue();
  await page.getByRole('button', { name: 'Delete image file' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Image deleted')).toBeVisible();
  await expect(url).toHaveValue('');
  await expect(url).toBeFocused();
  expect((await page.request.get(unused)).status()).toBe(404);

  await file.setInputFiles({ name: 'used.png', mimeType: 'image/png', buffer: png(12, 12) });
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  const used = await url.inputValue();
  const title = `Uses ${crypto.randomUUID()}`;
  const article = await page.request.post('/api/articles', { data: { title, description: 'D', readTime: '2 min read', imageUrl: used, isPublished: false } });
  expect(article.status()).toBe(201);
  await page.getByRole('button', { name: 'Delete image file' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Delete failed')).toBeVisible();
  await expect(toastText(page, `This image is used by the article "${title}": remove it there first`)).toBeVisible();
  await expect(url).toHaveValue(used);
  expect((await page.request.get(used)).status()).toBe(200);
  expect((await page.request.delete(`/api/articles/${(await article.json()).id}`)).status()).toBe(200);
});

test('image upload: a file above 4 MiB goes as Content-Range parts; a refused part stops it', async ({ page }) => {
  // Two uploads of 9 MB each through the browser: more than the default time on a busy machine.
  test.setTimeout(120_000);
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const file = page.getByLabel('Image file', { exact: true });
  const url = page.getByLabel('Or enter an image URL', { exact: true });
  const large = png(16, 9, 9 * 1024 * 1024 - 200);
  const total = large.length;
  const ranges = [`bytes 0-4194303/${total}`, `bytes 4194304-8388607/${total}`, `bytes 8388608-${total - 1}/${total}`];
  const isUploadPut = (r: { method(): string; url(): string }) => r.method() === 'PUT' && isUploadTarget(new URL(r.url()));
  let sent: string[] = [];
  page.on('request', (r) => {
    if (isUploadPut(r)) sent.push(r.headers()['content-range'] ?? 'no Content-Range');
  });

  // The server refusing the second part ends the upload there, with the 'Upload failed' toast.
  const refuseSecond = (route: Route) =>
    isUploadPut(route.request()) && route.request().headers()['content-range'] === ranges[1]
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' })
      : route.continue();
  await page.route(isUploadTarget, refuseSecond);
  await file.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
  await expect(toastText(page, 'Upload failed')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Upload Image' })).toBeEnabled();
  expect(sent).toEqual(ranges.slice(0, 2));
  await expect(url).toHaveValue('');
  await page.unroute(isUploadTarget, refuseSecond);

  sent = [];
  await file.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
  await expect(toastText(page, 'Image uploaded')).toBeVisible({ timeout: 30_000 });
  expect(sent).toEqual(ranges);
  await expect(url).toHaveValue(UPLOADED_PATH);
  await expect(page.getByText('Image uploaded and ready to be saved with the article.')).toBeVisible();
  const preview = page.getByRole('img', { name: 'Image preview' });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);
  const served = await page.request.get((await url.inputValue()) as string);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await served.body(), large)).toBe(0);
});

test('unsaved changes: Cancel, New, Logout and leaving the page ask first; a form opened and left alone does not', async ({ page }) => {
  const title = `Half-written ${RUN}`;
  await signInToAdminPanel(page);
  const existing = await page.request.post('/api/articles', {
    data: { title: `Formatted ${RUN}`, description: 'D', readTime: '2 min read', content: '<h2>A heading</h2><p>Some <strong>bold</strong> text.</p>', isPublished: false },
  });
  expect(existing.status()).toBe(201);
  const existingTitle = `Formatted ${RUN}`;
  await page.reload();
  const discard = page.getByRole('alertdialog', { name: 'Discard changes?' });

  // An article opened for editing and left alone (its rich text included) closes without a question.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: existingTitle }) });
  await item.getByRole('button', { name: `Edit ${existingTitle}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeHidden();
  await expect(discard).toHaveCount(0);
  // So does one whose text was typed and deleted again; a letter left in it is a change.
  await item.getByRole('button', { name: `Edit ${existingTitle}` }).click();
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.getByText('text.').click();
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await expect(content).toContainText('text.x');
  await page.keyboard.press('Backspace');
  await expect(content).not.toContainText('text.x');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeHidden();
  await expect(discard).toHaveCount(0);
  await item.getByRole('button', { name: `Edit ${existingTitle}` }).click();
  await content.getByText('text.').click();
  await page.keyboard.press('End');
  await page.keyboard.type('x');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeHidden();

  await page.getByRole('button', { name: 'New Article' }).click();
  const titleField = page.getByLabel('Title', { exact: true });
  await titleField.fill(title);
  // Cancel asks; keeping the changes keeps the form as it was, and the focus on Cancel.
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  await expect(discard.getByText('Your changes to this article have not been saved. They will be lost.')).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(discard).toBeHidden();
  await expect(titleField).toHaveValue(title);
  await expect(cancel).toBeFocused();
  // So does opening another article over it.
  await item.getByRole('button', { name: `Edit ${existingTitle}` }).click();
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();

  // Leaving the page asks the browser's own question; dismissed, the page and the form stay.
  page.once('dialog', (dialog) => {
    expect(dialog.type()).toBe('beforeunload');
    void dialog.dismiss();
  });
  await page.evaluate(() => window.location.assign('/'));
  await expect(titleField).toHaveValue(title);
  expect(new URL(page.url()).pathname).toBe('/admin');

  // Logout asks too; agreeing signs out.
  await page.getByRole('button', { name: 'Logout' }).click();
  const logout = page.getByRole('alertdialog', { name: 'Logout and discard changes?' });
  await expect(logout).toBeVisible();
  await logout.getByRole('button', { name: 'Cancel' }).click();
  await expect(titleField).toHaveValue(title);

  // Discarding closes the form; with nothing unsaved, leaving asks nothing.
  await cancel.click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeHidden();
  await page.goto('/about');
  expect(new URL(page.url()).pathname).toBe('/about');
  await page.request.delete(`/api/articles/${(await existing.json()).id}`);
});

test('an ended session mid-edit: the panel asks for the password over the form, keeps what was typed, and the save then works', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const title = `Written across a sign-in ${RUN}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Typed before the session ended.');
  await page.getByLabel('Read Time', { exact: true }).fill('3 min read');

  // The session ends under the panel (its cookie is gone, as when it expires).
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Create Article' }).click();
  const again = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(again.getByText('Your session has ended. Sign in again to carry on: everything you have typed is still here.')).toBeVisible();
  await expect(toastText(page, 'Error saving article')).toHaveCount(0);
  // The username is filled in: the focus waits in the Password field, so a password typed at once
  // lands there, hidden, and not in plain sight at the end of the username.
  await expect(again.getByLabel('Password', { exact: true })).toBeFocused();
  // Escape does not close it: only signing in or Logout does.
  await page.keyboard.press('Escape');
  await expect(again).toBeVisible();
  await expect(again.getByLabel('Username', { exact: true })).toHaveValue(E2E_ADMIN.username);
  await again.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(toastText(page, 'Signed in again')).toBeVisible();
  await expect(toastText(page, 'The article was not saved: save it again to keep your changes.')).toBeVisible();
  await expect(again).toBeHidden();
  // The focus is back on the button that met the ended session, not dropped to the page.
  await expect(page.getByRole('button', { name: 'Create Article' })).toBeFocused();

  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(page, 'Article created')).toBeVisible();
  const saved = await articleByTitle(page, title);
  expect(saved.description).toBe('Typed before the session ended.');
  expect((await page.request.delete(`/api/articles/${saved.id}`)).status()).toBe(200);

  // Change Password meeting an ended session gives way to the same sign-in, with no failure toast.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const change = page.getByRole('dialog', { name: 'Change Password' });
  await change.getByLabel('Current Password', { exact: true }).fill(E2E_ADMIN.password);
  await change.getByLabel('New Password', { exact: true }).fill('a different long passphrase');
  await change.getByRole('button', { name: 'Change Password' }).click();
  await expect(change).toBeHidden();
  await expect(again).toBeVisible();
  await expect(toastText(page, 'Change failed')).toHaveCount(0);
  await again.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(again).toBeHidden();
  // Said for what it was: the password, not a save, is what to do again.
  await expect(toastText(page, 'Your password was not changed: change it again.')).toBeVisible();
});

test('a session ended while its image uploads (a logout in another tab) asks for the password, and the image goes up once signed in again, not dropped', async ({ page }) => {
  await signInToAdminPanel(page, E2E_LOGOUT_ADMIN);
  await page.getByRole('button', { name: 'New Article' }).click();
  const title = `Upload across a logout ${RUN}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  // 'Uploading...' shows from the moment the upload URL is asked for, before the server has issued
  // it: a logout that reached the server first would refuse the URL itself, and no PUT would come.
  // The logout waits for the PUT, whose URL the session has issued, to be on its way.
  const put = page.waitForRequest((r) => r.method() === 'PUT' && isUploadTarget(new URL(r.url())));
  const upload = await startHeldUpload(page);
  await put;
  // Another tab of the same browser signs out: the session, and the upload URL issued in it, end.
  expect((await page.request.post('/api/auth/logout', { headers: { Origin: new URL(page.url()).origin } })).status()).toBe(200);
  expect((await upload.release()).status()).toBe(401);
  await upload.end();

  const again = page.getByRole('dialog', { name: 'Sign in again' });
  await expect(again).toBeVisible();
  await expect(toastText(page, 'Upload failed')).toHaveCount(0);
  // Signed in again, the same image goes up by itself: the field is uploading, and the toast says
  // the panel carries on, not to save again (nothing was being saved).
  const resumed = await holdRoute(page, isUploadTarget);
  await again.getByLabel('Password', { exact: true }).fill(E2E_LOGOUT_ADMIN.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(again).toBeHidden();
  await expect(toastText(page, 'Signed in again')).toBeVisible();
  await expect(toastText(page, 'Everything you were doing carries on.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeVisible();
  const answered = page.waitForResponse((response) => isUploadTarget(new URL(response.url())));
  resumed();
  expect((await answered).ok()).toBe(true);
  await page.unroute(isUploadTarget);
  await expect(toastText(page, 'Image uploaded')).toBeVisible();
  const imageUrl = page.getByLabel('Or enter an image URL', { exact: true });
  await expect(imageUrl).toHaveValue(UPLOADED_PATH);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(imageUrl).toHaveValue('');

  // A logout before the upload URL is issued: the request for the URL meets the ended session, and
  // the panel asks the same question, with no failure toast either.
  const isUploadUrlRequest = (u: URL) => u.pathname === '/api/objects/upload';
  const releaseUrlRequest = await holdRoute(page, isUploadUrlRequest);
  const urlRequest = page.waitForRequest((r) => isUploadUrlRequest(new URL(r.url())));
  await page.getByLabel('Image file', { exact: true }).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(16, 9) });
  await urlRequest;
  expect((await page.request.post('/api/auth/logout', { headers: { Origin: new URL(page.url()).origin } })).status()).toBe(200);
  const refused = page.waitForResponse((r) => isUploadUrlRequest(new URL(r.url())));
  releaseUrlRequest();
  expect((await refused).status()).toBe(401);
  await page.unroute(isUploadUrlRequest);
  await expect(again).toBeVisible();
  await expect(toastText(page, 'Upload failed')).toHaveCount(0);
  await again.getByLabel('Password', { exact: true }).fill(E2E_LOGOUT_ADMIN.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expect(again).toBeHidden();
  // Signed in again, the same image goes up without being chosen again.
  await expect(toastText(page, 'Image uploaded')).toBeVisible();
  await expect(imageUrl).toHaveValue(UPLOADED_PATH);
});

test("the 'Sign in again' dialog's Logout asks before it drops what was typed", async ({ page }) => {
  await signInToAdminPanel(page, E2E_LOGOUT_ADMIN);
  await page.getByRole('button', { name: 'New Article' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`Kept over a logout question ${RUN}`);
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Create Article' }).click();
  const again = page.getByRole('dialog', { name: 'Sign in again' });
  await again.getByRole('button', { name: 'Logout' }).click();
  const question = page.getByRole('alertdialog', { name: 'Logout and discard changes?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(again).toBeVisible();
  await again.getByRole('button', { name: 'Logout' }).click();
  await question.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});

test('a logout the server never answers leaves the panel signed in, says so, and the next one works', async ({ page }) => {
  await signInToAdminPanel(page, E2E_LOGOUT_ADMIN);
  await page.route('**/api/auth/logout', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(toastText(page, 'Logout failed')).toBeVisible();
  await expect(toastText(page, 'The server did not confirm the logout, so the session may still be open. Please try again.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Blog Articles' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);

  await page.unroute('**/api/auth/logout');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('Enter in a one-line field does not save the form; the button does', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  // Within the form: a listed article's tags are a list labelled 'Tags' too.
  const form = page.getByRole('tabpanel').locator('form');
  const title = `Not saved by Enter ${RUN}`;
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Half written.');
  await form.getByLabel('Read Time', { exact: true }).fill('2 min read');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/articles') posts += 1;
  });
  for (const label of ['Title', 'Read Time', 'Tags', 'Slug']) {
    await form.getByLabel(label, { exact: true }).press('Enter');
  }
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();
  expect(posts).toBe(0);
  await form.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(page, 'Article created')).toBeVisible();
  expect(posts).toBe(1);
  expect((await page.request.delete(`/api/articles/${(await articleByTitle(page, title)).id}`)).status()).toBe(200);
});

test('the focus is never dropped: forms take it and give it back, a delete and a page turn leave it on the tab heading', async ({ page }) => {
  // Signed out: Forgot Password? and its Cancel.
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Forgot Password?' })).toBeFocused();

  await signInToAdminPanel(page);
  // Fourteen drafts a second apart, the last the newest: a page and more, even after one is deleted.
  const titles = Array.from({ length: 14 }, (_, i) => `Focus ${String(i).padStart(2, '0')} ${RUN}`);
  const ids = await Promise.all(
    titles.map(async (title, i) => {
      // 300 days ahead (a year is the most allowed), so nothing another worker publishes meanwhile
      // pushes them off page 1.
      const publishedAt = new Date(Date.now() + 300 * 24 * 60 * 60 * 1000 + i * 1000).toISOString();
      const r = await page.request.post('/api/articles', { data: { title, description: 'D', readTime: '1 min read', isPublished: false, publishedAt } });
      expect(r.status()).toBe(201);
      return (await r.json()).id as number;
    }),
  );
  try {
    await page.reload();
    const heading = page.getByRole('heading', { name: 'Blog Articles' });
    await page.getByRole('button', { name: 'New Article' }).click();
    await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'New Article' })).toBeFocused();

    const newest = titles[13]!;
    const edit = page.getByRole('button', { name: `Edit ${newest}` });
    await edit.click();
    await expect(page.getByRole('heading', { name: 'Edit Article' })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeFocused();

    await page.getByRole('button', { name: `Delete ${newest}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete article' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toastText(page, 'Article deleted')).toBeVisible();
    await expect(heading).toBeFocused();
    ids.pop();

    const pager = page.getByRole('navigation', { name: 'Articles pages' });
    const next = pager.getByRole('button', { name: 'Next' });
    await next.click();
    await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(heading).toBeFocused();
  } finally {
    await Promise.all(ids.map((id) => page.request.delete(`/api/articles/${id}`)));
  }
});

test('a list that fails to load says so and offers a retry, which loads it', async ({ page }) => {
  let refuse = true;
  await page.route(
    (url) => url.pathname === '/api/articles',
    (route) => (refuse ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal server error"}' }) : route.fallback()),
  );
  await signInToAdminPanel(page);
  const listed = await page.request.post('/api/articles', { data: { title: `Listed after a retry ${RUN}`, description: 'D', readTime: '1 min read', isPublished: false } });
  expect(listed.status()).toBe(201);
  await expect(page.getByRole('alert').filter({ hasText: 'The articles could not be loaded.' })).toBeVisible();
  await expect(page.getByText('Loading articles...')).toHaveCount(0);
  refuse = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('heading', { name: `Listed after a retry ${RUN}` })).toBeVisible();
  await expect(page.getByText('The articles could not be loaded.')).toHaveCount(0);
  expect((await page.request.delete(`/api/articles/${(await listed.json()).id}`)).status()).toBe(200);
});

test('a search that fails to load says the rows still shown are from before, until a retry loads it', async ({ page }) => {
  let refuse = false;
  await page.route(
    (url) => url.pathname === '/api/articles' && url.searchParams.has('search'),
    (route) => (refuse ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service temporarily unavailable"}' }) : route.fallback()),
  );
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const listed = await page.request.post('/api/articles', { headers: { origin }, data: { title: `Shown before the search ${RUN}`, description: 'D', readTime: '1 min read', isPublished: false } });
  expect(listed.status()).toBe(201);
  await page.reload();
  const panel = page.getByRole('tabpanel');
  const list = panel.getByRole('list', { name: 'Articles' });
  await expect(list.getByRole('heading', { name: `Shown before the search ${RUN}` })).toBeVisible();
  refuse = true;
  await panel.getByRole('searchbox', { name: 'Search articles' }).fill(`Nothing is called this ${RUN}`);
  const stale = panel.getByRole('alert').filter({ hasText: 'The articles for this search could not be loaded: the list below is from before.' });
  await expect(stale).toBeVisible();
  await expect(list.getByRole('heading', { name: `Shown before the search ${RUN}` })).toBeVisible();
  refuse = false;
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByRole('search', { name: 'Find articles' }).getByRole('status')).toHaveText('No articles match.');
  await expect(stale).toHaveCount(0);
  expect((await page.request.delete(`/api/articles/${(await listed.json()).id}`, { headers: { origin } })).status()).toBe(200);
});

test('after a save refused for its fields, the first field named takes the focus', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  await page.getByLabel('Description', { exact: true }).fill('No title yet.');
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
});

/** Signs in, creates an article through the API and opens it in the panel's edit form, as found by its title. */
async function editNewArticle(page: Page, data: { title: string } & Record<string, unknown>) {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/articles', { headers: { origin }, data });
  expect(created.status()).toBe(201);
  const article = (await created.json()) as Article;
  await page.reload();
  const panel = page.getByRole('tabpanel');
  const searched = page.waitForResponse((r) => r.url().includes(`search=${data.title}`));
  await panel.getByRole('searchbox', { name: 'Search articles' }).fill(data.title);
  await searched;
  await panel.getByRole('button', { name: `Edit ${data.title}` }).click();
  return { origin, article };
}

test('an edit saved by another admin after it was opened is not overwritten unseen: the save is refused, saying so, keeps what was typed, and a second press saves it over theirs', async ({ page }) => {
  const title = `EditedTwice${RUN}`;
  const { origin, article } = await editNewArticle(page, { title, description: 'As first written.', readTime: '3 min read' });

  // Another admin saves the article while this form is open.
  const theirs = await page.request.put(`/api/articles/${article.id}`, {
    headers: { origin },
    data: { title, description: 'Their change.', readTime: '3 min read', updatedAt: article.updatedAt },
  });
  expect(theirs.status()).toBe(200);

  await page.getByLabel('Description', { exact: true }).fill('My change.');
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(
    toastText(page, 'Someone else saved this article after you opened it. Their changes are now in the fields you had not changed, and what you typed is still in the form: press Update Article again to save it over their change, or Cancel to keep theirs.'),
  ).toBeVisible();
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('My change.');
  expect((await articleByTitle(page, title)).description).toBe('Their change.');
  // Said in the form too, beside its buttons: the toast goes after 5 s, the notice stays (in view)
  // while the form it explains does, until the next press.
  const notice = formNotice(page, 'Error saving article');
  await expect(notice).toContainText(
    'Someone else saved this article after you opened it. Their changes are now in the fields you had not changed, and what you typed is still in the form: press Update Article again to save it over their change, or Cancel to keep theirs.',
  );
  await expect(toastText(page, 'Error saving article')).toBeHidden({ timeout: 10_000 });
  await expect(notice).toBeInViewport();

  // Told, the admin keeps their own: the next press saves it (reopening would have dropped it).
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(toastText(page, 'Article updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit Article' })).toHaveCount(0);
  expect((await articleByTitle(page, title)).description).toBe('My change.');
  expect((await page.request.delete(`/api/articles/${article.id}`, { headers: { origin } })).status()).toBe(200);
});

test("a save over another admin's later one keeps their change to the fields this admin left alone: the body they rewrote is not put back", async ({ page }) => {
  const title = `MergedEdit${RUN}`;
  const { origin, article } = await editNewArticle(page, { title, description: 'As first written.', readTime: '3 min read', content: '<p>The first draft.</p>' });

  // Another admin rewrites the body and the read time while this form is open.
  const theirs = await page.request.put(`/api/articles/${article.id}`, {
    headers: { origin },
    data: { title, description: 'As first written.', readTime: '5 min read', content: '<p>Their rewrite.</p>', updatedAt: article.updatedAt },
  });
  expect(theirs.status()).toBe(200);

  // This admin changes the description only.
  await page.getByLabel('Description', { exact: true }).fill('My change.');
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(toastText(page, 'Error saving article')).toBeVisible();
  // Their body and read time are in the form now; the description is still this admin's.
  await expect(page.getByRole('textbox', { name: 'Content' })).toHaveText('Their rewrite.');
  await expect(page.getByLabel('Read Time', { exact: true })).toHaveValue('5 min read');
  await expect(page.getByLabel('Description', { exact: true })).toHaveValue('My change.');

  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(toastText(page, 'Article updated')).toBeVisible();
  const stored = await articleByTitle(page, title);
  expect({ description: stored.description, readTime: stored.readTime, content: stored.content }).toEqual({
    description: 'My change.',
    readTime: '5 min read',
    content: '<p>Their rewrite.</p>',
  });
  expect((await page.request.delete(`/api/articles/${article.id}`, { headers: { origin } })).status()).toBe(200);
});

test('a Create whose answer was lost after the article was stored, pressed again, creates one article and shows it created', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const title = `LostAnswer${RUN}`;
  const isCreate = (r: { url: () => string; method: () => string }) => new URL(r.url()).pathname === '/api/articles' && r.method() === 'POST';
  const sentKeys: unknown[] = [];
  page.on('request', (r) => {
    if (isCreate(r)) sentKeys.push(r.postDataJSON().submissionId);
  });

  // The first press reaches the server and is answered; the page never gets that answer.
  const reachedServer = await loseNextCreateAnswer<Article>(page, '/api/articles');
  await page.getByRole('button', { name: 'New Article' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Description', { exact: true }).fill('Sent once, answered never.');
  await page.getByLabel('Read Time', { exact: true }).fill('4 min read');
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(page, 'Error saving article')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeVisible();
  expect(reachedServer).toEqual([{ status: 201, body: expect.objectContaining({ title, isPublished: true, slug: null }) }]);
  const stored = reachedServer[0]!.body;

  // Pressed again: the same key, answered with the article the first press stored.
  const [retry] = await Promise.all([page.waitForResponse((r) => isCreate(r.request())), page.getByRole('button', { name: 'Create Article' }).click()]);
  expect(retry.status()).toBe(200);
  expect(await retry.json()).toEqual(stored);
  await expect(toastText(page, 'Article created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeHidden();
  const list = (await (await page.request.get('/api/articles')).json()) as Article[];
  expect(list.filter((a) => a.title === title).map((a) => a.id)).toEqual([stored.id]);

  // A new form is a new article: a key of its own.
  await page.getByRole('button', { name: 'New Article' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`${title} second`);
  await page.getByLabel('Description', { exact: true }).fill('Another one.');
  await page.getByLabel('Read Time', { exact: true }).fill('1 min read');
  const [second] = await Promise.all([page.waitForResponse((r) => isCreate(r.request())), page.getByRole('button', { name: 'Create Article' }).click()]);
  expect(second.status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Create New Article' })).toBeHidden();
  expect(sentKeys).toHaveLength(3);
  expect(sentKeys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(sentKeys[1]).toBe(sentKeys[0]);
  expect(sentKeys[2]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(sentKeys[2]).not.toBe(sentKeys[0]);
  for (const id of [stored.id, ((await second.json()) as Article).id]) expect((await page.request.delete(`/api/articles/${id}`, { headers: { origin } })).status()).toBe(200);
});

test('a Create whose answer was lost, edited and pressed again, becomes the edit of the stored article with what was typed kept, and Update saves it', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const title = `LostThenEdited${RUN}`;
  const isArticleWrite = (r: { url: () => string; method: () => string }) => new URL(r.url()).pathname.startsWith('/api/articles') && ['POST', 'PUT'].includes(r.method());

  // The first press reaches the server and is stored; the page never gets the answer.
  const reachedServer = await loseNextCreateAnswer<Article>(page, '/api/articles');
  await page.getByRole('button', { name: 'New Article' }).click();
  const panel = page.getByRole('tabpanel');
  const form = panel.locator('form');
  const editor = form.getByRole('textbox', { name: 'Content' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('As first sent.');
  await form.getByLabel('Read Time', { exact: true }).fill('4 min read');
  await editor.click();
  await page.keyboard.type('Typed before the answer was lost.');
  await form.getByRole('button', { name: 'Create Article' }).click();
  await expect(toastText(page, 'Error saving article')).toBeVisible();
  expect(reachedServer).toEqual([{ status: 201, body: expect.objectContaining({ title, description: 'As first sent.' }) }]);
  const stored = reachedServer[0]!.body;

  // The admin changes a field and presses Create again: other content under the same key.
  await form.getByLabel('Description', { exact: true }).fill('Changed after the lost answer.');
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' And after.');
  const [refused] = await Promise.all([page.waitForResponse((r) => isArticleWrite(r.request())), form.getByRole('button', { name: 'Create Article' }).click()]);
  expect(refused.status()).toBe(409);

  // The form is now the edit of the stored article, saying so, with every typed value still in it.
  await expect(
    toastText(
      page,
      'Your first press of Create Article stored this article, though its answer was lost. The form now edits that article, with what you typed still in it: press Update Article to save your changes to it, or Cancel to keep it as first stored.',
    ),
  ).toBeVisible();
  await expect(formNotice(page, 'Article already created')).toContainText('Your first press of Create Article stored this article, though its answer was lost.');
  await expect(panel.getByRole('heading', { name: 'Edit Article' })).toBeVisible();
  await expect(form.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(form.getByLabel('Description', { exact: true })).toHaveValue('Changed after the lost answer.');
  await expect(form.getByLabel('Read Time', { exact: true })).toHaveValue('4 min read');
  await expect(editor).toHaveText('Typed before the answer was lost. And after.');

  // Update saves it over the stored article, as an edit standing on its version.
  const [saved] = await Promise.all([page.waitForResponse((r) => isArticleWrite(r.request())), form.getByRole('button', { name: 'Update Article' }).click()]);
  expect([saved.request().method(), new URL(saved.url()).pathname, saved.status()]).toEqual(['PUT', `/api/articles/${stored.id}`, 200]);
  expect(saved.request().postDataJSON()).toEqual(expect.objectContaining({ updatedAt: stored.updatedAt }));
  expect(saved.request().postDataJSON()).not.toHaveProperty('submissionId');
  await expect(toastText(page, 'Article updated')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Edit Article' })).toBeHidden();
  await expect(panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })).toHaveCount(1);
  const list = (await (await page.request.get('/api/articles')).json()) as Article[];
  expect(list.filter((a) => a.title === title).map((a) => ({ id: a.id, description: a.description, content: a.content }))).toEqual([
    { id: stored.id, description: 'Changed after the lost answer.', content: '<p>Typed before the answer was lost. And after.</p>' },
  ]);
  expect((await page.request.delete(`/api/articles/${stored.id}`, { headers: { origin } })).status()).toBe(200);
});

test("a refusal of the article's content is the editor's own message: it is marked invalid, described by it and focused", async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const message = 'Content is nested too deeply';
  await page.route('**/api/articles', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Invalid request', issues: { content: message } }) })
      : route.fallback(),
  );
  const editor = page.getByRole('textbox', { name: 'Content', exact: true });
  await editor.fill('Some text');
  await page.getByRole('button', { name: 'Create Article' }).click();
  await expect(editor).toBeFocused();
  await expect(editor).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toHaveAccessibleDescription(message);
  await page.unroute('**/api/articles');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
});

test('services: create, edit and delete through the Services tab', async ({ page, playwright }) => {
  await signInToAdminPanel(page);
  await page.getByRole('tab', { name: 'Services' }).click();
  await expect(page.getByRole('heading', { name: 'Services Management' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Services' }).getByRole('listitem').first()).toBeVisible(); // the seeded seven

  const title = `Growth Audits ${RUN}`;
  await page.getByRole('button', { name: 'New Service' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Service' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  const form = panel.locator('form');
  await expect(form.getByLabel('Description', { exact: true })).toHaveAttribute('rows', '3');
  await expect(form.getByLabel('Features (one per line)', { exact: true })).toHaveAttribute('rows', '5');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('Where growth stalls, and what to do next.');
  // The icon field suggests the site's icons; another name is refused beside the field.
  const icon = form.getByLabel('Icon Name', { exact: true });
  const suggested = await icon.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((o) => o.value));
  expect(suggested).toEqual(['compass', 'sparkle', 'globe', 'pen', 'megaphone', 'chart', 'user', 'layers', 'target', 'handshake', 'shield', 'star']);
  await icon.fill('rocket');
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(form.getByText('Icon must be one of: compass, sparkle, globe, pen, megaphone, chart, user, layers, target, handshake, shield, star')).toBeVisible();
  await expect(icon).toBeFocused();
  await icon.fill('target');
  await form.getByLabel('Features (one per line)', { exact: true }).fill('Funnel review\n\n  Channel mix  \n');
  await form.getByLabel('Sort Order', { exact: true }).fill('12');
  await form.getByText('Active', { exact: true }).click();
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(toastText(page, 'Service created')).toBeVisible();

  const item = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item.getByText('Inactive', { exact: true })).toBeVisible();
  // Inactive: not on the public page.
  const visitor = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect(await (await visitor.get('/services')).text()).not.toContain(title);
  await expect(item.getByText('Icon: target · 2 features · Sort order: 12')).toBeVisible();

  await item.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
  await expect(form.getByLabel('Features (one per line)', { exact: true })).toHaveValue('Funnel review\nChannel mix');
  await form.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
  await form.getByText('Active', { exact: true }).click();
  await form.getByRole('button', { name: 'Update Service' }).click();
  await expect(toastText(page, 'Service updated')).toBeVisible();
  const edited = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} (edited)` }) });
  await expect(edited.getByText('Active', { exact: true })).toBeVisible();
  // Active now, so visitors see it too: in the API and on /services.
  const publicList = (await (await visitor.get('/api/services')).json()) as Array<{ title: string }>;
  expect(publicList.map((s) => s.title)).toContain(`${title} (edited)`);
  const html = await (await visitor.get('/services')).text();
  expect(html).toContain(`${title} (edited)`);
  expect(html).toContain('Where growth stalls, and what to do next.');

  await edited.getByRole('button', { name: `Delete ${title} (edited)` }).click();
  await expect(page.getByRole('alertdialog').getByText('Are you sure you want to delete this service?')).toBeVisible();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Service deleted')).toBeVisible();
  await expect(edited).toHaveCount(0);
  expect(await (await visitor.get('/services')).text()).not.toContain(`${title} (edited)`);
  await visitor.dispose();
});

test("a save refused because another admin saved or deleted the service since it was opened keeps what was typed and brings the list up to date, so Edit opens their version", async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const title = `StaleService${RUN}`;
  const fields = { title, icon: 'target', features: ['Audit'] };
  const created = await page.request.post('/api/services', { headers: { origin }, data: { ...fields, description: 'As first written.' } });
  expect(created.status()).toBe(201);
  const service = (await created.json()) as { id: number; updatedAt: string };
  await page.getByRole('tab', { name: 'Services' }).click();
  const panel = page.getByRole('tabpanel');
  const row = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await row.getByRole('button', { name: `Edit ${title}` }).click();

  // Another admin saves it while this form is open: the refusal shows their description in the list.
  const theirs = await page.request.put(`/api/services/${service.id}`, { headers: { origin }, data: { ...fields, description: 'Their change.', updatedAt: service.updatedAt } });
  expect(theirs.status()).toBe(200);
  const description = panel.locator('form').getByLabel('Description', { exact: true });
  await description.fill('My change.');
  await panel.getByRole('button', { name: 'Update Service' }).click();
  await expect(
    toastText(page, 'Someone else saved this service after you opened it. Their changes are now in the fields you had not changed, and what you typed is still in the form: press Update Service again to save it over their change, or Cancel to keep theirs.'),
  ).toBeVisible();
  await expect(description).toHaveValue('My change.');
  await expect(row.getByText('Their change.', { exact: true })).toBeVisible();
  await expect(formNotice(page, 'Error saving service')).toContainText('Someone else saved this service after you opened it.');

  // Reopened, the form holds their version.
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
  await row.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(description).toHaveValue('Their change.');
  await description.fill('Their change, and mine.');

  // Another admin deletes it meanwhile: the save says so, keeps the text, and the row goes.
  expect((await page.request.delete(`/api/services/${service.id}`, { headers: { origin } })).status()).toBe(200);
  await panel.getByRole('button', { name: 'Update Service' }).click();
  await expect(
    toastText(
      page,
      'Someone else deleted this service after you opened it, so it cannot be updated. What you typed is still in the form: press Create Service to save it as a new service, or Cancel to drop it.',
    ),
  ).toBeVisible();
  await expect(description).toHaveValue('Their change, and mine.');
  await expect(row).toHaveCount(0);
  // The form turned into a create under the admin: the form says why, beside the button that now creates.
  const deletedNotice = formNotice(page, 'Error saving service');
  await expect(deletedNotice).toContainText(
    'Someone else deleted this service after you opened it, so it cannot be updated. What you typed is still in the form: press Create Service to save it as a new service, or Cancel to drop it.',
  );
  await expect(deletedNotice).toBeInViewport();

  // What was typed is not lost with it: the form now creates, and the service is back as typed.
  await expect(panel.getByRole('heading', { name: 'Create New Service' })).toBeVisible();
  await panel.getByRole('button', { name: 'Create Service' }).click();
  await expect(toastText(page, 'Service created')).toBeVisible();
  await expect(row.getByText('Their change, and mine.', { exact: true })).toBeVisible();
  const services = (await (await page.request.get('/api/services')).json()) as { id: number; title: string; description: string }[];
  const recreated = services.filter((s) => s.title === title);
  expect(recreated.map((s) => s.description)).toEqual(['Their change, and mine.']);
  expect((await page.request.delete(`/api/services/${recreated[0]!.id}`, { headers: { origin } })).status()).toBe(200);
});

/**
 * Creates a service titled `title` in the Services tab with the first answer lost, edits a field and
 * presses Create again: the form becomes the stored service's edit. Returns the tab panel, the form
 * and the service as the lost answer held it.
 */
async function serviceCreateTurnedIntoEdit(page: Page, title: string) {
  await page.getByRole('tab', { name: 'Services' }).click();
  const reachedServer = await loseNextCreateAnswer<{ id: number; updatedAt: string }>(page, '/api/services');
  await page.getByRole('button', { name: 'New Service' }).click();
  const panel = page.getByRole('tabpanel');
  const form = panel.locator('form');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Description', { exact: true }).fill('As first sent.');
  await form.getByLabel('Icon Name', { exact: true }).fill('target');
  await form.getByLabel('Features (one per line)', { exact: true }).fill('Audit');
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(toastText(page, 'Error saving service')).toBeVisible();
  expect(reachedServer.map((r) => r.status)).toEqual([201]);
  await form.getByLabel('Features (one per line)', { exact: true }).fill('Audit\nRoadmap');
  await form.getByRole('button', { name: 'Create Service' }).click();
  return { panel, form, stored: reachedServer[0]!.body };
}

test('a service Create whose answer was lost, edited and pressed again, becomes the edit of the stored service with what was typed kept', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const title = `LostService${RUN}`;
  const { panel, form, stored } = await serviceCreateTurnedIntoEdit(page, title);
  await expect(
    toastText(
      page,
      'Your first press of Create Service stored this service, though its answer was lost. The form now edits that service, with what you typed still in it: press Update Service to save your changes to it, or Cancel to keep it as first stored.',
    ),
  ).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
  await expect(form.getByLabel('Features (one per line)', { exact: true })).toHaveValue('Audit\nRoadmap');

  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/services/${stored.id}`),
    form.getByRole('button', { name: 'Update Service' }).click(),
  ]);
  expect(saved.status()).toBe(200);
  await expect(toastText(page, 'Service updated')).toBeVisible();
  const services = (await (await page.request.get('/api/services')).json()) as { id: number; title: string; features: string[] }[];
  expect(services.filter((s) => s.title === title).map((s) => ({ id: s.id, features: s.features }))).toEqual([{ id: stored.id, features: ['Audit', 'Roadmap'] }]);
  expect((await page.request.delete(`/api/services/${stored.id}`, { headers: { origin } })).status()).toBe(200);
});

test('a Create turned into the stored service\'s edit closes when that service is deleted from the list, as any edit of it does', async ({ page }) => {
  await signInToAdminPanel(page);
  const title = `LostThenDeleted${RUN}`;
  const { panel, form } = await serviceCreateTurnedIntoEdit(page, title);
  await expect(panel.getByRole('heading', { name: 'Edit Service' })).toBeVisible();

  const row = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toastText(page, 'Service deleted')).toBeVisible();
  // The form edited what is gone: it closes, rather than stay for a press that meets 'deleted since'.
  await expect(panel.getByRole('heading', { name: 'Edit Service' })).toHaveCount(0);
  await expect(form).toHaveCount(0);
  const services = (await (await page.request.get('/api/services')).json()) as { title: string }[];
  expect(services.filter((s) => s.title === title)).toEqual([]);
});

test('text pasted past a field\'s limit is kept whole and refused beside the field, not cut off unseen', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('tab', { name: 'Services' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'New Service' }).click();
  const form = panel.locator('form');
  await form.getByLabel('Title', { exact: true }).fill(`Pasted ${RUN}`);
  await form.getByLabel('Icon Name', { exact: true }).fill('target');
  const description = form.getByLabel('Description', { exact: true });
  const pasted = `${'A long brief. '.repeat(150)}The end.`; // 2,108 characters, over the 2,000 allowed
  await description.focus();
  await page.keyboard.insertText(pasted);
  await expect(description).toHaveValue(pasted);
  // Said as soon as it is pasted, and again by the server when saved.
  await expect(description).toHaveAccessibleDescription('Must be 2000 characters or fewer');
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(toastText(page, 'Error saving service')).toBeVisible();
  await expect(description).toBeFocused();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription('Must be 2000 characters or fewer');
  await expect(description).toHaveValue(pasted);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
});

test('an image URL pasted past its limit is kept whole and refused beside the field, not cut off unseen', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const url = page.getByLabel('Or enter an image URL', { exact: true });
  const pasted = `https://images.unsplash.com/photo-1?${'q=1&'.repeat(520)}w=1200`; // 2,122 characters, over the 2,048 allowed
  await url.focus();
  await page.keyboard.insertText(pasted);
  await expect(url).toHaveValue(pasted);
  await expect(url).toHaveAccessibleDescription('An image on images.unsplash.com or images.pexels.com, or a path on this site Must be 2048 characters or fewer');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
});

test('an image URL on a host the site takes no images from is refused beside the field once left, and never fetched for a preview', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const url = page.getByLabel('Or enter an image URL', { exact: true });
  const hint = 'An image on images.unsplash.com or images.pexels.com, or a path on this site';
  const refused = 'Image URL must be a path on this site or an https address on images.unsplash.com or images.pexels.com';
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('elsewhere.example')) fetched.push(request.url());
  });
  for (const address of ['https://elsewhere.example/a.png', 'http://images.unsplash.com/photo-1']) {
    await url.fill(address);
    // While typing nothing is said yet (a part of an address is not wrong), and nothing is ready.
    await expect(url, address).toHaveAccessibleDescription(hint);
    await expect(page.getByText('Image ready to be saved with the article.')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Image preview' })).toHaveCount(0);
    await url.blur();
    await expect(url, address).toHaveAccessibleDescription(`${hint} ${refused}`);
    await expect(url, address).toHaveAttribute('aria-invalid', 'true');
  }
  expect(fetched).toEqual([]);
  // A host the image CDN fetches from is ready at once.
  await url.fill('https://images.unsplash.com/photo-1?w=1200');
  await expect(url).toHaveAccessibleDescription(hint);
  await expect(page.getByText('Image ready to be saved with the article.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
});

test("a video URL the article's page cannot embed is said beside the field before the article is saved, not first to its readers", async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  const video = page.getByLabel('Video URL', { exact: true });
  const unplayable = "Only a YouTube watch, youtu.be or embed address can be shown (not a Shorts or live link): the article will show 'Invalid YouTube URL' in place of the video";
  for (const address of ['https://vimeo.com/76979871', 'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs']) {
    await video.fill(address);
    await expect(video, address).toHaveAccessibleDescription(unplayable);
    await expect(video, address).toHaveAttribute('aria-invalid', 'true');
  }
  for (const address of ['https://youtu.be/dQw4w9WgXcQ', 'www.youtube.com/watch?v=dQw4w9WgXcQ', '']) {
    await video.fill(address);
    await expect(video, address).toHaveAccessibleDescription('');
    await expect(video, address).not.toHaveAttribute('aria-invalid');
  }
  await page.getByRole('button', { name: 'Cancel' }).click();
});

test('text at its limit with a line break or spaces around it, which the save trims, is not called too long, and is saved', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  await page.getByRole('tab', { name: 'Services' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'New Service' }).click();
  const form = panel.locator('form');
  const title = `AtLimit${RUN}`;
  await form.getByLabel('Title', { exact: true }).fill(`  ${title}  `);
  await form.getByLabel('Icon Name', { exact: true }).fill('target');
  const description = form.getByLabel('Description', { exact: true });
  const brief = `${'Brief. '.repeat(285)}Brief`; // 2,000 characters, the most allowed
  await description.focus();
  // Pasted with the line break a copied paragraph ends in: the save stores the 2,000 characters.
  await page.keyboard.insertText(`${brief}\n`);
  await expect(description).toHaveValue(`${brief}\n`);
  await expect(description).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Must be 2000 characters or fewer', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(toastText(page, 'Service created')).toBeVisible();
  const listed = (await (await page.request.get('/api/services')).json()) as { id: number; title: string; description: string }[];
  const saved = listed.find((s) => s.title === title)!;
  expect(saved.description).toBe(brief);
  expect((await page.request.delete(`/api/services/${saved.id}`, { headers: { origin } })).status()).toBe(200);
});

test('a limit counts characters as the server does: 1,500 emoji (3,000 UTF-16 units) are within 2,000 and saved', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  await page.getByRole('tab', { name: 'Services' }).click();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'New Service' }).click();
  const form = panel.locator('form');
  const title = `Emoji${RUN}`;
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Icon Name', { exact: true }).fill('target');
  const description = form.getByLabel('Description', { exact: true });
  const brief = '📈'.repeat(1500);
  expect(brief.length).toBe(3000);
  await description.focus();
  await page.keyboard.insertText(brief);
  await expect(description).toHaveValue(brief);
  await expect(description).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Must be 2000 characters or fewer', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Create Service' }).click();
  await expect(toastText(page, 'Service created')).toBeVisible();
  const listed = (await (await page.request.get('/api/services')).json()) as { id: number; title: string; description: string }[];
  const saved = listed.find((s) => s.title === title)!;
  expect(saved.description).toBe(brief);
  expect((await page.request.delete(`/api/services/${saved.id}`, { headers: { origin } })).status()).toBe(200);
});

test("the form's sticky save bar never covers the field that has the focus (WCAG 2.4.11), on a phone and a landscape phone", async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('tab', { name: 'Services' }).click();
  const panel = page.getByRole('tabpanel');
  for (const size of [{ width: 320, height: 480 }, { width: 667, height: 375 }]) {
    await page.setViewportSize(size);
    await panel.getByRole('button', { name: 'New Service' }).click();
    const form = panel.locator('form');
    const bar = form.locator('> div.sticky');
    // From the form's heading down through its fields to the Active switch, by Tab.
    for (const label of ['Title', 'Description', 'Icon Name', 'Sort Order', 'Features (one per line)', 'Active']) {
      await page.keyboard.press('Tab');
      const field = label === 'Active' ? form.getByRole('switch', { name: 'Active' }) : form.getByLabel(label, { exact: true });
      await expect(field).toBeFocused();
      const barTop = (await bar.boundingBox())!.y;
      // The switch's checkbox is visually hidden: what shows is its label.
      const box = (await (label === 'Active' ? form.locator('label', { has: page.getByRole('switch', { name: 'Active' }) }) : field).boundingBox())!;
      expect(box.y + box.height, `${size.width}x${size.height}: ${label}`).toBeLessThanOrEqual(barTop);
    }
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
  }
});

test('articles: the search finds an article among many, drafts too; each row links to its page, a draft\'s as a preview', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const word = `Wombat${RUN}`;
  const ids: number[] = [];
  for (const [title, isPublished] of [[`Unsearched ${RUN}`, true], [`The ${word} brief`, true], [`A ${word} draft`, false]] as const) {
    const created = await page.request.post('/api/articles', {
      headers: { origin },
      data: { title, description: 'Searched for.', content: '<p>Body</p>', category: 'Thought Leadership', readTime: '3 min read', isPublished },
    });
    expect(created.status()).toBe(201);
    ids.push((await created.json()).id);
  }
  await page.reload();
  const panel = page.getByRole('tabpanel');
  const list = panel.getByRole('list', { name: 'Articles' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const search = panel.getByRole('searchbox', { name: 'Search articles' });
  await search.fill(word.toLowerCase());
  await expect(list.getByRole('heading')).toHaveText([`A ${word} draft`, `The ${word} brief`]);
  await expect(list.getByRole('listitem').filter({ hasText: `A ${word} draft` }).getByText('Draft', { exact: true })).toBeVisible();
  // Each row opens its page in a new tab: a draft's as an admin's preview.
  await expect(list.getByRole('link', { name: `Preview A ${word} draft` })).toHaveAttribute('href', `/insights/${ids[2]}`);
  await expect(list.getByRole('link', { name: `View The ${word} brief on the site` })).toHaveAttribute('href', `/insights/${ids[1]}`);
  await expect(list.getByRole('link', { name: `View The ${word} brief on the site` })).toHaveAttribute('target', '_blank');
  // The row's controls are icons alone: each says what it does in a tooltip on hover (and on focus:
  // admin-a11y.spec.ts), as the toolbar's buttons do, and has no title to show it a second time.
  const preview = list.getByRole('link', { name: `Preview A ${word} draft` });
  await preview.hover();
  await expect(page.getByRole('tooltip', { name: `Preview A ${word} draft` })).toBeAttached();
  for (const control of [preview, list.getByRole('button', { name: `Edit A ${word} draft` }), list.getByRole('button', { name: `Delete A ${word} draft` })]) {
    await expect(control).not.toHaveAttribute('title');
  }
  await search.fill('');
  await expect(list.getByRole('heading', { name: `Unsearched ${RUN}` })).toBeVisible();
});

test('a search says how many it found, or that none match, in a status line read out as the list changes', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const word = `Bilby${RUN}`;
  for (const title of [`The ${word} one`, `The ${word} two`]) {
    const created = await page.request.post('/api/articles', {
      headers: { origin },
      data: { title, description: 'Counted.', content: '<p>Body</p>', category: 'Thought Leadership', readTime: '3 min read', isPublished: true },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('list', { name: 'Articles' }).getByRole('listitem').first()).toBeVisible();
  // A live region is there before the search, empty, so that what it then says is announced.
  const status = panel.getByRole('search', { name: 'Find articles' }).getByRole('status');
  await expect(status).toHaveText('');
  const search = panel.getByRole('searchbox', { name: 'Search articles' });
  await search.fill(word);
  await expect(status).toHaveText('2 articles found');
  await search.fill(`${word} one`);
  await expect(status).toHaveText('1 article found');
  await search.fill(`${word}-nothing`);
  await expect(status).toHaveText('No articles match.');
  await search.fill('');
  await expect(status).toHaveText('');
});

test('articles: saving an edit that moves the article off the page it was edited on leaves the focus on the tab heading', async ({ page }) => {
  await signInToAdminPanel(page);
  const origin = new URL(page.url()).origin;
  const word = `Numbat${RUN}`;
  // Thirteen articles, the oldest first: as found by the search, it is the one on page 2.
  for (let i = 0; i < 13; i += 1) {
    const created = await page.request.post('/api/articles', {
      headers: { origin },
      data: { title: `${word} ${i === 0 ? 'oldest' : `newer ${i}`}`, description: 'Moved.', category: 'Thought Leadership', readTime: '3 min read', isPublished: true, publishedAt: new Date(Date.now() - (13 - i) * 60_000).toISOString() },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  const panel = page.getByRole('tabpanel');
  const searched = page.waitForResponse((r) => r.url().includes(`search=${word}`));
  await panel.getByRole('searchbox', { name: 'Search articles' }).fill(word);
  await searched;
  const list = panel.getByRole('list', { name: 'Articles' });
  await expect(panel.getByText('Page 1 of 2')).toBeVisible();
  await panel.getByRole('button', { name: 'Next' }).click();
  await expect(list.getByRole('heading')).toHaveText([`${word} oldest`]);
  await panel.getByRole('button', { name: `Edit ${word} oldest` }).click();
  await page.getByLabel('Description', { exact: true }).fill('Moved to the top by its save.');
  await page.getByRole('button', { name: 'Update Article' }).click();
  await expect(toastText(page, 'Article updated')).toBeVisible();
  // Saved now, it heads page 1: page 2 shows another article, and its Edit button has gone.
  await expect(list.getByRole('heading')).toHaveText([`${word} newer 1`]);
  await expect(page.getByRole('heading', { name: 'Blog Articles' })).toBeFocused();
});

test('accessibility: no serious axe violation signed out, in the article form, the services tab and the password modal', async ({ page }) => {
  test.slow(); // axe on five states, the editor's the largest: 28 s alone, past 45 s beside another worker on a loaded host
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'New Article' }).click();
  await expect(page.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Services' }).click();
  await page.getByRole('button', { name: 'New Service' }).click();
  await expect(page.getByRole('heading', { name: 'Create New Service' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test('change password: the modal, a wrong current password, success, and the session carries on', async ({ page }) => {
  // Its own admin: a password change ends every other session of the account it changes.
  await signInToAdminPanel(page, E2E_PASSWORD_ADMIN);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  const submit = dialog.getByRole('button', { name: 'Change Password' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Current Password', { exact: true }).fill('not-the-password');
  await dialog.getByLabel('New Password', { exact: true }).fill('short');
  await expect(submit).toBeDisabled(); // fewer than 8 characters
  // Four characters, however many UTF-16 units they take ('🔑'.length is 2): the server refuses them too.
  await dialog.getByLabel('New Password', { exact: true }).fill('🔑🌊🔥🌱');
  await expect(submit).toBeDisabled();
  await expect(dialog.getByLabel('New Password', { exact: true })).toHaveAttribute('placeholder', 'Min 8 characters');
  await dialog.getByLabel('New Password', { exact: true }).fill(E2E_PASSWORD_ADMIN.newPassword);
  await submit.click();
  await expect(toastText(page, 'Change failed')).toBeVisible();
  await expect(toastText(page, 'Invalid current password')).toBeVisible();
  // The field it names is marked, with the reason under it, until it changes, and takes the focus.
  const current = dialog.getByLabel('Current Password', { exact: true });
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await expect(dialog.getByText('Invalid current password')).toBeVisible();
  await expect(dialog.getByLabel('New Password', { exact: true })).not.toHaveAttribute('aria-invalid');

  // A common password is refused, with the reason under the field until the field changes.
  await current.fill(E2E_PASSWORD_ADMIN.password);
  await expect(current).not.toHaveAttribute('aria-invalid');
  await dialog.getByLabel('New Password', { exact: true }).fill('password1');
  await submit.click();
  await expect(dialog.getByText(COMMON_PASSWORD_MESSAGE)).toBeVisible();
  await expect(dialog.getByLabel('New Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('New Password', { exact: true })).toBeFocused();
  await dialog.getByLabel('New Password', { exact: true }).fill(E2E_PASSWORD_ADMIN.newPassword);
  await expect(dialog.getByText(COMMON_PASSWORD_MESSAGE)).toBeHidden();
  await submit.click();
  await expect(toastText(page, 'Password changed successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This session was renewed; the old password no longer signs in, the new one does.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Content Management System' })).toBeVisible();
  const old = await page.request.post('/api/auth/login', { data: { username: E2E_PASSWORD_ADMIN.username, password: E2E_PASSWORD_ADMIN.password } });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/auth/login', { data: { username: E2E_PASSWORD_ADMIN.username, password: E2E_PASSWORD_ADMIN.newPassword } });
  expect(fresh.status()).toBe(200);
});

test('logout: back to Admin Access, lists cleared, and the old session no longer works', async ({ page }) => {
  await signInToAdminPanel(page, E2E_LOGOUT_ADMIN);
  await expect(page.getByRole('heading', { name: 'Blog Articles' })).toBeVisible();
  const before = (await page.context().cookies()).find((c) => c.name === 'session')!;

  await page.getByRole('button', { name: 'Logout' }).click();
  // The Logout button has gone with the panel: the card's title takes the focus, not the document.
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();

  // The token from before the logout is refused even if a client kept it.
  const replay = await page.request.get('/api/auth/me', { headers: { cookie: `session=${before.value}` } });
  expect(replay.status()).toBe(401);

  // Signing in again starts from fresh lists.
  await page.getByLabel('Username', { exact: true }).fill(E2E_LOGOUT_ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(E2E_LOGOUT_ADMIN.password);
  const articles = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/articles' && r.request().method() === 'GET');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  expect((await articles).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Blog Articles' })).toBeVisible();
  // Likewise the sign-in button has gone with the card: the panel's title takes the focus.
  await expect(page.getByRole('heading', { name: 'Content Management System' })).toBeFocused();
});
