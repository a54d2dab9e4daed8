import type { ReactNode } from 'react';
import { Field, type FieldProps } from './Field.tsx';

export interface SelectFieldProps extends Pick<FieldProps, 'label' | 'error' | 'required'> {
  /** The form's name of the choice (`data`, tests and forms read it). */
  name: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The `<option>`s. */
  children: ReactNode;
}

/** A labelled select of a form (Field around a select styled as an input). */
export function SelectField({
  label,
  error,
  required,
  name,
  value,
  onChange,
  disabled,
  children,
}: SelectFieldProps) {
  return (
    <Field label={label} error={error} required={required}>
      {(p) => (
        <select
          {...p}
          className="input"
          name={name}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        >
          {children}
        </select>
      )}
    </Field>
  );
}
