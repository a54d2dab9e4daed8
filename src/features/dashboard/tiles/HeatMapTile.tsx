/**
 * HeatMap tile: one cell per PV, its shade the value's place within the domain (a calm
 * sequential scale), red only when a limit is crossed, with name and value for reading. A
 * stale value (domain/valueStanding.ts) gets no shade: it is muted, with its mark and age.
 */
import { MiddleText } from '../../../ui/MiddleText.tsx';
import type { DashboardTile } from '../../../contract/dashboard.ts';
import type { PvRef } from '../../../contract/pv.ts';
import {
  pvStationNumber,
  usePvAlarm,
  usePvConfig,
  usePvValue,
  useStationConnection,
} from '../../../live/index.ts';
import { StaleNoteWith, cx, staleValueClass } from '../../../ui/index.ts';
import { pvAlarmMark } from '../../shared/alarm/PvAlarmMark.tsx';
import type { ValueKit } from '../../shared/valueKit.ts';
import { TileError } from '../TileFrame.tsx';
import { gaugeModel } from '../gauges/gaugeModel.ts';

/** `kit`: the dashboard's texts and formats, asked once for all tiles and their cells. */
export function HeatMapTile({ tile, kit }: { tile: DashboardTile; kit: ValueKit }) {
  const { t } = kit;
  if (!tile.pvs?.length) return <TileError message={t('dashboard.tile.noPv')} />;
  return (
    <ul className="heatmap">
      {tile.pvs.map((pv) => (
        <Cell key={`${pv.type}-${pv.nr}`} pv={pv} kit={kit} />
      ))}
    </ul>
  );
}

function Cell({ pv, kit }: { pv: PvRef; kit: ValueKit }) {
  const { locale } = kit.format;
  const value = usePvValue(pv);
  const config = usePvConfig(pv);
  const alarm = usePvAlarm(pv) ?? null;
  const fill = alarm ? kit.priorityStyles.get(alarm.priority)?.fill : undefined;
  const connection = useStationConnection(pvStationNumber(pv, config.config));
  const m = gaugeModel(value, config.config, locale, alarm, connection);
  const f = m.fraction;
  const stale = m.standing.stale;
  const shade =
    f === null || stale
      ? undefined
      : `color-mix(in srgb, var(--heat-high) ${Math.round(f * 100)}%, var(--heat-low))`;
  return (
    <li
      className={cx(
        'heat-cell',
        alarm && `heat-alarm is-${alarm.phase}`,
        m.quality,
        stale && 'heat-stale',
      )}
      style={
        { background: shade, ...(fill ? { '--alarm-color': fill } : {}) } as React.CSSProperties
      }
      data-alarm={alarm?.phase}
      data-stale={m.standing.reason ?? undefined}
      title={`${config.config?.stationName ?? ''} ${m.name}`}
    >
      <MiddleText className="heat-name" text={config.config?.stationName ?? m.name} />
      <span className={cx('heat-value', staleValueClass(m.standing))}>
        {pvAlarmMark(alarm, kit.priorityStyles, kit.alarmLabel, 'heat-alarm-mark')}
        {m.text} {m.unit}
      </span>
      <StaleNoteWith
        value={value}
        connection={connection}
        compact
        reasonText={kit.staleReason}
        formatAge={kit.format.age}
      />
    </li>
  );
}
