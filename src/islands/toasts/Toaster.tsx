/**
 * The page's toast region, fed by the toast store (src/stores/toasts.ts).
 * BaseLayout hydrates it client:demand="toasts": the island and the Radix region
 * are fetched with the first toast and then stay mounted. It hydrates over its
 * server markup (nothing), so its first render must be nothing too, whatever the
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
