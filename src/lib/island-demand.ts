/**
 * Islands that load on demand: an island rendered with `client:demand="name"` fetches React and
 * its own code only once something calls `demandIsland(name)`: the first tap of the menu button,
 * the first enquiry trigger, the first toast or form send, Cookie Settings, the first touch of a form. Until then
 * a brochure page runs no React at all. The request is remembered on `window`, so a demand made before the island's
 * directive has run (or made twice) hydrates it exactly once.
 *
 * The directive itself (src/lib/client-demand-directive.ts) is inlined into each page by Astro and
 * must not import this module's dependencies; this file is its whole contract: the global set and
 * the event name.
 */

export type IslandName = 'enquiry' | 'mobile-nav' | 'toasts' | 'cookie-preferences' | 'enquiry-form' | 'newsletter-form';

/**
 * Marks the element around a form island that hydrates on first use (src/scripts/island-on-use.ts):
 * the form is a plain post until then, so nothing is lost if the code arrives late.
 */
export const ISLAND_ON_USE_ATTRIBUTE = 'data-island-on-use';

declare global {
  interface Window {
    /** Islands demanded so far on this page. */
    __islandsDemanded?: Set<string>;
    /** Islands hydrated so far on this page (set by the directive). */
    __islandsHydrated?: Set<string>;
    /** Islands whose code, or Astro's island runtime, could not be fetched: they never hydrate on this page. */
    __islandsFailed?: Set<string>;
  }
}

/**
 * Where a control that asks for an island leads when the island cannot load (offline, or a deploy
 * since the page was opened took its old hashed files away): a link's own href, or, for a link the
 * page runtime turned into a button (the menu), the href it had, kept in this attribute.
 */
export const FALLBACK_HREF_ATTRIBUTE = 'data-fallback-href';

export const demandEventName = (name: string) => `island-demand:${name}`;
/**
 * Dispatched on document once the island has hydrated, or failed to (its code did not load):
 * src/lib/client-demand-directive.ts. Only a hydrated one is added to `__islandsHydrated`.
 */
export const settledEventName = (name: string) => `island-settled:${name}`;

/** Set once Astro's island runtime could not be fetched: no island on this page can hydrate. */
let runtimeFailed = false;

function islandFailed(name: string) {
  (window.__islandsFailed ??= new Set()).add(name);
  document.dispatchEvent(new Event(settledEventName(name)));
}

function fetchOnce(rel: 'modulepreload' | 'preload', href: string, as?: string) {
  if (document.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  if (as) link.as = as;
  document.head.append(link);
}

/**
 * Astro's island runtime is not in the page when every island on it waits for a demand
 * (src/server/pages/island-runtime.ts): the page names its file, and the first demand adds it. The
 * demanded island's entry files and the site stylesheet are fetched alongside it, not after it, so
 * the runtime adds no round trip to the first island's two (its entry files, then every chunk they
 * import at once: scripts/lib/flat-island-imports-plugin.mjs), as it did when it was inline.
 */
function startIslandRuntime(name: string) {
  const runtime = document.documentElement.dataset.islandRuntime;
  if (!runtime || customElements.get('astro-island')) return;
  for (const island of document.querySelectorAll('astro-island[client="demand"]')) {
    let value: unknown;
    try {
      value = JSON.parse(island.getAttribute('opts') ?? '{}')?.value;
    } catch {
      continue;
    }
    if (value !== name) continue;
    for (const url of [island.getAttribute('component-url'), island.getAttribute('renderer-url')]) if (url) fetchOnce('modulepreload', url);
  }
  const stylesheet = document.documentElement.dataset.siteStylesheet;
  if (stylesheet) fetchOnce('preload', stylesheet, 'style');
  if (document.querySelector(`script[src="${CSS.escape(runtime)}"]`)) return;
  const script = document.createElement('script');
  script.src = runtime;
  script.addEventListener('error', () => {
    runtimeFailed = true;
    for (const demanded of window.__islandsDemanded ?? []) islandFailed(demanded);
  });
  document.head.append(script);
}

/** Hydrates the `client:demand={name}` island (once), fetching its code if need be. */
export function demandIsland(name: IslandName): void {
  if (typeof window === 'undefined') return;
  const demanded = (window.__islandsDemanded ??= new Set());
  if (demanded.has(name)) return;
  demanded.add(name);
  if (runtimeFailed) return islandFailed(name);
  startIslandRuntime(name);
  document.dispatchEvent(new Event(demandEventName(name)));
}

/** The islands a pressed control is waiting for, each watched once however often it is pressed. */
const waiting = new Set<IslandName>();

/**
 * The island will never come: the request is withdrawn and the control goes where it goes without
 * scripts (FALLBACK_HREF_ATTRIBUTE), so the press still leads somewhere rather than nowhere.
 */
function fallBack(trigger: HTMLElement, withdraw: () => void) {
  withdraw();
  const href = trigger instanceof HTMLAnchorElement ? trigger.href : trigger.getAttribute(FALLBACK_HREF_ATTRIBUTE);
  if (href) window.location.assign(href);
}

/**
 * While a demanded island's code is still on its way (a slow connection), the control that asked
 * for it says so (aria-busy; a progress cursor, global.css), and Escape, a press elsewhere or the
 * focus moving on outside any dialog withdraws the request (`withdraw`): the island then hydrates
 * closed rather than open late over whatever the visitor has gone on to. The watch ends when the
 * island has hydrated or its code has failed to load; failed, the control falls back to its link.
 */
export function whileIslandLoads(name: IslandName, trigger: HTMLElement | null, withdraw: () => void): void {
  if (typeof window === 'undefined' || !trigger) return;
  if (window.__islandsFailed?.has(name)) return fallBack(trigger, withdraw);
  if (window.__islandsHydrated?.has(name) || waiting.has(name)) return;
  waiting.add(name);
  trigger.setAttribute('aria-busy', 'true');
  const settle = () => {
    waiting.delete(name);
    trigger.removeAttribute('aria-busy');
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('focusin', onMove, true);
    document.removeEventListener('pointerdown', onMove, true);
    document.removeEventListener(settledEventName(name), onSettled);
  };
  const onSettled = () => {
    settle();
    if (window.__islandsFailed?.has(name)) fallBack(trigger, withdraw);
  };
  const giveUp = () => {
    settle();
    withdraw();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') giveUp();
  };
  const onMove = (event: Event) => {
    const target = event.target;
    if (target instanceof Node && trigger.contains(target)) return;
    if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]')) return;
    giveUp();
  };
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onMove, true);
  document.addEventListener('pointerdown', onMove, true);
  document.addEventListener(settledEventName(name), onSettled);
}
