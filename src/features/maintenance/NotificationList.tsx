/** Maintenance notifications (SPEC §3 "Maintenance notification") as a list of cards. */
import { useTranslation } from '../../app/useTranslation.ts';
import { machineName } from '../../domain/maintenanceForecast.ts';
import { Link } from 'react-router';
import { pvUrlId } from '../../contract/keys.ts';
import type { MaintenanceNotification } from '../../contract/maintenance.ts';
import { useFormat } from '../../app/useFormat.ts';
import { EmptyState, StatusBadge } from '../../ui/index.ts';
import { useAmount } from './RuntimePage.tsx';

export function NotificationList({
  notifications,
  showMachine,
  emptyReason,
}: {
  notifications: readonly MaintenanceNotification[];
  showMachine: boolean;
  emptyReason?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = useAmount();
  if (notifications.length === 0)
    return (
      <EmptyState
        icon="check"
        title={t('maintenance.notifications.noneTitle')}
        reason={emptyReason ?? t('maintenance.notifications.none')}
      />
    );
  return (
    <ul className="record-list notification-list" aria-label={t('maintenance.notifications.title')}>
      {notifications.map((n) => {
        const id = pvUrlId(n.pvRef);
        return (
          <li
            key={n.index}
            className="record-card notification-card"
            data-testid="maintenance-notification"
          >
            <div className="notification-head">
              <StatusBadge tone="alarm">{t('maintenance.state.overdue')}</StatusBadge>
              <span className="service-code">
                {t(`maintenance.service.${n.serviceMessageType}`)}
              </span>
              <span className="muted">{format.dateTime(n.raisedAt)}</span>
            </div>
            <p className="notification-text">{n.messageText}</p>
            {showMachine && (
              <p className="notification-machine">
                <Link to={`/machines/${id}/runtime`}>{machineName(n.pvName)}</Link>
                <span className="muted">
                  {' · '}
                  {n.stationNumber} {n.stationName}
                </span>
              </p>
            )}
            <p className="muted">
              {t('maintenance.notifications.figures', {
                current: amount(n.currentRuntime, n),
                target: amount(n.targetRuntime, n),
                remaining: amount(n.remainingRuntime, n),
              })}
            </p>
            {showMachine && (
              <p className="notification-links">
                <Link to={`/machines/${id}/lifecycle`}>{t('maintenance.runtime.record')}</Link>
                <Link to={`/machines/${id}/datasheet`}>{t('maintenance.machine.datasheet')}</Link>
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
