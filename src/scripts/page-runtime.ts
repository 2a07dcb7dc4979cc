/**
 * What every page runs before any island: the listeners that turn its static controls into the
 * drawer's, the dialogs' and the forms' (src/lib/page-controls.ts), the cookie choice, and broken
 * images. The page's inline start (src/scripts/page-start.ts) brings it in as a content-hashed file
 * once the first paint is on screen, and holds a press made before then. It shares its stores with
 * the islands through src/stores/page-atom.ts and must stay free of React: the plugin
 * (scripts/lib/page-runtime-plugin.mjs) fails the build if any library but nanostores reaches it.
 */
import './enquiry-triggers';
import './nav-trigger';
import './consent-on-load';
import './cookie-settings-link';
import './island-on-use';
import './hide-broken-images';
