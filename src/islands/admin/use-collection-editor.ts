/**
 * The create/edit/delete flow of a collection tab: which item the form is open for, the delete
 * confirmation, and the toasts and list reloads around them. Dropping a form that holds unsaved
 * changes (Cancel, or New or Edit over it) asks 'Discard changes?' first. The focus is never left
 * on nothing: an opened form takes it (SchemaForm), a closed one gives it back to the button that
 * opened it, and where that has gone (a deleted item's) it goes to the tab's heading.
 */
import { useCallback, useRef, useState } from 'react';
import { api, ApiError, describeFailure } from '../../lib/api-client';
import { toast } from '../../stores/toasts';
import type { Collection } from './collection';
import { endedSession } from './session';
import { collectionCopy, sessionEndedCopy } from '../../content/admin';

let formSession = 0;

type OpenForm<T> = { item: T | null; key: number } | null;

export function useCollectionEditor<T extends { id: number }>(collection: Collection<T>, noun: string, focusTab: () => void) {
  // `key` remounts the form (and an article's editor) for every new create or edit.
  const [form, setForm] = useState<OpenForm<T>>(null);
  const [dirty, setDirty] = useState(false);
  /** What replaces the form once the admin agrees to discard its changes. */
  const [discarding, setDiscarding] = useState<{ next: OpenForm<T> } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const opener = useRef<Element | null>(null);
  /** The item the open form edits, as it last said (SchemaForm): not always the one it opened with. */
  const editingId = useRef<number | null>(null);

  /**
   * Opens `next`, or closes the form and gives the focus back to what opened it, if it is still on
   * the page (else to the tab's heading). After a save, once `reloaded` has settled: the save
   * stamps the article anew, which can move its row (and Edit button) to another page of the list;
   * and if the admin has moved on meanwhile (opened a form, focused something), the focus stays
   * where they put it.
   */
  function show(next: OpenForm<T>, reloaded?: Promise<unknown>) {
    setDirty(false);
    setForm(next);
    if (next) return;
    const from = opener.current;
    opener.current = null;
    const giveBack = () => requestAnimationFrame(() => (from instanceof HTMLElement && from.isConnected ? from.focus() : focusTab()));
    if (!reloaded) {
      giveBack();
      return;
    }
    const afterReload = () => {
      if (!document.activeElement || document.activeElement === document.body) giveBack();
    };
    void reloaded.then(afterReload, afterReload);
  }

  function replaceForm(next: OpenForm<T>) {
    if (form && dirty) setDiscarding({ next });
    else show(next);
  }

  return {
    form,
    deleting,
    discarding: discarding !== null,
    onDirtyChange: useCallback((value: boolean) => setDirty(value), []),
    onEditingChange: useCallback((id: number | null) => void (editingId.current = id), []),
    open: (item: T | null) => {
      opener.current = document.activeElement;
      replaceForm({ item, key: ++formSession });
    },
    close: () => replaceForm(null),
    confirmDiscard() {
      if (discarding) show(discarding.next);
      setDiscarding(null);
    },
    cancelDiscard: () => setDiscarding(null),
    saved() {
      show(null, collection.reload());
    },
    askDelete: (item: T) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
    async confirmDelete() {
      const item = deleting;
      setDeleting(null);
      if (!item) return;
      try {
        await api.delete(collection.itemUrl(item.id));
        toast(collectionCopy.deleted(noun));
        // The form that edits it has nothing left to save to, whether opened for it or turned into
        // its edit (a create whose lost first answer had stored it).
        if (form && editingId.current === item.id) show(null);
        await collection.reload();
        // Its row, and the Delete button the confirmation gave the focus back to, have gone.
        focusTab();
      } catch (err) {
        if (endedSession(err, sessionEndedCopy.notDeleted(noun))) return;
        console.error(`[admin] deleting the ${noun} failed`, err);
        toast({ ...collectionCopy.deleteFailed(noun), description: describeFailure(err), variant: 'destructive' });
        // Gone already (another admin, or retention, deleted it): the row is out of date, and
        // would refuse every Delete pressed on it.
        if (err instanceof ApiError && err.status === 404) await collection.reload();
      }
    },
  };
}
