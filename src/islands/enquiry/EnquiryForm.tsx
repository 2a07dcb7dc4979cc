/**
 * The enquiry form, used inside the 'Get in Touch' dialog and on /contact.
 * Validated client-side with the same zod schema the API uses
 * (src/schemas/contact.ts); the server's 400 issues are shown beside the fields too.
 *
 * The inputs are uncontrolled and read with FormData on submit: on /contact the
 * form is server-rendered, so text typed before the island hydrates must survive
 * hydration. Until then the submit button is disabled, so an early click cannot
 * fall back to a native GET submit that would put the enquiry in the URL.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { contactFormFields, CONTACT_LIMITS, type ContactFormField } from '../../schemas/contact-limits';
import { toast } from '../../stores/toasts';
import type { EnquiryContext } from '../../stores/enquiry';

/** zod + the API client, fetched on first focus so they are not in the page's initial JS. */
const loadSubmit = () => import('./submit-enquiry');

type Errors = Partial<Record<ContactFormField, string>>;

interface FieldSpec {
  name: ContactFormField;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
  wide?: boolean;
}

/** Labels are verbatim from spec section 2; Message is required (section 5) though unstarred. */
const fields: FieldSpec[] = [
  { name: 'firstName', label: 'First Name *', type: 'text', autoComplete: 'given-name', maxLength: CONTACT_LIMITS.name },
  { name: 'lastName', label: 'Last Name *', type: 'text', autoComplete: 'family-name', maxLength: CONTACT_LIMITS.name },
  { name: 'email', label: 'Email *', type: 'email', autoComplete: 'email', maxLength: CONTACT_LIMITS.email },
  { name: 'phone', label: 'Phone *', type: 'tel', autoComplete: 'tel', maxLength: CONTACT_LIMITS.phone },
  { name: 'company', label: 'Company *', type: 'text', autoComplete: 'organization', maxLength: CONTACT_LIMITS.company, wide: true },
];

const inputClass =
  'block w-full rounded-control border bg-white px-3.5 py-2.5 text-base text-ink-900 placeholder:text-ink-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1';

interface Props {
  /** Hidden default service, source page and button label (spec section 9). */
  context: EnquiryContext;
  /** Called after a successful send (the dialog closes itself here). */
  onSuccess?: () => void;
}

export default function EnquiryForm({ context, onSuccess }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const fieldId = (name: string) => `${id}-${name}`;

  /** Clears a field's message as soon as it is edited. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as ContactFormField;
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    const first = contactFormFields.find((name) => next[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;

    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '');
    const payload = {
      firstName: text('firstName'),
      lastName: text('lastName'),
      email: text('email'),
      phone: text('phone'),
      company: text('company'),
      message: text('message'),
      ...context,
      website: text('website'),
    };
    let submit: Awaited<ReturnType<typeof loadSubmit>>;
    try {
      submit = await loadSubmit();
    } catch {
      // The submit chunk itself failed to load (offline, a new deploy).
      toast({ title: 'Failed to send message', description: 'Please try again later.', variant: 'destructive' });
      return;
    }

    const invalid = submit.validateEnquiry(payload);
    if (invalid) {
      showErrors(invalid as Errors);
      return;
    }

    setPending(true);
    const result = await submit.sendEnquiry(payload);
    setPending(false);
    if (result.ok) {
      form.reset();
      setErrors({});
      toast({ title: 'Message sent successfully!', description: "We'll get back to you within 24 hours." });
      onSuccess?.();
      return;
    }
    const issues = result.issues as Errors;
    if (contactFormFields.some((name) => issues[name])) showErrors(issues);
    toast({ title: 'Failed to send message', description: result.message, variant: 'destructive' });
  }

  const renderError = (name: ContactFormField) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
        {errors[name]}
      </p>
    ) : null;

  const ariaFor = (name: ContactFormField) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onInput={onInput} onFocus={() => void loadSubmit()} className="grid gap-5 sm:grid-cols-2" aria-busy={pending}>
      {fields.map((field) => (
        <div key={field.name} className={field.wide ? 'sm:col-span-2' : undefined}>
          <label htmlFor={fieldId(field.name)} className="mb-1.5 block text-sm font-medium text-ink-800">
            {field.label}
          </label>
          <input
            id={fieldId(field.name)}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            maxLength={field.maxLength}
            required
            className={`${inputClass} ${errors[field.name] ? 'border-danger-700' : 'border-ink-300'}`}
            {...ariaFor(field.name)}
          />
          {renderError(field.name)}
        </div>
      ))}

      <div className="sm:col-span-2">
        <label htmlFor={fieldId('message')} className="mb-1.5 block text-sm font-medium text-ink-800">
          Message
        </label>
        <textarea
          id={fieldId('message')}
          name="message"
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          required
          placeholder="Tell us about your business and your goals"
          className={`${inputClass} resize-y ${errors.message ? 'border-danger-700' : 'border-ink-300'}`}
          {...ariaFor('message')}
        />
        {renderError('message')}
      </div>

      {/* Honeypot: hidden from people and skipped by keyboard; bots that fill it are rejected. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={fieldId('website')}>Website</label>
        <input
          id={fieldId('website')}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>

      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={pending || !hydrated}
          className="inline-flex w-full items-center justify-center rounded-control bg-brand-700 px-6 py-3 text-base font-semibold text-white transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto"
        >
          {pending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
