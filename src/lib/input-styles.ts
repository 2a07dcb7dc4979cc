/**
 * The looks of text inputs, beside button-styles.ts: one for the public forms (the enquiry form and
 * dialog, the newsletter), sized for a phone and red-bordered while the server or the schema
 * refuses the field; one for the admin panel, denser for long forms on a desk. They differ on
 * purpose; each is written once. Their focus ring is a box-shadow, which forced-colors mode
 * (Windows contrast themes) drops: outline-hidden leaves them a transparent outline there, which
 * the system paints in its own colour, so a focused field still shows it has the focus. A field's
 * edge is all that shows where it is: ink-400, the lightest grey at 3:1 on white and on ink-50.
 */
const PUBLIC_INPUT =
  'block w-full rounded-control border bg-white px-3.5 py-2.5 text-base text-ink-900 placeholder:text-ink-500 focus:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1';

export const publicInputClass = (invalid: boolean) => `${PUBLIC_INPUT} ${invalid ? 'border-danger-700' : 'border-ink-400'}`;

export const adminInputClass =
  'block w-full rounded-control border border-ink-400 bg-white px-3 py-2 text-sm text-ink-900 placeholder:text-ink-500 focus:border-brand-500 focus:outline-hidden focus:ring-2 focus:ring-brand-500/30 disabled:bg-ink-100 disabled:text-ink-500 aria-[invalid=true]:border-danger-600';
