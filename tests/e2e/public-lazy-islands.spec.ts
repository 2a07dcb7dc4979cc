/**
 * React only when it is used: on a brochure page a returning visitor (cookie choice stored) loads
 * no React and no island until opening the drawer or the enquiry dialog or touching a form; the cookie banner's code
 * loads only for a visitor without a stored choice; the page runtime comes after the first paint;
 * and the click that fetches an island is the one it opens for, however slowly its code, or the
 * page runtime before it, arrives.
 */
import { expect, test, type Page } from '@playwright/test';
import { skipCookieBanner } from './support/cookie-banner.ts';
import { holdRoute } from './support/hold-route.ts';
import { CONSENT_KEY, COOKIE_BANNER_ATTRIBUTE } from '../../src/lib/cookie-consent.ts';

/** Records the URL path of every script the page requests. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

/** The React renderer and the island modules the page would load on demand. */
async function islandCode(page: Page) {
  const islands = page.locator('astro-island');
  const renderer = await islands.first().getAttribute('renderer-url');
  const components = await islands.evaluateAll((els) => els.map((el) => el.getAttribute('component-url')));
  expect(renderer).toMatch(/^\/_astro\/.+\.js$/);
  expect(components.length).toBeGreaterThan(0);
  return { renderer: renderer!, components: components.filter((c): c is string => c !== null) };
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Anything that waits for an idle moment after load would have started by now.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300))));
  await page.waitForLoadState('networkidle');
}

test.describe('a returning visitor on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('loads no React or island until the menu opens, then the drawer at once', async ({ page }) => {
    await skipCookieBanner(page);
    const scripts = recordScripts(page);
    await page.goto('/about');
    await settle(page);
    const { renderer, components } = await islandCode(page);
    expect(scripts).not.toContain(renderer);
    for (const component of components) expect(scripts).not.toContain(component);
    expect(scripts.some((s) => s.includes('CookieBannerCode'))).toBe(false);
    // Not even Astro's island runtime: the page names its file and leaves it to the first demand.
    const runtime = await page.locator('html').getAttribute('data-island-runtime');
    expect(runtime).toMatch(/^\/_astro\/astro-island\.[\w-]{12}\.js$/);
    expect(scripts).not.toContain(runtime);
    expect(await page.evaluate(() => customElements.get('astro-island') === undefined)).toBe(true);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts).toContain(renderer);
    expect(scripts).toContain(runtime);
    expect(await page.evaluate(() => customElements.get('astro-island') !== undefined)).toBe(true);
  });

  test('loads no React until an enquiry trigger is clicked, and that click opens the dialog', async ({ page }) => {
    await skipCookieBanner(page);
    const scripts = recordScripts(page);
    await page.goto('/packages');
    await settle(page);
    const { renderer } = await islandCode(page);
    expect(scripts).not.toContain(renderer);

    await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
    expect(scripts).toContain(renderer);
  });

  test("an island's code comes in two round trips: its own files, then all they import at once", async ({ page }) => {
    await skipCookieBanner(page);
    await page.goto('/packages');
    await settle(page);
    const { renderer } = await islandCode(page);
    const component = await page.evaluate(
      () => [...document.querySelectorAll('astro-island')].find((island) => JSON.parse(island.getAttribute('opts') ?? '{}').value === 'enquiry')?.getAttribute('component-url'),
    );
    const runtime = await page.locator('html').getAttribute('data-island-runtime');
    const firstTrip = new Set([component!, renderer, runtime!]);
    const imported = await staticImportGraph(page, [component!, renderer]);
    // The dialog's code is spread over many files: one round trip per level of imports would make
    // a slow connection wait several before the dialog opens.
    expect(imported.size).toBeGreaterThan(10);

    // The first trip is answered at once; every other file is held, so a file that only a held one
    // names is never asked for.
    const requested = new Set<string>();
    let releaseRest!: () => void;
    const rest = new Promise<void>((resolve) => (releaseRest = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      const path = new URL(route.request().url()).pathname;
      requested.add(path);
      if (!firstTrip.has(path)) await rest;
      await route.continue().catch(() => {});
    });
    await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
    await expect.poll(() => [...imported].filter((path) => !requested.has(path))).toEqual([]);
    releaseRest();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
  });
});

/** Every module the built `roots` import, directly or not (relative static imports), but the roots. */
async function staticImportGraph(page: Page, roots: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const queue = [...roots];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    const source = await (await page.request.get(path)).text();
    for (const [, specifier] of source.matchAll(/\b(?:from|import)\s*["'](\.\.?\/[^"']+)["']/g)) {
      const imported = new URL(specifier, new URL(path, 'http://site')).pathname;
      if (found.has(imported) || roots.includes(imported)) continue;
      found.add(imported);
      queue.push(imported);
    }
  }
  return found;
}

for (const { path, field } of [
  { path: '/contact', field: 'First Name *' },
  { path: '/insights', field: 'Email address' },
]) {
  test(`${path} loads no React until its form is first touched, then the form's island`, async ({ page }) => {
    await skipCookieBanner(page);
    const scripts = recordScripts(page);
    await page.goto(path);
    await settle(page);
    const { renderer } = await islandCode(page);
    expect(scripts).not.toContain(renderer);

    await page.getByLabel(field, { exact: true }).focus();
    await expect(page.locator('astro-island[client="demand"]:not([ssr])')).toHaveCount(1);
    expect(scripts).toContain(renderer);
  });
}

test('a first visit loads the cookie banner code and shows the banner, still without React', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/services');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  await settle(page);
  const { renderer } = await islandCode(page);
  expect(scripts.some((s) => s.includes('CookieBannerCode'))).toBe(true);
  expect(scripts).not.toContain(renderer);
});

test('a click on Cookie Settings while the modal code is held back opens the modal once it arrives', async ({ page }) => {
  const release = await holdRoute(page, '**/_astro/CookiePreferences*.js');
  await page.goto('/');
  await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
});

test("a banner button pressed while the banner's code is on the way says it is busy until the code acts on it", async ({ page }) => {
  let asked!: () => void;
  const codeAsked = new Promise<void>((resolve) => (asked = resolve));
  const release = await holdRoute(page, '**/_astro/CookieBannerCode*.js', (route) => route.continue());
  page.on('request', (request) => request.url().includes('/_astro/CookieBannerCode') && asked());
  // Not to its load event: the runtime may ask for the held code before it, and the load then waits on it.
  await page.goto('/about', { waitUntil: 'domcontentloaded' });
  // The page runtime has run (it asks for the banner's code): the press is now the banner's to hold.
  await codeAsked;
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  const accept = banner.getByRole('button', { name: 'Accept All' });
  await accept.click();
  await expect(accept).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(banner).toBeHidden();
  // Hidden, the banner's buttons are out of the accessibility tree: found by the banner's attribute.
  await expect(page.locator(`[${COOKIE_BANNER_ATTRIBUTE}] [aria-busy]`)).toHaveCount(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('accepted');
});

/** The page runtime's file, as every page names it on its root element. */
const PAGE_RUNTIME = '**/_astro/page-runtime.*.js';

/**
 * Once the page has asked for the runtime: waits for its script's load event, after the start's own
 * listener (added first) has pressed any held control again.
 */
async function watchRuntimeLoad(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const script = document.querySelector('script[src*="/_astro/page-runtime."]');
    script?.addEventListener('load', () => document.documentElement.setAttribute('data-test-runtime-loaded', ''));
  });
  return () => expect(page.locator('html')).toHaveAttribute('data-test-runtime-loaded', '');
}

/** The enquiry dialog's request as the runtime's store holds it, or null before the runtime has run. */
function enquiryRequest(page: Page) {
  return page.evaluate(() => {
    const state = window.__pageStores?.get('enquiry')?.get() as { open: boolean; context: unknown } | undefined;
    return state ? { open: state.open, context: state.context } : null;
  });
}

test.describe('before the page runtime has run', () => {
  test('it is asked for only once the first paint is on screen', async ({ page }) => {
    await page.goto('/about');
    const runtime = await page.locator('html').getAttribute('data-page-runtime');
    expect(runtime).toMatch(/^\/_astro\/page-runtime\.[\w-]{12}\.js$/);
    const times = await page.evaluate(async (path) => {
      // The paint's entry is queued after the frame: on a loaded machine it may not be in the
      // timeline yet when the page has loaded, so it is awaited (buffered: one already there counts).
      const paint = await new Promise<PerformanceEntry>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) {
            observer.disconnect();
            resolve(entry);
          }
        }).observe({ type: 'paint', buffered: true });
      });
      const request = await new Promise<PerformanceEntry>((resolve) => {
        const found = () => performance.getEntriesByName(new URL(path, location.href).href)[0];
        const poll = () => (found() ? resolve(found()) : setTimeout(poll, 20));
        poll();
      });
      return { paint: paint.startTime, request: request.startTime };
    }, runtime!);
    expect(times.request).toBeGreaterThanOrEqual(times.paint);
  });

  test('an enquiry trigger pressed meanwhile stays on the page and opens the dialog once it arrives', async ({ page }) => {
    await skipCookieBanner(page);
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/packages', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
    await expect(page).toHaveURL('/packages');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
    await expect(page).toHaveURL('/packages');
  });

  test('an enquiry trigger reached with Tab and Enter meanwhile opens the dialog, which gives the focus back on close', async ({ page }) => {
    await skipCookieBanner(page);
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/packages', { waitUntil: 'domcontentloaded' });
    const trigger = page.getByRole('link', { name: 'Start Growing', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/packages');
    release();
    const dialog = page.getByRole('dialog', { name: 'Get in Touch' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('of several presses meanwhile only the last acts, once, and the page stays', async ({ page }) => {
    await skipCookieBanner(page);
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/packages', { waitUntil: 'domcontentloaded' });
    await page.getByRole('link', { name: 'Get Started', exact: true }).click();
    const last = page.getByRole('link', { name: 'Start Growing', exact: true });
    await last.click();
    await last.click();
    await expect(page.locator('[data-held-press]')).toHaveCount(1);
    release();
    await expect(page.getByRole('dialog', { name: 'Get in Touch' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await enquiryRequest(page)).toEqual({ open: true, context: { service: 'Activation', page: 'Packages', ctaButton: 'Start Growing' } });
    await expect(page.locator('[data-held-press]')).toHaveCount(0);
    await expect(page).toHaveURL('/packages');
  });

  // The same rule as a press waiting for an island (src/lib/island-demand.ts): the visitor who gives
  // up or goes on to something else must not have the dialog open late over it.
  for (const { key, gesture } of [
    { key: 'Escape', gesture: 'Escape' },
    { key: 'Tab', gesture: 'the focus moving on' },
  ]) {
    test(`a press held meanwhile shows it is busy, and ${gesture} lets it go`, async ({ page }) => {
      await skipCookieBanner(page);
      const release = await holdRoute(page, PAGE_RUNTIME);
      await page.goto('/packages', { waitUntil: 'domcontentloaded' });
      const trigger = page.getByRole('link', { name: 'Start Growing', exact: true });
      await trigger.click();
      await expect(trigger).toHaveAttribute('aria-busy', 'true');
      expect(await trigger.evaluate((el) => getComputedStyle(el).cursor)).toBe('progress');
      await page.keyboard.press(key);
      await expect(trigger).not.toHaveAttribute('aria-busy');
      await expect(page.locator('[data-held-press]')).toHaveCount(0);
      const loaded = await watchRuntimeLoad(page);
      release();
      await loaded();
      expect(await enquiryRequest(page)).toEqual({ open: false, context: null });
      expect(await page.evaluate(() => [...(window.__islandsDemanded ?? [])])).toEqual([]);
      await expect(page).toHaveURL('/packages');
    });
  }

  test("the footer's Cookie Settings pressed meanwhile opens Cookie Preferences, not the policy", async ({ page }) => {
    await skipCookieBanner(page);
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
    await expect(page).toHaveURL('/about');
    release();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await expect(page).toHaveURL('/about');
  });

  test("the banner's Cookie Settings pressed meanwhile opens Cookie Preferences", async ({ page }) => {
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await page.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Cookie Settings' }).click();
    release();
    await expect(page.getByRole('dialog', { name: 'Cookie Preferences' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('a trigger clicked for a new tab meanwhile opens the contact form there and holds nothing here', async ({ page, context }) => {
    await skipCookieBanner(page);
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/packages', { waitUntil: 'domcontentloaded' });
    const opened = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Start Growing', exact: true }).click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL('/contact?service=Activation&page=Packages&ctaButton=Start+Growing');
    await expect(page.locator('[data-held-press]')).toHaveCount(0);
    const loaded = await watchRuntimeLoad(page);
    release();
    await loaded();
    expect(await enquiryRequest(page)).toEqual({ open: false, context: null });
    await expect(page).toHaveURL('/packages');
  });

  for (const { path, field, typed } of [
    { path: '/contact', field: 'First Name *', typed: 'Ada' },
    { path: '/insights', field: 'Email address', typed: 'ada@example.com' },
  ]) {
    test(`${path}: what is typed in its form meanwhile stays, and the form's island hydrates`, async ({ page }) => {
      await skipCookieBanner(page);
      const release = await holdRoute(page, PAGE_RUNTIME);
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const input = page.getByLabel(field, { exact: true });
      await input.pressSequentially(typed);
      release();
      await expect(page.locator('astro-island[client="demand"]:not([ssr])')).toHaveCount(1);
      await expect(input).toHaveValue(typed);
      await expect(input).toBeFocused();
    });
  }

  test('the cookie banner shows in the first paint, and a press on it meanwhile is kept', async ({ page }) => {
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Reject All' }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBeNull();
    release();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('rejected');
  });

  test('a banner button pressed with a modifier key meanwhile is kept too: a button has no new tab', async ({ page }) => {
    const release = await holdRoute(page, PAGE_RUNTIME);
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Accept All' }).click({ modifiers: ['Shift'] });
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBeNull();
    release();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY)).toBe('accepted');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the menu pressed meanwhile opens the drawer once it arrives', async ({ page }) => {
      await skipCookieBanner(page);
      const release = await holdRoute(page, PAGE_RUNTIME);
      await page.goto('/about', { waitUntil: 'domcontentloaded' });
      // Until the runtime has run the menu is the link it is without scripts.
      await page.getByRole('link', { name: 'Open menu' }).click();
      await expect(page).toHaveURL('/about');
      release();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.locator('[data-mobile-nav-open]')).toHaveAttribute('aria-expanded', 'true');
    });

    test('the menu link focused meanwhile keeps the focus as the button it becomes', async ({ page }) => {
      await skipCookieBanner(page);
      const release = await holdRoute(page, PAGE_RUNTIME);
      await page.goto('/about', { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: 'Open menu' }).focus();
      release();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  });
});

test.describe('when the page runtime cannot be fetched', () => {
  test('an enquiry trigger leads to the contact form with its context, as without scripts', async ({ page }) => {
    await skipCookieBanner(page);
    await page.route(PAGE_RUNTIME, (route) => route.abort());
    await page.goto('/packages');
    await page.getByRole('link', { name: 'Start Growing', exact: true }).click();
    await expect(page).toHaveURL('/contact?service=Activation&page=Packages&ctaButton=Start+Growing');
  });

  test('a press held on the footer\'s Cookie Settings, then refused, leads to the Cookie Policy', async ({ page }) => {
    await skipCookieBanner(page);
    const refuse = await holdRoute(page, PAGE_RUNTIME, (route) => route.abort());
    await page.goto('/about', { waitUntil: 'domcontentloaded' });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Settings' }).click();
    await expect(page).toHaveURL('/about');
    refuse();
    await expect(page).toHaveURL('/cookie-policy');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('a press held on the menu, then refused, leads to the footer\'s links', async ({ page }) => {
      await skipCookieBanner(page);
      const refuse = await holdRoute(page, PAGE_RUNTIME, (route) => route.abort());
      await page.goto('/about', { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: 'Open menu' }).click();
      await expect(page).toHaveURL('/about');
      refuse();
      await expect(page).toHaveURL('/about#footer-links');
    });
  });

  test('the cookie banner goes rather than stay with dead buttons', async ({ page }) => {
    const aborted = new Promise<void>((resolve) =>
      page.route(PAGE_RUNTIME, async (route) => {
        await route.abort();
        resolve();
      }),
    );
    await page.goto('/about');
    await aborted;
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
  });
});
