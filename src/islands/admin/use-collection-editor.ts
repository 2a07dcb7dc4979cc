/**
 * The create/edit/delete flow of a collection tab: which item the form is open for, the delete
 * confirmation, and the toasts and list reloads around them.
 */
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { toast } from '../../stores/toasts';
import type { Collection } from './collection';
import { capitalise } from './nouns';

let formSession = 0;

export function useCollectionEditor<T extends { id: number }>(collection: Collection<T>, noun: string) {
  // `key` remounts the form (and an article's editor) for every new create or edit.
  const [form, setForm] = useState<{ item: T | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);

  return {
    form,
    deleting,
    open(item: T | null) {
      setForm({ item, key: ++formSession });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    close: () => setForm(null),
    saved() {
      setForm(null);
      void collection.reload();
    },
    askDelete: (item: T) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
    async confirmDelete() {
      const item = deleting;
      setDeleting(null);
      if (!item) return;
      try {
        await api.delete(collection.itemUrl(item.id));
        toast({ title: `${capitalise(noun)} deleted` });
        if (form?.item?.id === item.id) setForm(null);
        await collection.reload();
      } catch (err) {
        console.error(`[admin] deleting the ${noun} failed`, err);
        toast({ title: `Error deleting ${noun}`, variant: 'destructive' });
      }
    },
  };
}
