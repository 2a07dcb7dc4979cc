/**
 * The page's toast region, fed by the toast store (src/stores/toasts.ts).
 * BaseLayout hydrates it client:demand="toasts": the island and the Radix region
 * are fetched with the first toast and then stay mounted.
 */
import { useStore } from '../../stores/use-store';
import { $toasts } from '../../stores/toasts';
import ToastRegion from './ToastRegion';

let requested = false;

export default function Toaster() {
  const toasts = useStore($toasts);
  if (toasts.length > 0) requested = true;
  if (!requested) return null;
  return <ToastRegion />;
}
