/**
 * HeatMap tile: one cell per PV, its shade the value's place within the domain (a calm
 * sequential scale), red only when a limit is crossed, with name and value for reading.
 */
import { MiddleText } from '../../../ui/MiddleText.tsx';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { DashboardTile } from '../../../contract/dashboard.ts';
import type { PvRef } from '../../../contract/pv.ts';
import { usePvAlarm, usePvConfig, usePvValue } from '../../../live/index.ts';
import { PvAlarmMark, usePriorityFill } from '../../alerts/PvAlarmMark.tsx';
import { useFormat } from '../../../app/useFormat.ts';
import { TileError } from '../TileFrame.tsx';
import { gaugeModel } from '../gauges/gaugeModel.ts';

export function HeatMapTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  if (!tile.pvs?.length) return <TileError message={t('dashboard.tile.noPv')} />;
  return (
    <ul className="heatmap">
      {tile.pvs.map((pv) => (
        <Cell key={`${pv.type}-${pv.nr}`} pv={pv} />
      ))}
    </ul>
  );
}

function Cell({ pv }: { pv: PvRef }) {
  const { locale } = useFormat();
  const value = usePvValue(pv);
  const config = usePvConfig(pv);
  const alarm = usePvAlarm(pv) ?? null;
  const fill = usePriorityFill(alarm?.priority);
  const m = gaugeModel(value, config.config, locale, alarm);
  const f = m.fraction;
  const shade =
    f === null
      ? undefined
      : `color-mix(in srgb, var(--heat-high) ${Math.round(f * 100)}%, var(--heat-low))`;
  return (
    <li
      className={`heat-cell ${alarm ? `heat-alarm is-${alarm.phase}` : ''} ${m.quality ?? ''}`}
      style={
        { background: shade, ...(fill ? { '--alarm-color': fill } : {}) } as React.CSSProperties
      }
      data-alarm={alarm?.phase}
      title={`${config.config?.stationName ?? ''} ${m.name}`}
    >
      <MiddleText className="heat-name" text={config.config?.stationName ?? m.name} />
      <span className="heat-value">
        <PvAlarmMark alarm={alarm} className="heat-alarm-mark" />
        {m.text} {m.unit}
      </span>
    </li>
  );
}
