/**
 * The frame of the set-values and counters pages: the header, the station choice (kept in the
 * address as ?station=NR, so the page can be bookmarked; until one is chosen, a note saying
 * what to do), then the station's PVs the page acts on, or why there are none.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { EmptyState, LoadingState, PageHeader } from '../../ui/index.ts';
import { StationSelect } from './StationSelect.tsx';
import type { useStationPvConfigs } from './useStationPvConfigs.ts';

export interface StationPvPageProps {
  /** Whose texts the page shows (title, description, chooseStation, noneTitle, none). */
  area: 'counters' | 'setValues';
  /** The chosen station and its PVs (`useStationPvConfigs`). */
  pvs: ReturnType<typeof useStationPvConfigs>;
  /** Clears the page's input before another station is chosen. */
  onStationChange: () => void;
  /** The page's form over `pvs.list`, shown once the station has PVs. */
  children: ReactNode;
  /** What the page shows besides (its dialogs). */
  dialogs: ReactNode;
}

export function StationPvPage({
  area,
  pvs: { station, setStation, stations, retryStations, configs, retryConfigs, list },
  onStationChange,
  children,
  dialogs,
}: StationPvPageProps) {
  const { t } = useTranslation();
  return (
    <section className="page actions-page">
      <PageHeader
        title={t(`actions.${area}.title`)}
        description={t(`actions.${area}.description`)}
      />
      <LoadingState status={stations.state} onRetry={retryStations}>
        <div className="action-station-pick">
          <StationSelect
            stations={stations.state === 'ready' ? stations.data : []}
            station={station}
            onChange={(next) => {
              onStationChange();
              setStation(next);
            }}
          />
        </div>
        {station === null ? (
          <EmptyState
            title={t('actions.common.noStation')}
            reason={t(`actions.${area}.chooseStation`)}
          />
        ) : (
          <LoadingState status={configs.state} onRetry={retryConfigs}>
            {list.length === 0 ? (
              <EmptyState
                title={t(`actions.${area}.noneTitle`)}
                reason={t(`actions.${area}.none`)}
              />
            ) : (
              children
            )}
          </LoadingState>
        )}
      </LoadingState>
      {dialogs}
    </section>
  );
}
