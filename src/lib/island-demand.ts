/**
 * Islands that load on demand: an island rendered with `client:demand="name"` fetches React and
 * its own code only once something calls `demandIsland(name)`: the first tap of the menu button,
 * the first enquiry trigger, the first toast, Cookie Settings, the first touch of a form. Until then
 * a brochure page runs no React at all. The request is remembered on `window`, so a demand made before the island's
 * directive has run (or made twice) hydrates it exactly once.
 *
 * The directive itself (src/lib/client-demand-directive.ts) is inlined into each page by Astro and
 * must not import this module's dependencies; this file is its whole contract: the global set and
 * the event name.
 */

export type IslandName = 'enquiry' | 'mobile-nav' | 'toasts' | 'cookie-preferences' | 'contact-form' | 'newsletter-form';

/**
 * Marks the element around a form island that hydrates on first use (src/scripts/island-on-use.ts):
 * the form is a plain post until then, so nothing is lost if the code arrives late.
 */
export const ISLAND_ON_USE_ATTRIBUTE = 'data-island-on-use';

declare global {
  interface Window {
    /** Islands demanded so far on this page. */
    __islandsDemanded?: Set<string>;
  }
}

export const demandEventName = (name: string) => `island-demand:${name}`;

/** Hydrates the `client:demand={name}` island (once), fetching its code if need be. */
export function demandIsland(name: IslandName): void {
  if (typeof window === 'undefined') return;
  const demanded = (window.__islandsDemanded ??= new Set());
  if (demanded.has(name)) return;
  demanded.add(name);
  document.dispatchEvent(new Event(demandEventName(name)));
}
