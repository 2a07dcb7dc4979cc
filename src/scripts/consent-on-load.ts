/**
 * Part of the page runtime: a stored `accepted` starts analytics; with no stored choice the banner
 * (CookieBanner.astro), which the page's inline start (src/scripts/page-start.ts) has already shown
 * in the first paint, gets its code (src/scripts/cookie-banner.ts). That code is held in a
 * <template> so that only this visitor's browser fetches it, and the runtime itself runs only once
 * the first paint is on screen, so it never competes with the page for its first round trips. A
 * button pressed before the code has arrived is pressed again for it when it has run. A returning
 * visitor downloads nothing more.
 *
 * A choice can also be made while this page is open without being made on it: in another tab, or
 * on a later page before Back brings this one out of the browser's back/forward cache as it was
 * left, banner and all. Either way it is the visitor's choice here too.
 */
import { COOKIE_ACTION_ATTRIBUTE, COOKIE_BANNER_ATTRIBUTE, COOKIE_BANNER_CODE_ATTRIBUTE, CONSENT_KEY, readConsent, startAnalytics } from '../lib/cookie-consent';
import { returnFocus } from '../lib/return-focus';
import { $cookieBannerHeight } from '../stores/cookie-banner-height';
import { dismissCookieBanner, showCookieBanner } from '../stores/cookie-consent';

// The inline start showed the banner if nothing was stored when the page was parsed; a choice
// made since in another tab (one opened in the background runs this only once it is shown) came
// before the listener below could hear of it, so it is followed here as it would be there.
const choiceAtStart = readConsent();
if (choiceAtStart === null) askForConsent();
else followChoiceMadeElsewhere();

// Listening for storage costs the page a synchronous round trip to the browser process (1-6 ms on
// a desktop, several times that on a phone), so it is set up in a task of its own rather than in
// the runtime's first; a choice made in another tab in between is followed there.
setTimeout(() => {
  // `key` is null when another tab cleared the whole storage: nothing is chosen then, so nothing changes.
  addEventListener('storage', (event) => {
    if (event.key === CONSENT_KEY) followChoiceMadeElsewhere();
  });
  if (choiceAtStart === null && readConsent() !== null) followChoiceMadeElsewhere();
});
addEventListener('pageshow', (event) => {
  if (event.persisted) followChoiceMadeElsewhere();
});

/** The banner goes (the focus it held carrying on from the content), and an accept starts analytics. */
function followChoiceMadeElsewhere() {
  const stored = readConsent();
  if (stored === null) return;
  if (stored === 'accepted') startAnalytics();
  const banner = document.querySelector<HTMLElement>(`[${COOKIE_BANNER_ATTRIBUTE}]`);
  if (!banner || banner.hidden) return;
  const hadFocus = banner.contains(document.activeElement);
  dismissCookieBanner();
  // Hidden here too: the banner's own code, which follows the store, may not have arrived yet.
  banner.hidden = true;
  if (hadFocus) returnFocus(null);
}

function askForConsent() {
  const banner = document.querySelector<HTMLElement>(`[${COOKIE_BANNER_ATTRIBUTE}]`);
  const code = document.querySelector<HTMLTemplateElement>(`template[${COOKIE_BANNER_CODE_ATTRIBUTE}]`);
  if (!banner || !code) return;
  showCookieBanner();
  // It grows as a phone narrows and goes to 0 when hidden, so its height is followed, not read once.
  new ResizeObserver(([entry]) => {
    if (entry) keepClearOfCookieBanner(Math.ceil(entry.borderBoxSize[0]?.blockSize ?? 0));
  }).observe(banner);
  followKeyboard();

  let ran = false;
  let pressedEarly: HTMLElement | null = null;
  const letGo = () => {
    pressedEarly?.removeAttribute('aria-busy');
    pressedEarly = null;
  };
  banner.addEventListener('click', (event) => {
    if (ran) return;
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${COOKIE_ACTION_ATTRIBUTE}]`) : null;
    if (!button) return;
    letGo();
    pressedEarly = button;
    // Says it is waiting, as a press held for the runtime does (page-start.ts): without it the
    // button looks idle for the banner code's round trips, and is pressed again and again.
    button.setAttribute('aria-busy', 'true');
  });
  // As with a press held for the runtime (page-start.ts), the visitor who gives up waiting (Escape)
  // or goes on to something else (Cookie Settings, say) lets it go: a late Accept All would choose
  // for them, and close whatever they opened meanwhile.
  for (const type of ['keydown', 'pointerdown', 'focusin']) {
    document.addEventListener(
      type,
      (event) => {
        if (ran || !pressedEarly) return;
        const target = event.target instanceof Node ? event.target : null;
        if (event instanceof KeyboardEvent ? event.key === 'Escape' : !target || !pressedEarly.contains(target)) letGo();
      },
      true,
    );
  }
  const content = code.content.cloneNode(true) as DocumentFragment;
  const script = content.querySelector('script');
  // A module script's load event follows its run, by when the banner's own listener is there.
  script?.addEventListener('load', () => {
    ran = true;
    const pressed = pressedEarly;
    letGo();
    pressed?.click();
  });
  // Without its code the banner's buttons would do nothing: it goes, as it stays hidden without
  // JavaScript (nothing but necessary storage is used then), and asks again on the next page.
  script?.addEventListener('error', () => {
    letGo();
    banner.hidden = true;
  });
  // A script cloned out of a <template> runs once it is in the document.
  document.body.append(content);
}

/**
 * While the banner shows, nothing the keyboard focuses may sit under it, and toasts rise above it
 * (the toast region reads the store). The page's last links scroll above it by themselves: the
 * banner is sticky at the end of the body (CookieBanner.astro), so the page's height includes it.
 * Focus scrolling keeps clear of the most the banner can be tall (global.css) until the keyboard is
 * first used, and of its exact height from then on: a style written on the root element restyles
 * the whole page, a long task on a phone in its first frames, so it waits for the first key, which
 * comes before the focus it moves.
 */
let bannerHeight = 0;
let keyboardUsed = false;

function keepClearOfCookieBanner(height: number) {
  bannerHeight = height;
  if (keyboardUsed) keepFocusClearOfCookieBanner();
  $cookieBannerHeight.set(height);
}

function keepFocusClearOfCookieBanner() {
  document.documentElement.style.scrollPaddingBottom = bannerHeight ? `calc(${bannerHeight}px + 0.5rem)` : '';
}

function followKeyboard() {
  document.addEventListener(
    'keydown',
    () => {
      keyboardUsed = true;
      keepFocusClearOfCookieBanner();
    },
    { capture: true, once: true },
  );
}
