/**
 * The cookie banner's behaviour, fetched by src/scripts/consent-on-load.ts only for a visitor who has
 * not chosen yet, once the runtime has shown the static banner (src/components/sections/CookieBanner.astro):
 * wires its buttons to the consent store and hides it when the store says so. A choice made on it
 * hides it, so the focus moves on to the page's main region rather than falling to the document.
 */
import { COOKIE_ACTION_ATTRIBUTE, COOKIE_BANNER_ATTRIBUTE, cookieAction } from '../lib/cookie-consent';
import { $cookieConsent, chooseCookies, dismissCookieBanner, setCookieSettingsOpen } from '../stores/cookie-consent';
import { returnFocus } from '../lib/return-focus';

const banner = document.querySelector<HTMLElement>(`[${COOKIE_BANNER_ATTRIBUTE}]`);
if (banner) {
  $cookieConsent.subscribe(({ bannerOpen }) => {
    banner.hidden = !bannerOpen;
  });
  banner.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${COOKIE_ACTION_ATTRIBUTE}]`) : null;
    const action = button && cookieAction(button);
    if (!button || !action) return;
    if (action === 'settings') {
      setCookieSettingsOpen(true, button);
      return;
    }
    if (action === 'dismiss') dismissCookieBanner();
    else chooseCookies(action);
    // The banner is gone with the focus it held: the focus carries on from the content.
    returnFocus(null);
  });
}
