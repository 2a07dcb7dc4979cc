/**
 * The enquiry form, used inside the 'Get in Touch' dialog and on /contact.
 * Validated client-side with the same zod schema the API uses
 * (src/schemas/enquiry.ts); the server's 400 issues are shown beside the fields too.
 *
 * It is a real form, `method="post"` to POST /api/contacts with the context as hidden
 * inputs: on /contact, before the island hydrates or with JavaScript off, the browser
 * posts it itself (native validation from the required and type attributes; maxlength is twice the
 * limit, which the server counts in characters: text-limits.ts maxLengthAttribute),
 * the function answers with the page it was posted from (`returnPath`): saying it was
 * sent, or rendering it again with what was typed and the refusal (`returned`). Once hydrated,
 * the island validates with zod and posts JSON, with toasts, and a submissionId that stays
 * the same while the same enquiry is sent again (submit-enquiry.ts). The plain post carries
 * none: /contact is one copy per link context at the CDN, so a key rendered into the form
 * would be every visitor's. The inputs are uncontrolled
 * and read with FormData, so text typed before hydration survives it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSubmitOnce } from '../ui/use-submit-once';
import type { WritableAtom } from 'nanostores';
import { enquiryTypedFields, ENQUIRY_LIMITS, type EnquiryTypedField } from '../../schemas/enquiry-limits';
import { enquiryOutcome } from '../../content/form-outcomes';
import { enquiryForm, honeypotLabel } from '../../content/forms';
import { formAction, FORM_IDS } from '../../lib/permalinks';
import { prepareToasts, toast } from '../../stores/toasts';
import type { ReturnedForm } from '../../schemas/returned-form';
import type { EnquiryContext } from '../../schemas/enquiry';
import { buttonClass } from '../../lib/button-styles';
import { publicInputClass } from '../../lib/input-styles';
import { API_PATHS } from '../../lib/api-paths';
import { maxLengthAttribute } from '../../schemas/text-limits';

/** zod + the API client, fetched on first focus so they are not in the page's initial JS. */
const loadSubmit = () => import('./submit-enquiry');

type Errors = Partial<Record<EnquiryTypedField, string>>;

interface FieldSpec {
  name: EnquiryTypedField;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
  wide?: boolean;
}

/** The one-line fields, in order (their labels in src/content/forms.ts). */
const fields: FieldSpec[] = [
  { name: 'firstName', label: enquiryForm.labels.firstName, type: 'text', autoComplete: 'given-name', maxLength: maxLengthAttribute(ENQUIRY_LIMITS.name) },
  { name: 'lastName', label: enquiryForm.labels.lastName, type: 'text', autoComplete: 'family-name', maxLength: maxLengthAttribute(ENQUIRY_LIMITS.name) },
  { name: 'email', label: enquiryForm.labels.email, type: 'email', autoComplete: 'email', maxLength: ENQUIRY_LIMITS.email },
  { name: 'phone', label: enquiryForm.labels.phone, type: 'tel', autoComplete: 'tel', maxLength: maxLengthAttribute(ENQUIRY_LIMITS.phone) },
  { name: 'company', label: enquiryForm.labels.company, type: 'text', autoComplete: 'organization', maxLength: maxLengthAttribute(ENQUIRY_LIMITS.company), wide: true },
];

interface Props {
  /** Hidden default service, source page and button label, stored with the enquiry. */
  context: EnquiryContext;
  /** Called after a successful send (the dialog closes itself here). */
  onSuccess?: () => void;
  /** Where what is typed is kept until it is sent, so the form can go and come back with it (the dialog's). */
  draft?: WritableAtom<Record<string, string>>;
  /** The page's own form (on /contact): carries the id refused posts are sent back to. */
  standalone?: boolean;
  /** The page (path and query) a plain post of the form goes back to: the page it is on. */
  returnPath?: string;
  /** A plain form post the function refused, rendered again by the page it came from. */
  returned?: ReturnedForm;
}

/** The visible fields' values (the honeypot's stays out of any draft). */
const typedValues = (form: HTMLFormElement) => {
  const data = new FormData(form);
  return Object.fromEntries(enquiryTypedFields.map((name) => [name, String(data.get(name) ?? '')]));
};

/**
 * Empties what was typed once it is sent. Not form.reset(): that puts back the values the form was
 * rendered with, which for a form the server sent back (or a dialog opened on its draft) are the
 * very words just sent, so the form would look unsent.
 */
function emptyTypedFields(form: HTMLFormElement) {
  for (const name of enquiryTypedFields) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = '';
  }
}

export default function EnquiryForm({ context, onSuccess, draft, standalone = false, returnPath, returned }: Props) {
  const id = useId();
  // Read once: the inputs are uncontrolled, so later changes to the draft are the form's own.
  const [initial] = useState<Record<string, string | undefined>>(() => returned?.values ?? draft?.get() ?? {});
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>(() => (returned?.issues ?? {}) as Errors);
  const firstReturnedIssue = returned && enquiryTypedFields.find((name) => returned.issues[name]);
  const [refusal, setRefusal] = useState(
    returned ? (firstReturnedIssue ? enquiryOutcome.checkFields : enquiryOutcome.refused(returned.error)) : null,
  );
  const [pending, setPending] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // A field focused before hydration (the focus that demanded this island) never reaches onFocus
    // below: fetch the send code now, not at the press of Send.
    if (formRef.current?.contains(document.activeElement)) void loadSubmit();
  }, []);

  const fieldId = (name: string) => `${id}-${name}`;

  /** Clears a field's message as soon as it is edited. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as EnquiryTypedField;
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    draft?.set(typedValues(event.currentTarget));
  }

  function showErrors(next: Errors) {
    setErrors(next);
    const first = enquiryTypedFields.find((name) => next[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  const onSubmit = useSubmitOnce(submitForm);

  async function submitForm(form: HTMLFormElement) {
    setRefusal(null);

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
    // Sending from the press on: 'Sending...' while the send code loads too.
    setPending(true);
    let submit: Awaited<ReturnType<typeof loadSubmit>>;
    try {
      submit = await loadSubmit();
    } catch {
      setPending(false);
      // The submit chunk itself failed to load (offline, a new deploy).
      toast({ title: enquiryOutcome.failedTitle, description: enquiryOutcome.failedText, variant: 'destructive' });
      return;
    }

    const invalid = submit.validateEnquiry(payload);
    if (invalid) {
      setPending(false);
      showErrors(invalid as Errors);
      return;
    }

    // The toast region that will say how it went comes beside the POST, not a round trip after it.
    prepareToasts();
    const result = await submit.sendEnquiry(payload);
    setPending(false);
    if (result.ok) {
      emptyTypedFields(form);
      draft?.set({});
      setErrors({});
      toast({ title: enquiryOutcome.sentTitle, description: enquiryOutcome.sentText });
      onSuccess?.();
      return;
    }
    const issues = result.issues as Errors;
    if (enquiryTypedFields.some((name) => issues[name])) showErrors(issues);
    toast({ title: enquiryOutcome.failedTitle, description: result.message, variant: 'destructive' });
  }

  const renderError = (name: EnquiryTypedField) =>
    errors[name] ? (
      <p id={`${fieldId(name)}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
        {errors[name]}
      </p>
    ) : null;

  const ariaFor = (name: EnquiryTypedField) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      id={standalone ? FORM_IDS.enquiry : undefined}
      method="post"
      action={returnPath === undefined ? API_PATHS.contacts : formAction(API_PATHS.contacts, returnPath)}
      // The browser's own checks until the island's (with its messages) take over.
      noValidate={hydrated}
      onSubmit={onSubmit}
      onInput={onInput}
      onFocus={() => void loadSubmit()}
      className="grid gap-5 sm:grid-cols-2"
      aria-busy={pending}
    >
      {refusal && (
        <p
          role="alert"
          // A refusal no field can fix (the hourly limit, the service down) takes the focus a field
          // would: a page sent back opens on why nothing was sent, which an alert present at load
          // is not read out as.
          tabIndex={-1}
          autoFocus={!firstReturnedIssue}
          className="rounded-control border border-danger-700 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700 sm:col-span-2"
        >
          {refusal}
        </p>
      )}
      <input type="hidden" name="service" value={context.service} />
      <input type="hidden" name="page" value={context.page} />
      <input type="hidden" name="ctaButton" value={context.ctaButton} />
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
            defaultValue={initial[field.name]}
            autoFocus={firstReturnedIssue === field.name}
            required
            className={publicInputClass(Boolean(errors[field.name]))}
            {...ariaFor(field.name)}
          />
          {renderError(field.name)}
        </div>
      ))}

      <div className="sm:col-span-2">
        <label htmlFor={fieldId('message')} className="mb-1.5 block text-sm font-medium text-ink-800">
          {enquiryForm.labels.message}
        </label>
        <textarea
          id={fieldId('message')}
          name="message"
          rows={5}
          maxLength={maxLengthAttribute(ENQUIRY_LIMITS.message)}
          defaultValue={initial.message}
          autoFocus={firstReturnedIssue === 'message'}
          required
          placeholder={enquiryForm.messagePlaceholder}
          className={`${publicInputClass(Boolean(errors.message))} resize-y`}
          {...ariaFor('message')}
        />
        {renderError('message')}
      </div>

      {/* Honeypot: hidden from people and skipped by keyboard; bots that fill it are rejected. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={fieldId('website')}>{honeypotLabel}</label>
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
          // aria-disabled, not disabled: a disabled button drops the focus to the page's start.
          aria-disabled={pending || undefined}
          className={buttonClass('primary', 'lg', 'w-full sm:w-auto')}
        >
          {pending ? enquiryForm.sending : enquiryForm.send}
        </button>
      </div>
    </form>
  );
}
