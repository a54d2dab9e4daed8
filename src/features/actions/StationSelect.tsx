/** The station choice of the station-wide action pages. */
import { useTranslation } from '../../app/useTranslation.ts';
import { Field } from '../../ui/index.ts';

export interface StationSelectProps {
  stations: readonly { id: number; name: string }[];
  station: number | null;
  onChange: (station: number | null) => void;
}

/** A select of every station, with a first entry for none. */
export function StationSelect({ stations, station, onChange }: StationSelectProps) {
  const { t } = useTranslation();
  return (
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
  );
}
