import { useId, type ReactNode } from 'react';
import { useTranslation } from './useTranslation.ts';
import { cx } from './cx.ts';

/** What Field hands to its control so label, help and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  label: ReactNode;
  /** Renders the control: `{(p) => <input {...p} />}`. */
  children: (control: FieldControlProps) => ReactNode;
  help?: ReactNode;
  /** A validation message (SPEC §5); marks the control invalid. */
  error?: ReactNode;
  required?: boolean;
  className?: string;
}

export function Field({ label, children, help, error, required = false, className }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ');
  return (
    <div className={cx('field', error != null && 'field-invalid', className)}>
      <label htmlFor={id} className="field-label">
        {label}
        {required && (
          <span className="field-required" title={t('ui.field.required')}>
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(required ? { 'aria-required': true as const } : {}),
      })}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
    </div>
  );
}
