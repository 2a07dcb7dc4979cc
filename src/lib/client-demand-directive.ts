/**
 * `client:demand="name"`: hydrates an island when src/lib/island-demand.ts's demandIsland(name) is
 * called, or at once if it already was. Astro inlines this into every page that uses it, so it
 * stays a few lines and imports nothing but the event name.
 */
import type { ClientDirective } from 'astro';
import { demandEventName } from './island-demand';

const demand: ClientDirective = (load, options) => {
  const name = String(options.value);
  const hydrate = async () => {
    const hydrateIsland = await load();
    await hydrateIsland();
  };
  if (window.__islandsDemanded?.has(name)) void hydrate();
  else document.addEventListener(demandEventName(name), () => void hydrate(), { once: true });
};

export default demand;
