/**
 * Storage cards of the stations' control units (SPEC §9 "storage card life warning below
 * 20 %"): the worn ones stand out with icon and text; the rest is summed up in one line.
 */
import { useTranslation } from '../../app/useTranslation.ts';
import { storageCardWarning } from '../../domain/maintenance.ts';
import { useFormat } from '../../app/useFormat.ts';
import { LoadingState, Panel, StatusBadge } from '../../ui/index.ts';
import { loadProtocolByStation } from './maintenanceApi.ts';
import { loadStatus, usePageQuery } from '../shared/pageData.ts';
import { pageKeys } from '../shared/pageKeys.ts';

export function StorageCards({ station }: { station: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [cards, reloadCards] = usePageQuery(
    pageKeys.maintenance.protocolOfStation(station),
    (s) => loadProtocolByStation(station, s),
    { keepPrevious: true },
  );
  const all = cards.data?.storageCards ?? [];
  const worn = all.filter((c) => storageCardWarning(c.lifePercent));
  return (
    <Panel title={t('maintenance.storage.title')}>
      <LoadingState
        status={loadStatus(cards)}
        onRetry={reloadCards}
        errorMessage={t('maintenance.overview.loadFailed')}
      >
        {worn.length > 0 && (
          <ul className="storage-list">
            {worn.map((c) => (
              <li key={c.stationNumber} className="storage-card" data-testid="storage-warning">
                <StatusBadge tone="warning">{t('maintenance.storage.replace')}</StatusBadge>
                <span>
                  {c.stationNumber} {c.stationName}
                </span>
                <strong>
                  {t('maintenance.storage.left', { percent: format.number(c.lifePercent, 0) })}
                </strong>
              </li>
            ))}
          </ul>
        )}
        <p className="muted">
          {worn.length === 0
            ? t('maintenance.storage.allFine')
            : t('maintenance.storage.othersFine', { count: all.length - worn.length })}
        </p>
      </LoadingState>
    </Panel>
  );
}
