import type { IconName } from './index';

/**
 * The icons a service may show (its `icon`): the site's pictograms, not its controls (close, menu)
 * or brand marks. The service form suggests them and the server refuses any other name, which
 * would otherwise show a stand-in icon on /services.
 */
export const SERVICE_ICON_NAMES = [
  'compass',
  'sparkle',
  'globe',
  'pen',
  'megaphone',
  'chart',
  'user',
  'layers',
  'target',
  'handshake',
  'shield',
  'star',
] as const satisfies readonly IconName[];
