/** Small building blocks of the admin panel, on the site's theme tokens and its one set of button looks. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClass, type ButtonSize, type ButtonVariant } from '../../lib/button-styles';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Its request is out: the button looks and reads as disabled (aria-disabled) but keeps the focus,
   * which a focused button turning `disabled` drops to the page's body (out of a dialog, too). Its
   * handler ignores presses meanwhile.
   */
  pending?: boolean;
}

export function Button({ variant = 'primary', size = 'md', className = '', type = 'button', pending = false, ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} aria-disabled={pending || undefined} {...rest} />;
}

type Tone = 'brand' | 'accent' | 'success' | 'muted';
const tones: Record<Tone, string> = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  accent: 'bg-accent-100 text-accent-700 ring-accent-300',
  success: 'bg-success-50 text-success-700 ring-success-600/30',
  muted: 'bg-ink-100 text-ink-700 ring-ink-300',
};

export function Badge({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}>{children}</span>;
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-card border border-ink-200 bg-white p-6 shadow-sm ${className}`}>{children}</section>;
}
