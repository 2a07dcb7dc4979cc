/** Cookie banner and Cookie Preferences modal. */
import { expect, test, type Page } from '@playwright/test';
import { CONSENT_KEY } from '../../src/lib/cookie-consent.ts';
import { useFormIsland } from './support/public-site.ts';
import { holdRoute } from './support/hold-route.ts';
import { toastText } from './support/toasts.ts';
import { analyticsCalls, cookieBanner, countAnalyticsCalls } from './support/cookie-banner.ts';

const stored = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), CONSENT_KEY);

test.beforeEach(async ({ page }) => {
  await countAnalyticsCalls(page);
});

test('Accept All stores accepted, starts analytics now and on later loads, and hides the banner', async ({ page }) => {
  await page.goto('/');
  await expect(cookieBanner(page)).toBeVisible();
  await expect(cookieBanner(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  expect(await analyticsCalls(page)).toBe(0);

  await cookieBanner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(cookieBanner(page)).toBeHidden();
  await expect(page.locator('main')).toBeFocused();
  expect(await stored(page)).toBe('accepted');
  expect(await analyticsCalls(page)).toBe(1);

  await page.reload();
  await expect.poll(() => analyticsCalls(page)).toBe(1);
  await expect(cookieBanner(page)).toBeHidden();
});

test('Cookie Settings opens Cookie Preferences; Accept Necessary Only stores necessary-only', async ({ page }) => {
  await page.goto('/about');
  await cookieBanner(page).getByRole('button', { name: 'Cookie Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Necessary Cookies' })).toBeVisible();
  await expect(modal.getByText('Always Active')).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Analytics Cookies' })).toBeVisible();
  await expect(modal.getByText(/visitor behaviour analysis and site performance tracking/)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Accept All Cookies' })).toBeVisible();
  await expect(modal.getByText('You have not made a choice yet.')).toBeVisible();

  await modal.getByRole('button', { name: 'Accept Necessary Only' }).click();
  await expect(modal).toBeHidden();
  await expect(cookieBanner(page)).toBeHidden();
  // The banner that opened the modal has gone: the focus carries on from the page's content.
  await expect(page.locator('main')).toBeFocused();
  expect(await stored(page)).toBe('necessary-only');
  expect(await analyticsCalls(page)).toBe(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(cookieBanner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(0);
});

test("the modal's Accept All Cookies stores accepted and starts analytics", async ({ page }) => {
  await page.goto('/services');
  await cookieBanner(page).getByRole('button', { name: 'Cookie Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await modal.getByRole('button', { name: 'Accept All Cookies' }).click();
  await expect(modal).toBeHidden();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('accepted');
  expect(await analyticsCalls(page)).toBe(1);
});

test("Reject All (banner and modal) stores rejected and the banner stays hidden on reload", async ({ page }) => {
  await page.goto('/');
  await cookieBanner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('rejected');
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(cookieBanner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(0);

  await page.evaluate(() => window.localStorage.clear());
  await page.reload();
  await cookieBanner(page).getByRole('button', { name: 'Cookie Settings' }).click();
  await page.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Reject All' }).click();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('rejected');
});

test('the close button hides the banner without storing a choice, so it returns on reload', async ({ page }) => {
  await page.goto('/');
  await cookieBanner(page).getByRole('button', { name: 'Close cookie banner' }).click();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBeNull();
  await page.reload();
  await expect(cookieBanner(page)).toBeVisible();
});

test('the preferences modal closes on Escape without storing a choice', async ({ page }) => {
  await page.goto('/');
  await cookieBanner(page).getByRole('button', { name: 'Cookie Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(modal).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(cookieBanner(page)).toBeVisible();
  await expect(cookieBanner(page).getByRole('button', { name: 'Cookie Settings' })).toBeFocused();
  expect(await stored(page)).toBeNull();
});

test("the banner is in the page's first paint; a press before its code has arrived is kept", async ({ page }) => {
  // Hold the banner's code back until the press has happened.
  const requested: string[] = [];
  page.on('request', (r) => void (r.url().includes('/_astro/CookieBannerCode') && requested.push(r.url())));
  const release = await holdRoute(page, '**/_astro/CookieBannerCode*');
  // Not to the load event: when the first paint comes before it, the held request delays it.
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await expect(cookieBanner(page)).toBeVisible();
  // The code is asked for once the first paint is on screen, and not answered yet.
  await expect.poll(() => requested.length).toBe(1);

  await cookieBanner(page).getByRole('button', { name: 'Reject All' }).click();
  expect(await stored(page)).toBeNull();
  release();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('rejected');
});

test("a banner press waiting for the banner's code is let go once the visitor goes on to Cookie Settings", async ({ page }) => {
  const release = await holdRoute(page, '**/_astro/CookieBannerCode*');
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await cookieBanner(page).getByRole('button', { name: 'Accept All' }).click();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(modal).toBeVisible();
  // The code arriving now does not accept for the visitor, nor take away what they opened.
  release();
  await page.waitForLoadState('load');
  await expect(modal).toBeVisible();
  expect(await stored(page)).toBeNull();
  await modal.getByRole('button', { name: 'Reject All' }).click();
  await expect(modal).toBeHidden();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('rejected');
  expect(await analyticsCalls(page)).toBe(0);
});

test('when the banner code cannot be fetched the banner goes rather than stay with dead buttons', async ({ page }) => {
  await page.route('**/_astro/CookieBannerCode*', (route) => route.abort());
  await page.goto('/about');
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBeNull();
});

test('a key pressed before the page runtime has measured the banner still scrolls what it focuses clear of it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // The banner shows in the first paint; the runtime that measures it comes after (a slow phone).
  const release = await holdRoute(page, '**/_astro/page-runtime.*.js');
  // The held runtime, asked for once the first paint is on screen, holds the load event too when
  // that paint comes before the page has loaded: wait for the document alone.
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(cookieBanner(page)).toBeVisible();
  const cta = page.getByRole('link', { name: 'Free Marketing Strategy Assessment' });
  const bannerTop = (await cookieBanner(page).boundingBox())!.y;
  expect((await cta.boundingBox())!.y + (await cta.boundingBox())!.height).toBeGreaterThan(bannerTop);
  for (let i = 0; i < 20 && !(await cta.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
  await expect(cta).toBeFocused();
  // Focus scrolling is smooth unless motion is reduced: wait for it to settle.
  await expect.poll(async () => cta.evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(bannerTop);
  release();
});

test('the banner writes nothing on the page until a key is pressed, then focus scrolling keeps clear of its exact height', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Waiting for the banner's code means the runtime, which fetches it, has run and measured it.
  const code = page.waitForResponse((r) => r.url().includes('/_astro/CookieBannerCode'));
  await page.goto('/');
  await code;
  await expect(cookieBanner(page)).toBeVisible();
  const inline = () => page.evaluate(() => [document.documentElement.getAttribute('style'), document.body.getAttribute('style')]);
  // A style on the root restyles the whole page: none in a page's first frames. The page holds the
  // banner's room itself: the banner is sticky at its end, not fixed over it.
  expect(await inline()).toEqual([null, null]);
  expect(await cookieBanner(page).evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  const height = Math.ceil((await cookieBanner(page).boundingBox())!.height);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe(`calc(${height}px + 0.5rem)`);
  expect(await inline()).toEqual([`scroll-padding-bottom: calc(${height}px + 0.5rem);`, null]);
});

test('nothing the keyboard focuses hides under the banner, on a phone and on a desktop, down to the last footer link', async ({ page }) => {
  for (const size of [
    { width: 360, height: 740 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.goto('/');
    await expect(cookieBanner(page)).toBeVisible();
    const bannerTop = async () => (await cookieBanner(page).boundingBox())!.y;
    let last = '';
    // Tab through the page's links and buttons until the focus reaches the banner, last in the page.
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        if (el.closest('[data-cookie-banner]')) return 'banner';
        return `${el.tagName} ${el.textContent?.trim().slice(0, 40)}`;
      });
      if (focused === 'banner') break;
      if (!focused) continue;
      // Focus scrolling is smooth unless motion is reduced: wait for it to settle.
      await expect
        .poll(async () => (await page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom)) <= (await bannerTop()), `${size.width}px: ${focused}`)
        .toBe(true);
      last = focused;
    }
    expect(last, `${size.width}px`).toBe('A Cookie Settings');
  }
});

test('at 400% zoom (320 x 256 CSS px) the banner takes at most half the screen and its buttons scroll into reach', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 256 });
  await page.goto('/');
  await expect(cookieBanner(page)).toBeVisible();
  const box = (await cookieBanner(page).boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(128);
  await expect(cookieBanner(page).getByRole('button', { name: 'Close' })).toBeInViewport();
  // Its last button is reached by scrolling the banner itself.
  const reject = cookieBanner(page).getByRole('button', { name: 'Reject All' });
  await reject.focus();
  await expect(reject).toBeInViewport();
  await reject.click();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('rejected');
});

test("the footer's Cookie Settings link changes a stored choice on any later visit, and the focus comes back to it", async ({ page }) => {
  await page.goto('/about');
  await cookieBanner(page).getByRole('button', { name: 'Accept All' }).click();
  // A press before the banner's code has arrived is applied when it does: wait for the banner to go.
  await expect(cookieBanner(page)).toBeHidden();
  expect(await stored(page)).toBe('accepted');
  await page.goto('/insights');
  await expect(cookieBanner(page)).toBeHidden();

  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' });
  // Without scripts it leads to the policy; with them it opens the preferences.
  await expect(link).toHaveAttribute('href', '/cookie-policy');
  await link.click();
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL('/insights');
  // The choice being changed is said first.
  await expect(modal.getByText('Your current choice: all cookies accepted.')).toBeVisible();
  await modal.getByRole('button', { name: 'Reject All' }).click();
  await expect(modal).toBeHidden();
  expect(await stored(page)).toBe('rejected');
  await expect(link).toBeFocused();
  await expect(cookieBanner(page)).toBeHidden();
  await link.click();
  await expect(modal.getByText('Your current choice: all non-essential cookies rejected.')).toBeVisible();
});

test("when the preferences' code cannot be fetched, the footer's Cookie Settings link leads to the Cookie Policy", async ({ page }) => {
  // Astro retries a failed island import once, with a query string: refuse that too.
  await page.route(/\/_astro\/CookiePreferences\.[^/]*\.js/, (route) => route.abort());
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
  await expect(page).toHaveURL('/cookie-policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie Policy');
});

test('a toast shown while the banner is up sits above it, not over its buttons', async ({ page }) => {
  await page.route('**/api/newsletter', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"The service is temporarily unavailable. Please try again in a moment."}' }));
  await page.goto('/insights');
  await expect(cookieBanner(page)).toBeVisible();
  await useFormIsland(page, 'NewsletterForm');
  await page.getByRole('textbox', { name: 'Email address' }).fill('someone@example.com');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const toast = toastText(page, 'Subscription failed');
  await expect(toast).toBeVisible();
  const bannerTop = (await cookieBanner(page).boundingBox())!.y;
  await expect.poll(async () => { const box = (await toast.boundingBox())!; return box.y + box.height <= bannerTop; }).toBe(true);
  await cookieBanner(page).getByRole('button', { name: 'Reject All' }).click();
  expect(await stored(page)).toBe('rejected');
  // With the banner gone, the page and the toasts take back the room it held.
  await expect(cookieBanner(page)).toBeHidden();
  await expect.poll(() => page.evaluate(() => [document.body.style.paddingBottom, document.documentElement.style.scrollPaddingBottom])).toEqual(['', '']);
  await expect(page.getByRole('region', { name: /Notifications/ }).locator('ol')).toHaveCSS('bottom', '0px');
});

test('analytics starts once per page, however often the choice to accept is made again on it', async ({ page }) => {
  await page.goto('/about');
  await cookieBanner(page).getByRole('button', { name: 'Accept All' }).click();
  await expect(cookieBanner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(1);

  // Accepting again from the footer's Cookie Settings confirms the choice: it does not start a second tracker.
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' });
  await link.click();
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await modal.getByRole('button', { name: 'Accept All Cookies' }).click();
  await expect(modal).toBeHidden();
  expect(await stored(page)).toBe('accepted');
  expect(await analyticsCalls(page)).toBe(1);

  // A later page that started it on load does not start it again either.
  await page.goto('/packages');
  await expect.poll(() => analyticsCalls(page)).toBe(1);
  await link.click();
  await modal.getByRole('button', { name: 'Accept All Cookies' }).click();
  await expect(modal).toBeHidden();
  expect(await analyticsCalls(page)).toBe(1);
});

test('a choice made in another tab takes the banner away in this one, and an accept starts analytics here too', async ({ page, context }) => {
  await page.goto('/about');
  const other = await context.newPage();
  await other.goto('/services');
  await expect(cookieBanner(page)).toBeVisible();
  await expect(cookieBanner(other)).toBeVisible();
  // The keyboard is on the banner here when the other tab's choice takes it away.
  const here = cookieBanner(page).getByRole('button', { name: 'Reject All' });
  await here.focus();

  await cookieBanner(other).getByRole('button', { name: 'Accept All' }).click();
  await expect(cookieBanner(other)).toBeHidden();
  await expect(cookieBanner(page)).toBeHidden();
  await expect(page.locator('main')).toBeFocused();
  expect(await analyticsCalls(page)).toBe(1);
  expect(await stored(page)).toBe('accepted');
});

test('a choice made in another tab before the page runtime has run here still takes the banner away', async ({ page, context }) => {
  // A tab that has not run its runtime yet (opened in the background, so never painted; or slow to
  // fetch it) already shows the banner from its inline start, and has no listener for the choice.
  const release = await holdRoute(page, '**/_astro/page-runtime.*.js');
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  await expect(cookieBanner(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/services');
  await cookieBanner(other).getByRole('button', { name: 'Accept All' }).click();
  await expect(cookieBanner(other)).toBeHidden();
  expect(await stored(page)).toBe('accepted');

  release();
  await expect.poll(() => analyticsCalls(page)).toBe(1);
  await expect(cookieBanner(page)).toBeHidden();
});

test('a choice made in another tab after this one chose leaves analytics as it is here', async ({ page, context }) => {
  await page.goto('/about');
  await cookieBanner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(cookieBanner(page)).toBeHidden();
  const other = await context.newPage();
  await other.goto('/services');
  await other.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
  await other.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Accept Necessary Only' }).click();
  await expect.poll(() => stored(page)).toBe('necessary-only');
  await expect(cookieBanner(page)).toBeHidden();
  expect(await analyticsCalls(page)).toBe(0);
});

test('the Cookie Policy tells how to change a choice the way the site offers it, and that way works from the policy itself', async ({ page }) => {
  await page.goto('/cookie-policy');
  await cookieBanner(page).getByRole('button', { name: 'Accept All' }).click();
  // A press before the banner's code has arrived is applied when it does, and moves the focus to
  // the content: a Cookie Settings pressed before then would be given up as the focus moves on.
  await expect(cookieBanner(page)).toBeHidden();
  const choices = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Your choices' }) });
  await expect(choices.getByRole('paragraph').nth(1)).toHaveText(
    'You can change or withdraw your choice at any time: choose Cookie Settings at the foot of any page. Clearing this site’s data in your browser also clears your choice, and the banner will ask again. You can also block cookies entirely in your browser, although parts of the site may then not work as intended.',
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
  await page.getByRole('dialog', { name: 'Cookie Preferences' }).getByRole('button', { name: 'Reject All' }).click();
  expect(await stored(page)).toBe('rejected');
});

test('Cookie Preferences opened from the keyboard starts on the dialog itself, not on a choice, so Enter accepts nothing', async ({ page }) => {
  await page.goto('/about');
  const settings = cookieBanner(page).getByRole('button', { name: 'Cookie Settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Cookie Preferences' });
  await expect(modal).toBeVisible();
  await expect(modal).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  expect(await stored(page)).toBeNull();
  // Tab goes through it in reading order: the policy link, then the three choices as equals.
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('link', { name: 'Cookie Policy' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('button', { name: 'Accept All Cookies' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(settings).toBeFocused();
});
