/**
 * The one set of button looks, for .astro buttons and links and for every island (public and
 * admin): a variant for the colours, a size for the padding. Disabled styles are part of the base
 * so a pending submit looks the same everywhere; a pending submit is aria-disabled rather than
 * disabled, so the focus stays on it. Filled buttons carry a transparent border: in forced-colors
 * mode (Windows contrast themes) backgrounds go and only the border shows where the button is.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'neutral' | 'danger' | 'accent';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-control text-center font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'border border-transparent bg-brand-700 text-white hover:bg-brand-800 disabled:hover:bg-brand-700 aria-disabled:hover:bg-brand-700 focus-visible:outline-brand-600',
  /** Brand outline: the second call to action beside a primary one. */
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-600',
  /** Grey outline: Cancel, row actions, choices that are not the recommended one. */
  neutral: 'border border-ink-300 bg-white text-ink-800 hover:bg-ink-50 focus-visible:outline-brand-600',
  danger: 'border border-transparent bg-danger-700 text-white hover:bg-danger-600 focus-visible:outline-brand-600',
  accent: 'border border-transparent bg-accent-300 text-brand-950 hover:bg-accent-100 focus-visible:outline-accent-300',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-6 py-3.5 text-base',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}
