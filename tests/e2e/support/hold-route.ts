import type { Page, Route } from '@playwright/test';

/**
 * Holds every request matching `url` until the returned `release()` is called: an island's code
 * held back so a press lands before it hydrates, or an API call kept pending so its busy state can
 * be seen. Released, a request goes on to the server, or gets `answer` instead. The page that asked
 * may have moved on by then, so a request that can no longer be answered is let go.
 */
export async function holdRoute(
  page: Page,
  url: Parameters<Page['route']>[0],
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await answer(route).catch(() => {});
  });
  return release;
}
