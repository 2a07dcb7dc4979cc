/**
 * Runs on every page (BaseLayout's bundled script): a stored `accepted` starts analytics; no stored
 * choice fetches the banner's code (src/scripts/cookie-banner.ts). A returning visitor downloads
 * nothing more.
 */
import { readConsent, startAnalytics } from '../islands/cookies/consent';

const choice = readConsent();
if (choice === 'accepted') startAnalytics();
else if (choice === null) void import('./cookie-banner');
