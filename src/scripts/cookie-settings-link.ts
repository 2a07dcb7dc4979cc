/**
 * The footer's Cookie Settings link (every page): opens Cookie Preferences, so a choice once made
 * can be changed or withdrawn as easily as it was given, long after the banner has gone. Without
 * scripts it is a plain link to the Cookie Policy.
 */
import { COOKIE_SETTINGS_LINK_ATTRIBUTE } from '../lib/cookie-consent';
import { meantForNewTab } from '../lib/page-controls';
import { setCookieSettingsOpen } from '../stores/cookie-consent';

// From now on it opens a dialog, and says so (without scripts it is a plain link).
for (const link of document.querySelectorAll(`[${COOKIE_SETTINGS_LINK_ATTRIBUTE}]`)) link.setAttribute('aria-haspopup', 'dialog');

document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest<HTMLElement>(`[${COOKIE_SETTINGS_LINK_ATTRIBUTE}]`) : null;
  if (!link || meantForNewTab(event)) return;
  event.preventDefault();
  setCookieSettingsOpen(true, link);
});
