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
const CONSENT_VALUES = ['accepted', 'necessary-only', 'rejected'] as const;
export type ConsentChoice = (typeof CONSENT_VALUES)[number];

/**
 * Marks each of the cookie banner's buttons with what it does (src/scripts/cookie-banner.ts): a
 * consent choice, `settings` (opens Cookie Settings) or `dismiss` (closes it without a choice).
 */
export const COOKIE_ACTION_ATTRIBUTE = 'data-cookie-action';
const BANNER_ACTIONS = ['settings', 'dismiss'] as const;
export type CookieAction = ConsentChoice | (typeof BANNER_ACTIONS)[number];

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => (values as readonly (string | null)[]).includes(value);

/** What a banner button does; null for a value that names no action, which then does nothing. */
export function cookieAction(button: Element): CookieAction | null {
  const value = button.getAttribute(COOKIE_ACTION_ATTRIBUTE);
  return isOneOf(CONSENT_VALUES, value) || isOneOf(BANNER_ACTIONS, value) ? value : null;
}

declare global {
  interface Window {
    /** Defined by an analytics integration, if the firm adds one. */
    initAnalytics?: () => void;
    /** Set once analytics has been started on this page (see startAnalytics). */
    __analyticsStarted?: boolean;
  }
}

export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return isOneOf(CONSENT_VALUES, value) ? value : null;
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

/**
 * Starts analytics at most once per page: an accept confirmed again (from the footer's Cookie
 * Settings, or in another tab) must not start a second tracker counting the same visit twice. The
 * mark is on `window`, as the page runtime and the Cookie Preferences island each bundle a copy of
 * this module.
 */
export function startAnalytics(): void {
  if (window.__analyticsStarted || !window.initAnalytics) return;
  window.__analyticsStarted = true;
  window.initAnalytics();
}
