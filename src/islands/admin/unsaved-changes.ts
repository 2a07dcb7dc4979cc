/**
 * Changes typed into an admin form and not yet saved. While any form holds some, leaving the page
 * (reload, close, another address) asks the browser's own question first, and the panel's own
 * ways of dropping a form (Cancel, New or Edit over it, Logout) ask 'Discard changes?' first.
 */
import { atom } from 'nanostores';

/** How many open forms hold unsaved changes. */
export const $unsavedForms = atom(0);

/** Marks one form as holding unsaved changes until the returned function is called. */
export function holdUnsavedChanges(): () => void {
  $unsavedForms.set($unsavedForms.get() + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    $unsavedForms.set(Math.max(0, $unsavedForms.get() - 1));
  };
}

/** Makes leaving the page ask first while a form holds unsaved changes (the panel calls it once). */
export function guardPageExit(): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if ($unsavedForms.get() === 0) return;
    event.preventDefault();
    event.returnValue = ''; // older browsers ask only when this is set
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  return () => window.removeEventListener('beforeunload', onBeforeUnload);
}
