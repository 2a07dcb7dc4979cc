/**
 * The one icon table: inline SVG bodies on a 24x24 grid, stroke icons unless listed in
 * FILLED_ICONS. Constant markup written here, never data from outside.
 *
 * The bodies live in two files by who draws them, ./site.ts and ./admin.ts, each icon its own
 * export: an island imports the file's namespace and passes the icon itself
 * (`import * as icons from '../../lib/icons/site'`, `<Icon body={icons.close} />`), so the bundler
 * keeps only the icons it draws, and the admin panel's never reach a public page. ICONS gathers
 * both by name for Icon.astro and the Insights card sprite, which render on the server.
 */
import * as admin from './admin';
import * as site from './site';

export const ICONS = { ...site, ...admin } as const;

export type IconName = keyof typeof ICONS;

export const FILLED_ICONS: ReadonlySet<IconName> = new Set(['linkedin', 'x', 'instagram', 'facebook', 'youtube']);

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name);
}
