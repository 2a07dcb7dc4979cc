/**
 * The admin panel's one family of form controls. Each ties its label, hint and error message to
 * the control (label for/id, aria-describedby, aria-invalid), so a field is one line where it is
 * used: <TextField label="Title" value={...} onChange={...} error={issues.title} />.
 * `Field` is the frame the others share, for a custom control (the image picker, the editor).
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { adminInputClass } from '../../lib/input-styles';

interface FrameProps {
  label: string;
  hint?: string;
  error?: string;
  /** A visually hidden label (a control whose purpose its surroundings already show). */
  labelHidden?: boolean;
  /**
   * The error is announced as it shows (role="alert"): for a field that keeps the focus when it is
   * refused (the editor's link address), whose new description alone would go unread. Fields that
   * take the focus after a refusal are read with their error, and need none.
   */
  announceError?: boolean;
  className?: string;
}

export interface ControlIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

export function Field({ label, hint, error, labelHidden = false, announceError = false, className = '', children }: FrameProps & { children: (ids: ControlIds) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelHidden ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-ink-800'}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-600">
          {hint}
        </p>
      )}
      {error && (
        <FieldError id={`${id}-error`} announce={announceError}>
          {error}
        </FieldError>
      )}
    </div>
  );
}

export function FieldError({ id, announce = false, children }: { id?: string; announce?: boolean; children: ReactNode }) {
  return (
    <p id={id} role={announce ? 'alert' : undefined} className="mt-1 text-sm font-medium text-danger-700">
      {children}
    </p>
  );
}

const controlProps = ({ id, describedBy, invalid }: ControlIds) => ({
  id,
  className: adminInputClass,
  'aria-invalid': invalid || undefined,
  'aria-describedby': describedBy,
});

type Controlled<E> = Omit<E, 'id' | 'value' | 'onChange' | 'className' | 'children'> & {
  value: string;
  onChange: (value: string) => void;
};

export function TextField({
  label,
  hint,
  error,
  labelHidden,
  announceError,
  className,
  value,
  onChange,
  type = 'text',
  suggestions,
  ...input
}: FrameProps & Controlled<InputHTMLAttributes<HTMLInputElement>> & { suggestions?: readonly string[] }) {
  return (
    <Field label={label} hint={hint} error={error} labelHidden={labelHidden} announceError={announceError} className={className}>
      {(ids) => (
        <>
          <input {...input} {...controlProps(ids)} list={suggestions ? `${ids.id}-suggestions` : undefined} type={type} value={value} onChange={(e) => onChange(e.target.value)} />
          {suggestions && (
            <datalist id={`${ids.id}-suggestions`}>
              {suggestions.map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          )}
        </>
      )}
    </Field>
  );
}

export function TextAreaField({ label, hint, error, labelHidden, className, value, onChange, ...textarea }: FrameProps & Controlled<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field label={label} hint={hint} error={error} labelHidden={labelHidden} className={className}>
      {(ids) => <textarea {...textarea} {...controlProps(ids)} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  label,
  hint,
  error,
  labelHidden,
  className,
  value,
  onChange,
  options,
  ...select
}: FrameProps & Controlled<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly (string | SelectOption)[] }) {
  return (
    <Field label={label} hint={hint} error={error} labelHidden={labelHidden} className={className}>
      {(ids) => (
        <select {...select} {...controlProps(ids)} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => {
            const { value: v, label: l } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={v} value={v}>
                {l}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}

/**
 * An on/off switch: a real checkbox (keyboard and forms work), announced as a switch. Its knob
 * slides across, and jumps instead for whoever asks for less motion. It is drawn by fills alone,
 * which forced-colors mode (Windows contrast themes) paints over with the page's background: there
 * it is drawn in system colours instead, an edge, a knob in the text's colour, and filled with the
 * selection colour when on.
 */
export function SwitchField({ label, checked, onChange, className = '' }: { label: string; checked: boolean; onChange: (checked: boolean) => void; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      {/* relative: the visually hidden checkbox sits in its label, so the focus scrolls the label into view, not a point elsewhere. */}
      <label htmlFor={id} className="relative inline-flex cursor-pointer items-center gap-3 text-sm font-medium text-ink-800">
        <input id={id} type="checkbox" role="switch" className="peer sr-only" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 rounded-full bg-ink-400 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform motion-reduce:after:duration-0 peer-checked:after:translate-x-5 forced-colors:border forced-colors:border-[CanvasText] forced-colors:bg-[Canvas] forced-colors:forced-color-adjust-none forced-colors:peer-checked:bg-[Highlight] forced-colors:peer-focus-visible:outline-[CanvasText] forced-colors:after:top-px forced-colors:after:left-px forced-colors:after:bg-[CanvasText] forced-colors:peer-checked:after:bg-[HighlightText]"
        />
        {label}
      </label>
    </div>
  );
}
