import { useTranslation } from './useTranslation.ts';
import { cx } from './cx.ts';

export interface SpinnerProps {
  /** Spoken (and shown when `showLabel`) text; defaults to "Wird geladen …". */
  label?: string;
  showLabel?: boolean;
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

export function Spinner({ label, showLabel = false, size = 'medium', className }: SpinnerProps) {
  const { t } = useTranslation();
  const text = label ?? t('ui.loading.label');
  return (
    <span role="status" className={cx('spinner', `spinner-${size}`, className)}>
      <span className="spinner-ring" aria-hidden="true" />
      <span className={showLabel ? 'spinner-label' : 'visually-hidden'}>{text}</span>
    </span>
  );
}
