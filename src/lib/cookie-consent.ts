/**
 * Cookie consent: the choice lives in localStorage under
 * `cookie-consent`; an `accepted` choice starts analytics through the optional
 * global hook `window.initAnalytics`, at once and on every later load.
 */

export const CONSENT_KEY = 'cookie-consent';

/** Marks the cookie banner (CookieBanner.astro), which the page runtime shows and its code drives. */
export const COOKIE_BANNER_ATTRIBUTE = 'data-cookie-banner';
/** Marks the footer's Cookie Settings link (src/scripts/cookie-settings-link.ts). */
export const COOKIE_SETTINGS_LINK_ATTRIBUTE = 'data-cookie-settings';
/** Marks the <template> in CookieBanner.astro that holds the banner's script (src/scripts/consent-on-load.ts). */
export const COOKIE_BANNER_CODE_ATTRIBUTE = 'data-cookie-banner-code';
export const CONSENT_VALUES = ['accepted', 'necessary-only', 'rejected'] as const;
export type ConsentChoice = (typeof CONSENT_VALUES)[number];

declare global {
  interface Window {
    /** Defined by an analytics integration, if the firm adds one. */
    initAnalytics?: () => void;
  }
}

export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return (CONSENT_VALUES as readonly string[]).includes(value ?? '') ? (value as ConsentChoice) : null;
  } catch {
    // Storage can be unavailable (privacy modes); behave as if no choice was made.
    return null;
  }
}

export function storeConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    // Nothing to do: the banner hides for this page view either way.
  }
  if (choice === 'accepted') startAnalytics();
}

export function startAnalytics(): void {
  window.initAnalytics?.();
}
