/**
 * Form islands that hydrate on first use: a press, a focus or a key inside an element marked with
 * ISLAND_ON_USE_ATTRIBUTE demands its island (src/lib/island-demand.ts). Until then the form is a
 * plain post that works without its code, and what is typed meanwhile stays in the fields React
 * adopts; so a visitor who only reads the page loads no React at all.
 */
import { demandIsland, ISLAND_ON_USE_ATTRIBUTE, settledEventName, type IslandName } from '../lib/island-demand';

function islandAround(target: EventTarget | null): { owner: Element; name: IslandName } | undefined {
  const owner = target instanceof Element ? target.closest(`[${ISLAND_ON_USE_ATTRIBUTE}]`) : null;
  const name = owner?.getAttribute(ISLAND_ON_USE_ATTRIBUTE);
  return owner && name ? { owner, name: name as IslandName } : undefined;
}

function demandIslandAround(target: EventTarget | null) {
  const around = islandAround(target);
  if (around) demandIsland(around.name);
}

for (const type of ['pointerdown', 'focusin', 'keydown']) {
  document.addEventListener(type, (event) => demandIslandAround(event.target), { capture: true, passive: true });
}
// A field focused before this module ran (autofocus on a form sent back, a fast hand).
demandIslandAround(document.activeElement);

/** Islands whose form was sent, incomplete, while their code was on its way. */
const sentEarly = new Set<IslandName>();

/**
 * A form sent incomplete while its island is on its way (the press that asked for the island is the
 * one that sent it) would get the browser's own bubble on its first empty field, and the island's
 * words beside every field only at the next press. The browser's check is held back, and the send
 * made again once the island has taken the form over (its form no longer validates natively), so
 * the first press gets the island's messages. A valid form is not held: it posts as a plain form.
 * If the island cannot load, the browser's own check is shown after all.
 */
document.addEventListener(
  'invalid',
  (event) => {
    const around = islandAround(event.target);
    if (!around || window.__islandsHydrated?.has(around.name) || window.__islandsFailed?.has(around.name)) return;
    event.preventDefault();
    const { owner, name } = around;
    if (sentEarly.has(name)) return; // one send, one invalid event per field
    sentEarly.add(name);
    demandIsland(name);
    document.addEventListener(
      settledEventName(name),
      () => {
        sentEarly.delete(name);
        const form = () => owner.querySelector('form');
        if (!window.__islandsHydrated?.has(name)) return void form()?.reportValidity();
        const sendAgain = () => {
          const taken = form();
          if (!taken?.noValidate) return false;
          taken.requestSubmit();
          return true;
        };
        if (sendAgain()) return;
        // Hydration may commit after the island reports itself settled: wait for the island's form.
        const watch = new MutationObserver(() => sendAgain() && watch.disconnect());
        watch.observe(owner, { attributes: true, attributeFilter: ['novalidate'], childList: true, subtree: true });
      },
      { once: true },
    );
  },
  { capture: true },
);
