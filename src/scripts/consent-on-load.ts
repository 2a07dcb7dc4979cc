/**
 * Runs on every page (the page runtime): a stored `accepted` starts analytics; with no stored
 * choice the banner (CookieBanner.astro) shows at once, in the page's first paint, and its code
 * (src/scripts/cookie-banner.ts), held in a <template> so that only this visitor's browser fetches
 * it, is brought in once that paint is on screen: fetched earlier, it would compete with the page
 * itself for the first round trips. A button pressed before the code has arrived fetches it at
 * once and is pressed again for it when it has run. A returning visitor downloads nothing more.
 */
import { COOKIE_BANNER_ATTRIBUTE, COOKIE_BANNER_CODE_ATTRIBUTE, readConsent, startAnalytics } from '../lib/cookie-consent';
import { showCookieBanner } from '../stores/cookie-consent';

const choice = readConsent();
if (choice === 'accepted') startAnalytics();
else if (choice === null) askForConsent();

function askForConsent() {
  const banner = document.querySelector<HTMLElement>(`[${COOKIE_BANNER_ATTRIBUTE}]`);
  const code = document.querySelector<HTMLTemplateElement>(`template[${COOKIE_BANNER_CODE_ATTRIBUTE}]`);
  if (!banner || !code) return;
  showCookieBanner();
  banner.hidden = false;
  // Its height, for the page to keep focused elements clear of it (global.css); it grows as a
  // phone narrows, so it is followed rather than read once.
  new ResizeObserver(([entry]) => {
    if (entry) document.documentElement.style.setProperty('--cookie-banner-height', `${Math.ceil(entry.borderBoxSize[0]?.blockSize ?? 0)}px`);
  }).observe(banner);

  let requested = false;
  let ran = false;
  let pressedEarly: HTMLElement | null = null;
  const bringInCode = () => {
    if (requested) return;
    requested = true;
    const content = code.content.cloneNode(true) as DocumentFragment;
    const script = content.querySelector('script');
    // A module script's load event follows its run, by when the banner's own listener is there.
    script?.addEventListener('load', () => {
      ran = true;
      pressedEarly?.click();
    });
    // Without its code the banner's buttons would do nothing: it goes, as it stays hidden without
    // JavaScript (nothing but necessary storage is used then), and asks again on the next page.
    script?.addEventListener('error', () => {
      banner.hidden = true;
    });
    // A script cloned out of a <template> runs once it is in the document.
    document.body.append(content);
  };
  banner.addEventListener('click', (event) => {
    if (ran) return;
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cookie-action]') : null;
    if (!button) return;
    pressedEarly = button;
    bringInCode();
  });
  afterFirstPaint(bringInCode);
}

/** Calls `then` once the page's first contentful paint is on screen (or, where the browser cannot say, once the page has loaded). */
function afterFirstPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    if (document.readyState === 'complete') then();
    else addEventListener('load', then, { once: true });
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}
