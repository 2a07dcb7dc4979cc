/** The 'Services Management' tab (spec section 2): New Service, the form, and the list with edit and delete. */
import { useStore } from '@nanostores/react';
import type { Service } from '../../schemas/service';
import { $collections } from './admin-store';
import ConfirmDialog from './ConfirmDialog';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import ServiceForm from './ServiceForm';
import { Badge, Button, Card } from './ui';
import { useCollectionEditor } from './use-collection-editor';

export default function ServicesTab() {
  const { status, items } = useStore($collections).services;
  const editor = useCollectionEditor<Service>('services', 'service');

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-2xl font-semibold text-brand-900">Services Management</h2>
        <Button onClick={() => editor.open(null)}>
          <PlusIcon />
          New Service
        </Button>
      </div>

      {editor.form && (
        <ServiceForm key={editor.form.key} service={editor.form.item} onCancel={editor.close} onSaved={editor.saved} />
      )}

      {status !== 'loaded' && items.length === 0 ? (
        <p role="status" className="py-10 text-center text-ink-600">
          Loading services...
        </p>
      ) : items.length === 0 ? (
        <Card className="py-10 text-center text-ink-600">No services yet. Create your first service to get started.</Card>
      ) : (
        <ul className="grid gap-4" aria-label="Services">
          {items.map((s) => (
            <li key={s.id}>
              <Card className="flex flex-wrap items-start justify-between gap-4">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-display text-lg font-semibold text-ink-900">{s.title}</h3>
                    {s.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="muted">Inactive</Badge>}
                  </div>
                  <p className="mt-1 text-sm text-ink-700">{s.description}</p>
                  <p className="mt-2 text-xs text-ink-600">
                    Icon: {s.icon} · {s.features.length} {s.features.length === 1 ? 'feature' : 'features'} · Sort order: {s.sortOrder}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button variant="secondary" size="sm" aria-label={`Edit ${s.title}`} onClick={() => editor.open(s)}>
                    <PencilIcon />
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Delete ${s.title}`} onClick={() => editor.askDelete(s)}>
                    <TrashIcon />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={editor.deleting !== null}
        title="Delete service"
        question="Are you sure you want to delete this service?"
        confirmLabel="Delete"
        onConfirm={() => void editor.confirmDelete()}
        onCancel={editor.cancelDelete}
      />
    </div>
  );
}
