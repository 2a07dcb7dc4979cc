/**
 * The admin panel for whoever does not see it as designed: in forced-colors mode (a Windows
 * contrast theme, which drops backgrounds and shadows) every control, state and focus still shows;
 * at 320 CSS px (400% zoom) a list's rows still read; and a field's edge stands out from its card.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createArticle, deleteArticle } from './support/admin-api.ts';
import { signInToAdminPanel } from './support/admin-sign-in.ts';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { edgeContrast } from './support/contrast.ts';
import { servedEnquiry } from './support/served-enquiry.ts';
import { toastRegion, toastText } from './support/toasts.ts';

test.beforeEach(({ page }) => skipCookieBanner(page));

/** The one enquiry the Enquiries tab is served by the tests that need one. */
const ENQUIRY = servedEnquiry(9001, 'Jonathan', 'Richardson', 'jonathan@brightwater.com.au', 'Brightwater Consulting');

/** What a system colour keyword (Canvas, CanvasText, Highlight...) resolves to in the page as it is. */
function systemColour(page: Page, keyword: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('div');
    probe.style.cssText = `forced-color-adjust: none; background-color: ${name}`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  }, keyword);
}

test.describe('forced colors', () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await signInToAdminPanel(page);
  });

  test('a field and the article editor that have the focus show it', async ({ page }) => {
    const outline = (element: HTMLElement) => `${getComputedStyle(element).outlineStyle} ${getComputedStyle(element).outlineWidth}`;
    // Their focus ring is a shadow, which forced colors drop: an outline, in the system's colour, stands in.
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.focus();
    expect(await search.evaluate(outline)).toBe('solid 2px');
    await page.getByRole('button', { name: 'New Article' }).click();
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.focus();
    // The editor's frame (toolbar and text) carries it: the text's own would be clipped by the frame.
    const frame = page.locator('div:has(> div > [role="toolbar"][aria-label="Formatting"])');
    expect(await frame.evaluate(outline)).toBe('solid 2px');
  });

  test("a switch is drawn, its knob in the text's colour, and filled with the selection colour when on", async ({ page }) => {
    const [canvas, canvasText, highlight, highlightText] = await Promise.all(['Canvas', 'CanvasText', 'Highlight', 'HighlightText'].map((c) => systemColour(page, c)));
    await page.getByRole('button', { name: 'New Article' }).click();
    const featured = page.getByRole('switch', { name: 'Featured' });
    const looks = () =>
      featured.evaluate((input) => {
        const track = getComputedStyle(input.nextElementSibling!);
        return { edge: `${track.borderTopWidth} ${track.borderTopStyle} ${track.borderTopColor}`, track: track.backgroundColor, knob: getComputedStyle(input.nextElementSibling!, '::after').backgroundColor };
      });
    await expect(featured).not.toBeChecked();
    expect(await looks()).toEqual({ edge: `1px solid ${canvasText}`, track: canvas, knob: canvasText });
    await featured.focus();
    await page.keyboard.press('Space');
    await expect(featured).toBeChecked();
    // Its fill fades to the new colour.
    await expect.poll(looks).toEqual({ edge: `1px solid ${canvasText}`, track: highlight, knob: highlightText });
  });

  test('the open tab is underlined, as the current page is on the public site', async ({ page }) => {
    const tabs = page.getByRole('tablist', { name: 'Content', exact: true }).getByRole('tab');
    const underlined = () => tabs.evaluateAll((all) => all.filter((tab) => getComputedStyle(tab).textDecorationLine === 'underline').map((tab) => tab.textContent));
    expect(await underlined()).toEqual(['Articles']);
    await tabs.filter({ hasText: 'Services' }).click();
    // Read again until the panel has re-rendered for the click: a single read may still see the old tab.
    await expect.poll(underlined).toEqual(['Services']);
  });

  test("a pressed toolbar button is filled with the system's selection colours", async ({ page }) => {
    const [highlight, highlightText] = await Promise.all(['Highlight', 'HighlightText'].map((c) => systemColour(page, c)));
    await page.getByRole('button', { name: 'New Article' }).click();
    await page.getByRole('textbox', { name: 'Content' }).click();
    await page.keyboard.type('Bold words');
    await page.keyboard.press('ControlOrMeta+a');
    const bold = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold', exact: true });
    await bold.click();
    await expect(bold).toHaveAttribute('aria-pressed', 'true');
    // Its colours fade to the new ones (transition-colors): read until they have arrived, not once mid-fade.
    await expect.poll(() => bold.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).color])).toEqual([highlight, highlightText]);
  });
});

test('at 320px (400% zoom) a row keeps its words whole: its controls wrap under its text rather than squeeze it', async ({ page }) => {
  await page.route(/\/api\/enquiries(\?.*)?$/, (route) => route.fulfill({ json: { items: [ENQUIRY], total: 1, page: 1, pageSize: 25 } }));
  await page.setViewportSize({ width: 320, height: 800 });
  await signInToAdminPanel(page);
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  const row = page.getByRole('list', { name: 'Enquiries' }).getByRole('listitem');
  const name = row.getByRole('button', { name: "Open Jonathan Richardson's enquiry" });
  await expect(name).toBeVisible();
  // The name is one line (squeezed beside the controls it was broken down a column a few letters
  // wide: 'Jonathan Richar dson'), and so is the address.
  expect(await linesOf(name, 'Jonathan Richardson')).toBe(1);
  const details = row.getByText(/^jonathan@brightwater\.com\.au · /);
  expect(await linesOf(details, 'jonathan@brightwater.com.au')).toBe(1);
  // The status control sits under the text.
  const status = row.getByRole('combobox', { name: "Status of Jonathan Richardson's enquiry" });
  const text = (await details.boundingBox())!;
  expect((await status.boundingBox())!.y).toBeGreaterThan(text.y + text.height);
});

/** How many lines the first `text.length` characters of the element's text run over. */
function linesOf(element: Locator, text: string): Promise<number> {
  return element.evaluate((e, length) => {
    const range = document.createRange();
    range.setStart(e.firstChild!, 0);
    range.setEnd(e.firstChild!, length);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, text.length);
}

test("the edges of the form's fields, its editor and an off switch contrast 3:1 with the card around them (WCAG 1.4.11)", async ({ page }) => {
  await signInToAdminPanel(page);
  expect(await edgeContrast(page.getByRole('searchbox', { name: 'Search articles' }))).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'New Article' }).click();
  expect(await edgeContrast(page.getByRole('textbox', { name: 'Title', exact: true }))).toBeGreaterThanOrEqual(3);
  expect(await edgeContrast(page.getByRole('combobox', { name: 'Category' }))).toBeGreaterThanOrEqual(3);
  expect(await edgeContrast(page.locator('div:has(> div > [role="toolbar"][aria-label="Formatting"])'))).toBeGreaterThanOrEqual(3);
  const featured = page.getByRole('switch', { name: 'Featured' });
  await expect(featured).not.toBeChecked();
  expect(await edgeContrast(featured.locator('xpath=following-sibling::span[1]'), 'background')).toBeGreaterThanOrEqual(3);
});

test('at 400% zoom (320 x 256 CSS px) an admin dialog fits the screen and scrolls to its buttons', async ({ page }) => {
  await page.route(/\/api\/enquiries(\?.*)?$/, (route) => route.fulfill({ json: { items: [ENQUIRY], total: 1, page: 1, pageSize: 25 } }));
  await page.setViewportSize({ width: 320, height: 256 });
  await signInToAdminPanel(page);
  // Centred and taller than the screen, each ran off its top and bottom, title and buttons out of
  // reach behind the page's scroll lock.
  const fitsAndScrolls = async (dialog: Locator, lastButton: string) => {
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(256);
    const button = dialog.getByRole('button', { name: lastButton }).or(dialog.getByRole('link', { name: lastButton }));
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
  };
  await page.getByRole('button', { name: 'Change Password' }).click();
  await fitsAndScrolls(page.getByRole('dialog', { name: 'Change Password' }), 'Cancel');
  await page.getByRole('tab', { name: /^Enquiries/ }).click();
  await page.getByRole('button', { name: "Open Jonathan Richardson's enquiry" }).click();
  await fitsAndScrolls(page.getByRole('dialog', { name: 'Jonathan Richardson' }), 'Reply by email');
});

test('Escape closes the dialog that has the focus, not a toast raised over it; with the focus in the toast region (F8) it closes the toast', async ({ page }) => {
  await signInToAdminPanel(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password', { exact: true }).fill('not-the-password');
  await dialog.getByLabel('New Password', { exact: true }).fill('kestrel-harbour-lantern-2026');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  const failed = toastText(page, 'Change failed');
  await expect(failed).toBeVisible();
  await expect(dialog.getByLabel('Current Password', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(failed).toBeVisible();
  // F8 takes the focus to the toasts; Escape there closes the toast.
  await page.keyboard.press('F8');
  expect(await toastRegion(page).evaluate((region) => region.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(failed).toBeHidden();
});

test("a toast keeps clear of the open form's save bar: it never covers Create, on a phone or a laptop", async ({ page }) => {
  await signInToAdminPanel(page);
  // The save's answer is lost: the form stays open under an 'Error saving article' toast.
  await page.route('**/api/articles', (route) => (route.request().method() === 'POST' ? route.abort('connectionreset') : route.fallback()));
  for (const size of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.getByRole('button', { name: 'New Article' }).click();
    const form = page.getByRole('tabpanel').locator('form');
    await form.getByLabel('Title', { exact: true }).fill('Kept clear of');
    await form.getByLabel('Description', { exact: true }).fill('A toast over the save bar.');
    await form.getByLabel('Read Time', { exact: true }).fill('2 min read');
    const create = form.getByRole('button', { name: 'Create Article' });
    await create.click();
    const toast = toastRegion(page).getByRole('listitem').filter({ hasText: 'Error saving article' });
    await expect(toast).toBeVisible();
    const bar = form.locator('> div.sticky');
    await expect
      .poll(async () => {
        const [toastBox, barBox] = [(await toast.boundingBox())!, (await bar.boundingBox())!];
        return toastBox.y + toastBox.height <= barBox.y;
      }, { message: `${size.width}x${size.height}: the toast ends above the save bar` })
      .toBe(true);
    // Create can still be pressed where it shows: nothing lies over it.
    await create.click({ trial: true });
    await page.keyboard.press('F8');
    await page.keyboard.press('Escape');
    await expect(toast).toBeHidden();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard changes' }).click();
    await expect(form).toHaveCount(0);
  }
});

test("the admin's icon-only buttons name themselves in a tooltip on focus, as on hover, and carry no title beside it", async ({ page, request }) => {
  const article = await createArticle(request, { title: `Tooltip ${Date.now().toString(36)}` });
  try {
    await signInToAdminPanel(page);
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('searchbox', { name: 'Search articles' }).fill(article.title);
    const row = panel.getByRole('list', { name: 'Articles' }).getByRole('listitem').filter({ hasText: article.title });
    const controls = [
      row.getByRole('link', { name: `View ${article.title} on the site` }),
      row.getByRole('button', { name: `Edit ${article.title}` }),
      row.getByRole('button', { name: `Delete ${article.title}` }),
    ];
    for (const control of controls) {
      const name = (await control.getAttribute('aria-label'))!;
      await control.focus();
      await expect(page.getByRole('tooltip', { name })).toBeAttached();
      await expect(page.locator('[data-radix-popper-content-wrapper]').filter({ hasText: name })).toBeVisible();
      await expect(control).not.toHaveAttribute('title');
    }
    // The editor's formatting buttons too. Mid-screen first: a scroll closes a tooltip, and the
    // form scrolls a control it takes the focus to clear of its save bar.
    await panel.getByRole('button', { name: 'New Article' }).click();
    const bold = page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold', exact: true });
    await bold.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await bold.focus();
    await expect(page.getByRole('tooltip', { name: 'Bold' })).toBeAttached();
    await expect(bold).not.toHaveAttribute('title');
  } finally {
    await deleteArticle(request, article.id);
  }
});
