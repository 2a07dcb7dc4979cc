/**
 * How every icon is drawn, wherever it renders (Icon.astro, the islands' Icon, the Insights card
 * sprite): a 24x24 grid, stroked in the text colour at one weight, so an icon looks the same in a
 * static page and in an island. Filled glyphs (FILLED_ICONS) take the colour as fill instead.
 */
export const ICON_VIEW_BOX = '0 0 24 24';
export const ICON_STROKE_WIDTH = 1.8;
