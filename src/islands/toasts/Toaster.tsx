/**
 * The page's toast region, fed by the toast store (src/stores/toasts.ts).
 * The Radix region (ToastRegion) is fetched with the first toast and then stays
 * mounted, keeping it out of each page's initial JavaScript.
 */
import { useStore } from '../../stores/use-store';
import { lazy, Suspense } from 'react';
import { $toasts } from '../../stores/toasts';

const ToastRegion = lazy(() => import('./ToastRegion'));

let requested = false;

export default function Toaster() {
  const toasts = useStore($toasts);
  if (toasts.length > 0) requested = true;
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
