/**
 * Toast notifications any island can raise: `toast({ title, description, variant })`.
 * The Toaster island (src/islands/toasts/Toaster.tsx, fetched with the first toast or once a form's
 * send is under way) renders them with @radix-ui/react-toast.
 */
import { pageAtom } from './page-atom';
import { demandIsland } from '../lib/island-demand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
}

/** At most one toast shows at a time: a new one replaces the last. */
const TOAST_LIMIT = 1;
/** A toast shows for 5000 ms unless the reader dismisses it first. */
export const TOAST_DURATION = 5000;
/** A dismissed toast leaves the list after 1,000,000 ms: closed at once, it stays listed (hidden) until then. */
const TOAST_REMOVE_DELAY = 1_000_000;

export const $toasts = pageAtom<ToastItem[]>('toasts', []);

let nextId = 0;
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast; the newest replaces older ones beyond TOAST_LIMIT. Returns its id. */
export function toast({ title, description, variant = 'default' }: ToastInput): number {
  const id = ++nextId;
  $toasts.set([{ id, title, description, variant, open: true }, ...$toasts.get()].slice(0, TOAST_LIMIT));
  prepareToasts();
  return id;
}

/**
 * Fetches the toast region (once): with a toast, or ahead of one that is sure to come (a form's send
 * under way), so the outcome of a send shows as soon as it is known, not a round trip or two after.
 */
export function prepareToasts(): void {
  demandIsland('toasts');
}

/** Closes a toast (swipe, close button, timeout); it is removed from the list later. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().map((item) => (item.id === id ? { ...item, open: false } : item)));
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      $toasts.set($toasts.get().filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY),
  );
}
