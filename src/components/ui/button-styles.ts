/** Class lists shared by Button.astro and EnquiryButton.astro. */
export type ButtonVariant = 'primary' | 'secondary' | 'accent' | 'light' | 'outline-light';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 text-center';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-brand-600',
  secondary: 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-600',
  accent: 'bg-accent-300 text-brand-950 hover:bg-accent-100 focus-visible:outline-accent-300',
  light: 'bg-white text-brand-800 hover:bg-brand-50 focus-visible:outline-white',
  'outline-light': 'border border-white/70 text-white hover:bg-white/10 focus-visible:outline-white',
};

const sizes: Record<ButtonSize, string> = {
  md: 'px-5 py-2.5 text-sm',
  lg: 'px-6 py-3.5 text-base',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return [base, variants[variant], sizes[size], extra].filter(Boolean).join(' ');
}
