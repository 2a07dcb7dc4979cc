/**
 * Runs on every page (the page runtime): a stored `accepted` starts analytics; no stored choice
 * brings in the banner's code (src/scripts/cookie-banner.ts), which CookieBanner.astro holds in a
 * <template> so that only this visitor's browser fetches it. A returning visitor downloads nothing more.
 */
import { COOKIE_BANNER_CODE_ATTRIBUTE, readConsent, startAnalytics } from '../islands/cookies/consent';

const choice = readConsent();
if (choice === 'accepted') startAnalytics();
else if (choice === null) {
  const code = document.querySelector<HTMLTemplateElement>(`template[${COOKIE_BANNER_CODE_ATTRIBUTE}]`);
  // A script cloned out of a <template> runs once it is in the document.
  if (code) document.body.append(code.content.cloneNode(true));
}
