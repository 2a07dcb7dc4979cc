import type { Locator } from '@playwright/test';

/** WCAG's contrast ratio between two opaque colours as getComputedStyle gives them ('rgb(r, g, b)'). */
function contrastRatio(a: string, b: string): number {
  const luminance = (colour: string) => {
    const channels = colour.match(/[\d.]+/g)!.slice(0, 3).map(Number);
    const [r, g, bl] = channels.map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((light! + 0.05) / (dark! + 0.05)) * 100) / 100;
}

/**
 * The contrast of an element's top border (or of its fill: a switch's track) against the first
 * opaque background behind it: what WCAG 1.4.11 asks of the edge that shows where a control is.
 */
export async function edgeContrast(element: Locator, part: 'border' | 'background' = 'border'): Promise<number> {
  const [edge, behind] = await element.evaluate((e, which) => {
    const opaque = (colour: string) => colour !== 'transparent' && !/rgba\(.*, 0\)$/.test(colour);
    let parent = e.parentElement;
    while (parent && !opaque(getComputedStyle(parent).backgroundColor)) parent = parent.parentElement;
    const own = getComputedStyle(e);
    return [which === 'border' ? own.borderTopColor : own.backgroundColor, parent ? getComputedStyle(parent).backgroundColor : 'rgb(255, 255, 255)'];
  }, part);
  return contrastRatio(edge, behind);
}
