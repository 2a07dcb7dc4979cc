/**
 * How the page's static controls are marked for the page runtime (src/scripts/page-runtime.ts),
 * which takes them over: the enquiry triggers, the menu button, Cookie Settings and the cookie
 * banner's buttons. Until it has run they are what the HTML says (links to /contact, to the
 * footer's links, to the Cookie Policy; the banner's buttons), and the page's inline start
 * (src/scripts/page-start.ts) holds a press on one until it can be pressed again for the runtime.
 * No store and no library here: the inline start imports this module.
 */
import { COOKIE_BANNER_ATTRIBUTE, COOKIE_SETTINGS_LINK_ATTRIBUTE } from './cookie-consent';

/** The data attributes of an enquiry trigger (the convention in src/stores/enquiry.ts). */
export const ENQUIRY_ATTRIBUTES = {
  service: 'data-enquiry-service',
  page: 'data-enquiry-page',
  ctaButton: 'data-enquiry-cta',
} as const;

/** Marks the header's menu control (src/scripts/nav-trigger.ts). */
export const MOBILE_NAV_TRIGGER_ATTRIBUTE = 'data-mobile-nav-open';

/** Every control the page runtime takes over, as one selector. */
export const RUNTIME_CONTROLS = [
  `[${ENQUIRY_ATTRIBUTES.service}]`,
  `[${MOBILE_NAV_TRIGGER_ATTRIBUTE}]`,
  `[${COOKIE_SETTINGS_LINK_ATTRIBUTE}]`,
  `[${COOKIE_BANNER_ATTRIBUTE}] button`,
].join();

/**
 * Marks the control pressed before the page runtime had run, to be pressed again once it has. An
 * attribute rather than a reference: the menu link is replaced by a button that copies it.
 */
export const HELD_PRESS_ATTRIBUTE = 'data-held-press';

/** Names the page runtime's content-hashed file on the root element (BaseLayout). */
export const PAGE_RUNTIME_ATTRIBUTE = 'data-page-runtime';

/**
 * Whether a click on a link is meant for a new tab or window (a button other than the main one, or
 * a modifier key): such a click follows the link, as any link's would, rather than open a dialog.
 */
export const meantForNewTab = (event: MouseEvent): boolean =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
