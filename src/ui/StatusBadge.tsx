import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { cx } from './cx.ts';

/**
 * ISA-101: neutral is the normal case; colour appears only for abnormal states, and alarm
 * priorities each have their own colour. An icon goes with each tone so colour is never the
 * only cue.
 */
export type StatusTone = 'neutral' | 'ok' | 'info' | 'warning' | 'alarm' | 'critical' | 'stale';

const TONE_ICON: Record<StatusTone, IconName | null> = {
  neutral: null,
  ok: 'check',
  info: 'info',
  warning: 'warning',
  alarm: 'error',
  critical: 'error',
  stale: 'unknown',
};

export interface StatusBadgeProps {
  tone?: StatusTone;
  icon?: IconName | null;
  children: ReactNode;
  className?: string;
  title?: string;
}

export function StatusBadge({
  tone = 'neutral',
  icon,
  children,
  className,
  title,
}: StatusBadgeProps) {
  const shown = icon === undefined ? TONE_ICON[tone] : icon;
  return (
    <span className={cx('badge', `badge-${tone}`, className)} title={title}>
      {shown && <Icon name={shown} />}
      <span>{children}</span>
    </span>
  );
}
