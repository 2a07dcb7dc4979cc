/**
 * Form islands that hydrate on first use: a press, a focus or a key inside an element marked with
 * ISLAND_ON_USE_ATTRIBUTE demands its island (src/lib/island-demand.ts). Until then the form is a
 * plain post that works without its code, and what is typed meanwhile stays in the fields React
 * adopts; so a visitor who only reads the page loads no React at all.
 */
import { demandIsland, ISLAND_ON_USE_ATTRIBUTE, type IslandName } from '../lib/island-demand';

function demandIslandAround(target: EventTarget | null) {
  const owner = target instanceof Element ? target.closest(`[${ISLAND_ON_USE_ATTRIBUTE}]`) : null;
  const name = owner?.getAttribute(ISLAND_ON_USE_ATTRIBUTE);
  if (name) demandIsland(name as IslandName);
}

for (const type of ['pointerdown', 'focusin', 'keydown']) {
  document.addEventListener(type, (event) => demandIslandAround(event.target), { capture: true, passive: true });
}
// A field focused before this module ran (autofocus on a form sent back, a fast hand).
demandIslandAround(document.activeElement);
