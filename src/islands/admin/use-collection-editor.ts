/**
 * The create/edit/delete flow the Articles and Services tabs share: which item the form is open
 * for, the delete confirmation, and the list reloads and spec section 8 toasts around them.
 */
import { useState } from 'react';
import { toast } from '../../stores/toasts';
import { adminDelete } from './admin-api';
import { loadCollection } from './admin-store';

let formSession = 0;

export function useCollectionEditor<T extends { id: number }>(collection: 'articles' | 'services', noun: 'article' | 'service') {
  // `key` remounts the form (and an article's editor) for every new create or edit.
  const [form, setForm] = useState<{ item: T | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const Noun = noun[0]!.toUpperCase() + noun.slice(1);

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
      void loadCollection(collection, { reload: true });
    },
    askDelete: (item: T) => setDeleting(item),
    cancelDelete: () => setDeleting(null),
    async confirmDelete() {
      const item = deleting;
      setDeleting(null);
      if (!item) return;
      try {
        await adminDelete(`/api/${collection}/${item.id}`);
        toast({ title: `${Noun} deleted` });
        if (form?.item?.id === item.id) setForm(null);
        await loadCollection(collection, { reload: true });
      } catch (err) {
        console.error(`[admin] deleting the ${noun} failed`, err);
        toast({ title: `Error deleting ${noun}`, variant: 'destructive' });
      }
    },
  };
}
