/**
 * The one script inlined into every page, with its CSP hash (scripts/lib/page-runtime-plugin.mjs).
 * It shows the cookie banner to a visitor with no stored choice, in the page's first paint, and
 * brings in the page runtime (src/scripts/page-runtime.ts, the content-hashed file the root element
 * names) once that paint is on screen, or at the first press, key or focus if that comes sooner.
 * Inlined, the runtime would push a long page (the Insights list) past its first round trip;
 * fetched before the paint, it would compete with the page for it.
 *
 * A click on a control the runtime takes over (src/lib/page-controls.ts) before it has run is held,
 * not followed, and the control is pressed again once the runtime has run, so no press is lost and
 * none leaves the page for the link's fallback. While it is held the control says it is busy, and
 * Escape, a press elsewhere or the focus moving on lets it go, as a press waiting for an island is
 * (src/lib/island-demand.ts): nothing opens late over what the visitor has gone on to. Should the
 * runtime never arrive, a held link is followed after all, later ones work as plain links, and the
 * cookie banner, whose buttons would do nothing, goes. It must stay small and import no library: it
 * travels in every page.
 */
import { COOKIE_BANNER_ATTRIBUTE, readConsent } from '../lib/cookie-consent';
import { HELD_PRESS_ATTRIBUTE, PAGE_RUNTIME_ATTRIBUTE, RUNTIME_CONTROLS } from '../lib/page-controls';

const HELD = `[${HELD_PRESS_ATTRIBUTE}]`;
const banner = document.querySelector<HTMLElement>(`[${COOKIE_BANNER_ATTRIBUTE}]`);
if (banner && readConsent() === null) banner.hidden = false;

let runtime: 'waiting' | 'requested' | 'ran' | 'failed' = 'waiting';

function bringInRuntime() {
  const src = document.documentElement.getAttribute(PAGE_RUNTIME_ATTRIBUTE);
  if (runtime !== 'waiting' || !src) return;
  runtime = 'requested';
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  // A module script's load event follows its run, by when its listeners are there.
  script.addEventListener('load', () => {
    runtime = 'ran';
    letGo()?.click();
  });
  script.addEventListener('error', () => {
    runtime = 'failed';
    if (banner) banner.hidden = true;
    const held = letGo()?.closest('a');
    if (held) location.assign(held.href);
  });
  document.head.append(script);
}

document.addEventListener(
  'click',
  (event) => {
    if (runtime === 'ran' || runtime === 'failed' || event.button) return;
    const control = event.target instanceof Element ? event.target.closest(RUNTIME_CONTROLS) : null;
    // A link clicked for a new tab or window follows it, as it would once the runtime runs; a
    // button (the banner's) means the same with or without a modifier.
    if (!control || (control.closest('a') && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))) return;
    event.preventDefault();
    letGo();
    control.setAttribute(HELD_PRESS_ATTRIBUTE, '');
    control.setAttribute('aria-busy', 'true');
    bringInRuntime();
  },
  true,
);

/** Takes the hold off the held control, if any, and returns it. */
function letGo() {
  const held = document.querySelector<HTMLElement>(HELD);
  held?.removeAttribute(HELD_PRESS_ATTRIBUTE);
  held?.removeAttribute('aria-busy');
  return held;
}

// The visitor who gives up waiting (Escape) or goes on to something else lets a held press go.
for (const type of ['keydown', 'pointerdown', 'focusin']) {
  document.addEventListener(
    type,
    (event) => {
      if (runtime === 'ran' || runtime === 'failed') return;
      const target = event.target instanceof Element ? event.target : null;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !target?.closest(HELD)) letGo();
    },
    true,
  );
}

// Someone at work on the page should not wait for the paint's signal.
for (const type of ['pointerdown', 'keydown', 'focusin']) document.addEventListener(type, bringInRuntime, { capture: true, once: true, passive: true });

if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    bringInRuntime();
  });
  observer.observe({ type: 'paint', buffered: true });
} else if (document.readyState === 'complete') bringInRuntime();
else addEventListener('load', bringInRuntime, { once: true });
