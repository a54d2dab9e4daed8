import type { ComponentProps } from 'react';

/**
 * A labelled input of the sign-in and session forms (the label above, 44 px high); what
 * follows the input in the field (its error) comes as `children`.
 */
export function AuthField({
  id,
  label,
  children,
  ...input
}: ComponentProps<'input'> & { id: string; label: string }) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
      {children}
    </div>
  );
}
