/**
 * The one way an island reads a nanostores atom: React's own useSyncExternalStore over the atom's
 * listen/get, which is all @nanostores/react's useStore does for a plain atom. Written here rather
 * than taken from that package because the public pages' JavaScript has a budget (80 KB gzip, see
 * `npm run bench:pages`) and the package's options (keys, SSR init values) are never used.
 */
import type { ReadableAtom } from 'nanostores';
import { useCallback, useSyncExternalStore } from 'react';

export function useStore<T>(store: ReadableAtom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.listen(onChange), [store]);
  const read = () => store.get();
  return useSyncExternalStore(subscribe, read, read);
}
