import type { IconName } from '../../../lib/icons';

/**
 * The icons an article card shows, defined once per page by CardIconSprite.astro. ArticleCard.astro
 * writes the ids as literal hrefs (#insights-icon-{name}) so they stay static template text.
 */
export const CARD_ICONS = ['calendar', 'clock', 'youtube'] as const satisfies readonly IconName[];
export type CardIcon = (typeof CARD_ICONS)[number];
export const cardIconId = (name: CardIcon) => `insights-icon-${name}`;
