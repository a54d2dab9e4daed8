import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';

export interface EmptyStateProps {
  title: ReactNode;
  /** Why there is no data (no stations configured, filter excludes all, no rights ...). */
  reason: ReactNode;
  icon?: IconName;
  /** A way out, e.g. a button that clears the filter. */
  action?: ReactNode;
}

export function EmptyState({ title, reason, icon = 'empty', action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <Icon name={icon} className="empty-state-icon" size={32} />
      <p className="empty-state-title">{title}</p>
      <p className="empty-state-reason">{reason}</p>
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
