/**
 * The brand glyphs (the footer's five social networks, on every page) are long filled paths: about
 * 600 bytes of every compressed page, where a page past the first TCP window (about 14.6 KB with
 * its headers) waits one round trip more before anything paints. They are drawn from one sprite
 * file instead (`<use href="…#linkedin">`), fetched once at low cost below the fold and kept for a
 * year under its content-hashed name. The file is written at build from the same icon table
 * (scripts/lib/brand-icons-integration.mjs), so the name a page uses always matches its content.
 */
import crypto from 'node:crypto';
import { FILLED_ICONS, ICONS, type IconName } from '../lib/icons';
import { ICON_VIEW_BOX } from '../lib/icons/frame';

/** The sprite: one `<symbol>` per brand glyph, named by its icon name. */
export const BRAND_ICONS = `<svg xmlns="http://www.w3.org/2000/svg">${[...FILLED_ICONS]
  .map((name) => `<symbol id="${name}" viewBox="${ICON_VIEW_BOX}">${ICONS[name]}</symbol>`)
  .join('')}</svg>`;

/** Where the sprite is served: the content-hashed, immutable asset folder. */
export const BRAND_ICONS_PATH = `/_astro/brand-icons.${crypto.createHash('sha256').update(BRAND_ICONS).digest('base64url').slice(0, 12)}.svg`;

/** A brand glyph's address in the sprite, for `<use href>`. */
export const brandIconHref = (name: IconName) => `${BRAND_ICONS_PATH}#${name}`;
