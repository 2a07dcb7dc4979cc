/**
 * The page's shared stores. The page runtime (src/scripts/page-runtime.ts) is a bundle of its
 * own, and each island arrives later in another; both include the store modules, so each atom is
 * kept on `window` under its name and made by whichever bundle runs first. Every copy of a store
 * module then reads and writes the same atom, and a trigger's request made before an island's code
 * arrives is there when it does. On the server each module keeps its own.
 */
import { atom, type WritableAtom } from 'nanostores';

declare global {
  interface Window {
    /** The page's shared atoms, by name (see pageAtom). */
    __pageStores?: Map<string, WritableAtom<unknown>>;
  }
}

export function pageAtom<T>(name: string, initial: T): WritableAtom<T> {
  if (typeof window === 'undefined') return atom(initial);
  const stores = (window.__pageStores ??= new Map());
  let store = stores.get(name) as WritableAtom<T> | undefined;
  if (!store) {
    store = atom(initial);
    stores.set(name, store as WritableAtom<unknown>);
  }
  return store;
}
