/**
 * The toasts island: it renders the toast region (ToastRegion.tsx) from the first toast the store
 * (src/stores/toasts.ts) holds, and keeps it mounted after. BaseLayout hydrates it
 * client:demand="toasts", so the island and the Radix region are fetched with the first toast. It
 * hydrates over its server markup (nothing), so its first render must be nothing too, whatever the
 * store already holds; the region comes in the render after.
 */
import { useEffect, useState } from 'react';
import { useStore } from '../../stores/use-store';
import { $toasts } from '../../stores/toasts';
import ToastRegion from './ToastRegion';

let requested = false;

export default function Toaster() {
  const toasts = useStore($toasts);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (toasts.length > 0) requested = true;
  if (!hydrated || !requested) return null;
  return <ToastRegion />;
}
