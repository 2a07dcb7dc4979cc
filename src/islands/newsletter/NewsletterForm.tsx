/**
 * Newsletter sign-up, placed on the Insights page as <NewsletterForm client:demand="newsletter-form" ... />: hydrated on first use.
 * It posts { email, website, sourcePage } to /api/newsletter, validated with the shared schema.
 * Like EnquiryForm it is a real `method="post"` form: an address typed and submitted
 * before hydration, or with JavaScript off, is posted by the browser itself and
 * answered with the page it was posted from (`returnPath`): saying it was taken, or
 * rendering the form again with the address and the refusal (`returned`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSubmitOnce } from '../ui/use-submit-once';
import { newsletterOutcome } from '../../content/form-outcomes';
import { honeypotLabel, newsletterForm } from '../../content/forms';
import { formAction, FORM_IDS } from '../../lib/permalinks';
import type { ReturnedForm } from '../../schemas/returned-form';
import { prepareToasts, toast } from '../../stores/toasts';
import { buttonClass } from '../../lib/button-styles';
import { publicInputClass } from '../../lib/input-styles';
import { API_PATHS } from '../../lib/api-paths';
import { EMAIL_MAX_LENGTH } from '../../schemas/text-limits';

/** zod + the API client, fetched on first focus so they are not in the page's initial JS. */
const loadSubmit = () => import('./submit-newsletter');

interface Props {
  /** Visible heading; defaults suit the insights page. */
  title: string;
  description: string;
  /** Heading level that fits where the form is placed. */
  headingLevel?: 2 | 3;
  /** The page (path and query) a plain post of the form goes back to: the page it is on. */
  returnPath: string;
  /** A plain form post the function refused, rendered again by the page. */
  returned?: ReturnedForm;
}

export default function NewsletterForm({
  title,
  description,
  headingLevel = 2,
  returnPath,
  returned,
}: Props) {
  const id = useId();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // A field or button focused before hydration never reaches onFocus: fetch the send code now.
    if (emailRef.current?.form?.contains(document.activeElement)) void loadSubmit();
  }, []);
  const [error, setError] = useState<string | null>(returned?.issues.email ?? null);
  // A refusal of a plain form post that no address can fix (the hourly limit, the service down):
  // shown and focused on its own, so a valid address is not marked wrong.
  const [refusal, setRefusal] = useState<string | null>(returned && !returned.issues.email ? newsletterOutcome.refused(returned.error) : null);
  const [pending, setPending] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const onSubmit = useSubmitOnce(submitForm);

  async function submitForm(form: HTMLFormElement) {
    setRefusal(null);
    const data = new FormData(form);
    // The page goes with the consent it records: which form the address was given to.
    const payload = { email: String(data.get('email') ?? ''), website: String(data.get('website') ?? ''), sourcePage: window.location.pathname };
    // Subscribing from the press on, while the send code loads too.
    setPending(true);
    let submit: Awaited<ReturnType<typeof loadSubmit>>;
    try {
      submit = await loadSubmit();
    } catch {
      setPending(false);
      // The submit chunk itself failed to load (offline, a new deploy).
      toast({ title: newsletterOutcome.failedTitle, description: newsletterOutcome.failedText, variant: 'destructive' });
      return;
    }

    const invalid = submit.validateNewsletter(payload);
    setError(invalid);
    // The field takes the focus, so its message (its description) is read out.
    if (invalid) {
      setPending(false);
      emailRef.current?.focus();
      return;
    }

    // The toast region that will say how it went comes beside the POST, not a round trip after it.
    prepareToasts();
    const result = await submit.subscribe(payload);
    setPending(false);
    if (result.ok) {
      // Emptied, not form.reset(): that puts back the address the form was rendered with, which
      // for a form the server sent back is a refused one.
      if (emailRef.current) emailRef.current.value = '';
      toast({ title: newsletterOutcome.sentTitle, description: newsletterOutcome.sentText });
    } else {
      // An address the server refused is marked on the field as the plain form post marks it.
      if (result.issues.email) {
        setError(result.issues.email);
        emailRef.current?.focus();
      }
      toast({ title: newsletterOutcome.failedTitle, description: result.message, variant: 'destructive' });
    }
  }

  return (
    <div className="newsletter">
      <Heading id={`${id}-title`} className="font-display text-2xl font-semibold text-brand-900">
        {title}
      </Heading>
      <p className="mt-2 text-ink-600">{description}</p>
      <form
        id={FORM_IDS.newsletter}
        method="post"
        action={formAction(API_PATHS.newsletter, returnPath)}
        // The browser's own checks until the island's take over.
        noValidate={hydrated}
        onSubmit={onSubmit}
        onFocus={() => void loadSubmit()}
        aria-labelledby={`${id}-title`}
        className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <label htmlFor={`${id}-email`} className="sr-only">
            {newsletterForm.emailLabel}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            placeholder={newsletterForm.placeholder}
            defaultValue={returned?.values.email}
            autoFocus={returned?.issues.email !== undefined}
            onInput={() => {
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={publicInputClass(Boolean(error))}
          />
          {error && (
            <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger-700">
              {error}
            </p>
          )}
        </div>
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={`${id}-website`}>{honeypotLabel}</label>
          <input
            id={`${id}-website`}
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        <button
          type="submit"
          // aria-disabled, not disabled: a disabled button drops the focus to the page's start.
          aria-disabled={pending || undefined}
          aria-label={pending ? newsletterForm.subscribing : undefined}
          className={buttonClass('primary', 'md', 'min-w-[8rem]')}
        >
          {pending ? newsletterForm.pendingMark : newsletterForm.subscribe}
        </button>
      </form>
      {refusal && (
        <p
          role="alert"
          tabIndex={-1}
          autoFocus
          className="mt-3 rounded-control border border-danger-700 bg-danger-50 px-4 py-3 text-sm font-medium text-danger-700"
        >
          {refusal}
        </p>
      )}
    </div>
  );
}
