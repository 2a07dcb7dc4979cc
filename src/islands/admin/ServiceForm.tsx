/**
 * The 'Create New Service' / 'Edit Service' form (spec sections 2, 4, 5 and 8): features one per
 * line (blank lines dropped), sort order an integer falling back to 0.
 */
import { useState, type FormEvent } from 'react';
import { SERVICE_LIMITS, parseSortOrder, splitFeatures, type Service, type ServiceInput } from '../../schemas/service';
import { toast } from '../../stores/toasts';
import { ApiError, adminPost, adminPut } from './admin-api';
import { Button, Card, Field, Toggle, inputClass } from './ui';

interface Values {
  title: string;
  description: string;
  icon: string;
  features: string;
  sortOrder: string;
  isActive: boolean;
}

const blank: Values = { title: '', description: '', icon: '', features: '', sortOrder: '0', isActive: true };

const fromService = (s: Service): Values => ({
  title: s.title,
  description: s.description,
  icon: s.icon,
  features: s.features.join('\n'),
  sortOrder: String(s.sortOrder),
  isActive: s.isActive,
});

interface Props {
  service: Service | null;
  onSaved: () => void;
  onCancel: () => void;
}

export default function ServiceForm({ service, onSaved, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => (service ? fromService(service) : blank));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const editing = service !== null;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (issues[key]) setIssues(({ [key]: _, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const payload: ServiceInput = {
      title: values.title,
      description: values.description,
      icon: values.icon,
      features: splitFeatures(values.features),
      sortOrder: parseSortOrder(values.sortOrder),
      isActive: values.isActive,
    };
    setSaving(true);
    try {
      if (editing) await adminPut(`/api/services/${service.id}`, payload);
      else await adminPost('/api/services', payload);
      toast({ title: editing ? 'Service updated' : 'Service created', description: 'Changes saved successfully' });
      onSaved();
    } catch (err) {
      console.error('[admin] saving the service failed', err);
      if (err instanceof ApiError) setIssues(err.fieldIssues);
      toast({ title: 'Error saving service', description: 'Please try again', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <h3 className="font-display text-xl font-semibold text-brand-900">{editing ? 'Edit Service' : 'Create New Service'}</h3>
      <form onSubmit={onSubmit} className="mt-5 grid gap-5" aria-busy={saving} noValidate>
        <Field label="Title" error={issues.title}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="text"
              className={inputClass}
              value={values.title}
              onChange={(e) => set('title', e.target.value)}
              maxLength={SERVICE_LIMITS.title}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field label="Description" error={issues.description}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={3}
              className={inputClass}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
              maxLength={SERVICE_LIMITS.description}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Icon Name" error={issues.icon} hint="The name of the icon shown with the service, e.g. target">
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="text"
                className={inputClass}
                value={values.icon}
                onChange={(e) => set('icon', e.target.value)}
                placeholder="target"
                maxLength={SERVICE_LIMITS.icon}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <Field label="Sort Order" error={issues.sortOrder}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                type="number"
                step={1}
                className={inputClass}
                value={values.sortOrder}
                onChange={(e) => set('sortOrder', e.target.value)}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
        </div>
        <Field label="Features (one per line)" error={issues.features ?? Object.entries(issues).find(([k]) => k.startsWith('features.'))?.[1]}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              rows={5}
              className={inputClass}
              value={values.features}
              onChange={(e) => set('features', e.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Toggle label="Active" checked={values.isActive} onChange={(v) => set('isActive', v)} />
        <div className="flex flex-wrap justify-end gap-3 border-t border-ink-200 pt-5">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Update Service' : 'Create Service'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
