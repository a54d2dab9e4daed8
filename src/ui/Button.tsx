import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { cx } from './cx.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  icon?: IconName;
  /** Shows only the icon; `children` then becomes the accessible name. */
  iconOnly?: boolean;
  ref?: Ref<HTMLButtonElement>;
  children?: ReactNode;
}

/** The one button of the product. `type` defaults to "button" so no form submits by accident. */
export function Button({
  variant = 'secondary',
  size = 'normal',
  icon,
  iconOnly = false,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'btn',
        `btn-${variant}`,
        size === 'small' && 'btn-small',
        iconOnly && 'btn-icon',
        className,
      )}
      {...rest}
    >
      {icon && <Icon name={icon} />}
      {iconOnly ? <span className="visually-hidden">{children}</span> : children}
    </button>
  );
}
