/**
 * What every page runs before any island, inlined into the page by BaseLayout (see
 * scripts/lib/page-runtime-plugin.mjs): no request stands between the HTML and a working trigger,
 * and nothing here waits on the network before the first paint. It shares its stores with the
 * islands through src/stores/page-atom.ts and travels in every page, so it must stay small and
 * free of React: the plugin fails the build if any library but nanostores reaches it.
 */
import './enquiry-triggers';
import './nav-trigger';
import './consent-on-load';
import './cookie-settings-link';
import './island-on-use';
import './hide-broken-images';
