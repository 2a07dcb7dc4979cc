/**
 * The cookie banner's behaviour, fetched by src/scripts/consent-on-load.ts only for a visitor who has
 * not chosen yet: shows the static banner (src/components/sections/CookieBanner.astro) and wires
 * its buttons to the consent store.
 */
import type { ConsentChoice } from '../islands/cookies/consent';
import { $cookieConsent, chooseCookies, dismissCookieBanner, setCookieSettingsOpen, showCookieBanner } from '../stores/cookie-consent';

const banner = document.querySelector<HTMLElement>('[data-cookie-banner]');
if (banner) {
  $cookieConsent.subscribe(({ bannerOpen }) => {
    banner.hidden = !bannerOpen;
  });
  banner.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-cookie-action]') : null;
    const action = button?.dataset.cookieAction;
    if (action === 'settings') setCookieSettingsOpen(true);
    else if (action === 'dismiss') dismissCookieBanner();
    else if (action) chooseCookies(action as ConsentChoice);
  });
  showCookieBanner();
}
