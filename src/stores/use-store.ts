/**
 * Reads a nanostores atom in a React island: @nanostores/react's useStore contract
 * for plain atoms, on React's own useSyncExternalStore.
 *
 * Why not @nanostores/react here: these islands sit in BaseLayout, so they are also
 * rendered by the on-demand function (the 404 page, /insights). astro.config bundles
 * React into that function (vite.ssr.noExternal) while @nanostores/react stays
 * external and imports node_modules' React, a second copy: rendering fails with
 * "Invalid hook call" and the page answers 500. Adding '@nanostores/react' (and
 * /^@radix-ui\// for islands that render Radix on the server) to ssr.noExternal fixes
 * the root cause; the layout's islands do not depend on that.
 */
import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

export function useStore<T>(store: ReadableAtom<T>): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}
