/**
 * 'überfällig' beside a dial-up station that has not called in for longer than its call-in
 * interval (src/domain/stationOverdue.ts): a word and an icon, not colour alone (ISA-101). It
 * appears at the moment the interval runs out (one timeout, no ticking) and goes when the
 * station calls in.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import type { Station } from '../../contract/station.ts';
import { isOverdue, overdueAt } from '../../domain/stationOverdue.ts';
import { useFormat } from '../../app/useFormat.ts';
import { useStationState } from '../../live/index.ts';
import { StatusBadge } from '../../ui/index.ts';
import { useNowAt } from '../../ui/useNow.ts';

export function OverdueMark({
  station,
}: {
  station: Pick<Station, 'id' | 'dialUp' | 'callInIntervalMinutes'>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const live = useStationState(station.dialUp ? station.id : null);
  const line = live
    ? { dialState: live.dialState, lastConnection: live.lastConnection }
    : undefined;
  const at = overdueAt(station, line);
  const now = useNowAt(at);
  if (!isOverdue(station, line, now)) return null;
  const minutes = station.callInIntervalMinutes ?? 0;
  const last = live?.lastConnection ?? null;
  const title =
    last === null
      ? t('stations.overdue.never', { minutes })
      : t('stations.overdue.since', { age: format.age(now - last), minutes });
  return (
    <StatusBadge tone="warning" className="overdue-mark" title={title}>
      <span data-overdue={station.id}>{t('stations.overdue.label')}</span>
      <span className="visually-hidden">: {title}</span>
    </StatusBadge>
  );
}
