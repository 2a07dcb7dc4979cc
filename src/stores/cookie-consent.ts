/**
 * What the cookie banner and the Cookie Preferences modal show. The banner is static HTML
 * (src/components/sections/CookieBanner.astro) driven by src/scripts/cookie-banner.ts, which only a
 * visitor without a stored choice downloads; the modal is a React island hydrated on demand the
 * first time Cookie Settings is chosen. The choice itself is kept by src/lib/cookie-consent.ts.
 */
import { pageAtom } from './page-atom';
import { storeConsent, type ConsentChoice } from '../lib/cookie-consent';
import { demandIsland, whileIslandLoads } from '../lib/island-demand';

export interface CookieConsentState {
  bannerOpen: boolean;
  settingsOpen: boolean;
  /** The control that opened Cookie Preferences, focused again when the modal closes. */
  settingsTrigger?: HTMLElement | null;
}

export const $cookieConsent = pageAtom<CookieConsentState>('cookie-consent', { bannerOpen: false, settingsOpen: false });

export function showCookieBanner(): void {
  $cookieConsent.set({ ...$cookieConsent.get(), bannerOpen: true });
}

/** The banner's close button: hidden for this page view, asked again on the next. */
export function dismissCookieBanner(): void {
  $cookieConsent.set({ ...$cookieConsent.get(), bannerOpen: false });
}

export function setCookieSettingsOpen(open: boolean, trigger?: HTMLElement | null): void {
  const current = $cookieConsent.get();
  $cookieConsent.set({ ...current, settingsOpen: open, settingsTrigger: open ? (trigger ?? null) : current.settingsTrigger });
  if (!open) return;
  demandIsland('cookie-preferences');
  whileIslandLoads('cookie-preferences', trigger ?? null, () => setCookieSettingsOpen(false));
}

/** Stores the choice (starting analytics if accepted) and closes the banner and the modal. */
export function chooseCookies(choice: ConsentChoice): void {
  storeConsent(choice);
  $cookieConsent.set({ ...$cookieConsent.get(), bannerOpen: false, settingsOpen: false });
}
