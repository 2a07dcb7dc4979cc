/** The 'Services Management' tab (spec section 2): New Service, the form, and the list with edit and delete. */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Service } from '../../schemas/service';
import { toast } from '../../stores/toasts';
import { adminDelete } from './admin-api';
import { $collections, loadCollection } from './admin-store';
import ConfirmDialog from './ConfirmDialog';
import { PencilIcon, PlusIcon, TrashIcon } from './icons';
import ServiceForm from './ServiceForm';
import { Badge, Button, Card } from './ui';

let formSession = 0;

export default function ServicesTab() {
  const { status, items } = useStore($collections).services;
  const [form, setForm] = useState<{ service: Service | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);

  const open = (service: Service | null) => {
    setForm({ service, key: ++formSession });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  async function confirmDelete() {
    const service = deleting;
    setDeleting(null);
    if (!service) return;
    try {
      await adminDelete(`/api/services/${service.id}`);
      toast({ title: 'Service deleted' });
      if (form?.service?.id === service.id) setForm(null);
      await loadCollection('services', { reload: true });
    } catch (err) {
      console.error('[admin] deleting the service failed', err);
      toast({ title: 'Error deleting service', variant: 'destructive' });
    }
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="font-display text-2xl font-semibold text-brand-900">Services Management</h2>
        <Button onClick={() => open(null)}>
          <PlusIcon />
          New Service
        </Button>
      </div>

      {form && (
        <ServiceForm
          key={form.key}
          service={form.service}
          onCancel={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void loadCollection('services', { reload: true });
          }}
        />
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
                  <Button variant="secondary" size="sm" aria-label={`Edit ${s.title}`} onClick={() => open(s)}>
                    <PencilIcon />
                  </Button>
                  <Button variant="secondary" size="sm" aria-label={`Delete ${s.title}`} onClick={() => setDeleting(s)}>
                    <TrashIcon />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete service"
        question="Are you sure you want to delete this service?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
