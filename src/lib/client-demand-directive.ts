/**
 * `client:demand="name"`: hydrates an island when src/lib/island-demand.ts's demandIsland(name) is
 * called, or at once if it already was. Astro inlines this into every page that uses it, so it
 * stays a few lines and imports nothing but the event names (and the window sets' types).
 *
 * A page carries only the stylesheet rules its own markup uses (src/server/pages/styles.ts), and an
 * island can render classes the markup lacks: so the island renders only once the whole site
 * stylesheet, named on the root element, has loaded, fetched alongside the island's code.
 */
import type { ClientDirective } from 'astro';
import { demandEventName, settledEventName } from './island-demand';

function siteStylesheetLoaded(): Promise<unknown> {
  const href = document.documentElement.dataset.siteStylesheet;
  if (!href) return Promise.resolve(); // the page has the whole sheet inline
  let link = document.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`);
  if (link?.sheet) return Promise.resolve();
  if (!link) {
    link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  const pending = link;
  // A sheet that fails to load still lets the island work, unstyled, rather than never.
  return new Promise((resolve) => {
    pending.addEventListener('load', resolve, { once: true });
    pending.addEventListener('error', resolve, { once: true });
  });
}

const demand: ClientDirective = (load, options, island) => {
  const name = String(options.value);
  // Astro reports an island whose code it could not fetch (after one retry) here, then hydrates it
  // as nothing: it has failed, not hydrated.
  island.addEventListener('astro:hydration-error', () => (window.__islandsFailed ??= new Set()).add(name), { once: true });
  const hydrate = async () => {
    try {
      const [hydrateIsland] = await Promise.all([load(), siteStylesheetLoaded()]);
      await hydrateIsland();
      if (!window.__islandsFailed?.has(name)) (window.__islandsHydrated ??= new Set()).add(name);
    } catch (error) {
      (window.__islandsFailed ??= new Set()).add(name);
      throw error;
    } finally {
      // Hydrated or not (its code failed to load): whatever waits on it stops waiting.
      document.dispatchEvent(new Event(settledEventName(name)));
    }
  };
  if (window.__islandsDemanded?.has(name)) void hydrate();
  else document.addEventListener(demandEventName(name), () => void hydrate(), { once: true });
};

export default demand;
