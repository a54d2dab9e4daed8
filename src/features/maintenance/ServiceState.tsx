/** A service's state as a badge: overdue and soon due stand out with icon and text, ok stays calm. */
import { useTranslation } from '../../app/useTranslation.ts';
import type { ServiceState } from '../../domain/maintenance.ts';
import { StatusBadge } from '../../ui/index.ts';

export function ServiceStateBadge({ state }: { state: ServiceState }) {
  const { t } = useTranslation();
  if (state === 'overdue')
    return <StatusBadge tone="alarm">{t('maintenance.state.overdue')}</StatusBadge>;
  if (state === 'soon')
    return <StatusBadge tone="warning">{t('maintenance.state.soon')}</StatusBadge>;
  return <StatusBadge tone="neutral">{t('maintenance.state.ok')}</StatusBadge>;
}
