/**
 * The station choice at the head of the set-values and counters pages: a select of every
 * station (kept in the address as ?station=NR, so the page can be bookmarked) and, until
 * one is chosen, a note saying what to do.
 */
import type { ReactNode } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import type { Station } from '../../contract/station.ts';
import { EmptyState, Field } from '../../ui/index.ts';

export interface StationPickProps {
  stations: readonly Station[];
  station: number | null;
  /** Called with the new choice (null: none) after `onChange` has cleared the page's input. */
  onChange: (station: number | null) => void;
  /** What choosing a station leads to on this page. */
  chooseReason: string;
  /** The page below the choice, shown once a station is chosen. */
  children: ReactNode;
}

export function StationPick({
  stations,
  station,
  onChange,
  chooseReason,
  children,
}: StationPickProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="action-station-pick">
        <Field label={t('actions.common.station')}>
          {(p) => (
            <select
              {...p}
              name="station"
              value={station ?? ''}
              onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
            >
              <option value="">{t('actions.common.chooseStation')}</option>
              {stations.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.id} {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {station === null ? (
        <EmptyState title={t('actions.common.noStation')} reason={chooseReason} />
      ) : (
        children
      )}
    </>
  );
}
