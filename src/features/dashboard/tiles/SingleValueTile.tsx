/**
 * SingleValue tile: one PV in one of the value display styles of SPEC §2. A machine's feedback
 * or a digital output offers the machine's commands (MachineButton).
 *
 * A new value is written into the gauge in place (writeGauge, issue 44: a live value costs
 * the tab a few microseconds wherever it is shown); the tile renders only when the value's
 * standing changes (`tileStanding`): turning stale or fresh (and each stale value, for its
 * note), its state, its side of a limit, whether it has a bar; and when its alarm changes.
 */
import {
  VALUE_DISPLAY_STYLES,
  type DashboardTile,
  type ValueDisplayStyle,
} from '../../../contract/dashboard.ts';
import {
  pvStationNumber,
  usePvAlarm,
  usePvConfig,
  usePvValueStanding,
  usePvValueWriter,
  useStationConnection,
} from '../../../live/index.ts';
import type { ValueKit } from '../../shared/valueKit.ts';
import { knownCase } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';
import { gaugeModel, type GaugeModel } from '../gauges/gaugeModel.ts';
import {
  CircularGauge,
  DigitalGauge,
  HorizontalGauge,
  StateIndicatorGauge,
  StateIndicatorText,
  ValueTextView,
  VerticalGauge,
  writeGauge,
  type GaugeProps,
} from '../gauges/Gauges.tsx';
import type { PvRef, PvValue } from '../../../contract/pv.ts';
import { useRef } from 'react';
import { pvUrlId } from '../../../contract/keys.ts';
import { MachineButton } from '../../shared/actions/MachineCommands.tsx';

const STYLES: Record<
  Exclude<ValueDisplayStyle, 'Unspecified'>,
  (p: GaugeProps) => React.ReactNode
> = {
  DigitalGauge,
  CircularGauge,
  VerticalGauge,
  HorizontalGauge,
  StateIndicatorGauge,
  StateIndicatorText,
  ValueTextView,
};

export function SingleValueTile({ tile, kit }: { tile: DashboardTile; kit: ValueKit }) {
  const { t } = kit;
  const style = knownCase(VALUE_DISPLAY_STYLES, tile.displayStyle);
  if (!style || style === 'Unspecified')
    return (
      <TileError
        message={t('dashboard.tile.unknownStyle', { value: tile.displayStyle ?? 'Unspecified' })}
      />
    );
  if (!tile.pv) return <TileError message={t('dashboard.tile.noPv')} />;
  return <SingleValue pv={tile.pv} Gauge={STYLES[style]} kit={kit} />;
}

function SingleValue({
  pv,
  Gauge,
  kit,
}: {
  pv: PvRef;
  Gauge: (p: GaugeProps) => React.ReactNode;
  kit: ValueKit;
}) {
  const { t } = kit;
  const { locale } = kit.format;
  const config = usePvConfig(pv);
  const alarm = usePvAlarm(pv) ?? null;
  const fill = alarm ? kit.priorityStyles.get(alarm.priority)?.fill : undefined;
  const connection = useStationConnection(pvStationNumber(pv, config.config));
  const root = useRef<HTMLDivElement>(null);
  // One model per value for both the standing and the write of this render's closures.
  let last: { value: PvValue | undefined; model: GaugeModel } | null = null;
  const modelOf = (v: PvValue | undefined) => {
    if (!last || last.value !== v)
      last = { value: v, model: gaugeModel(v, config.config, locale, alarm, connection) };
    return last.model;
  };
  const value = usePvValueStanding(pv, (v) => tileStanding(v, modelOf(v)));
  usePvValueWriter(pv, (v) => {
    if (root.current && config.state !== 'error') writeGauge(root.current, modelOf(v));
  });
  if (config.state === 'error')
    return <TileError message={t('dashboard.tile.pvFailed')} detail={config.error} />;
  const model = modelOf(value);
  const machine = pv.type === 'DigiIn' || pv.type === 'DigiOut';
  return (
    <div
      ref={root}
      className={machine ? 'single-value single-value-machine' : 'single-value'}
      data-pv={pvUrlId(pv)}
      data-stale={model.standing.reason ?? undefined}
      data-state={model.state}
      data-limit={model.limitState}
      data-alarm={alarm?.phase}
      data-alarm-priority={alarm?.priority}
      style={fill ? ({ '--alarm-color': fill } as React.CSSProperties) : undefined}
    >
      <Gauge model={model} value={value} connection={connection} kit={kit} />
      {machine && <MachineButton pv={pv} />}
    </div>
  );
}

/**
 * What of a value the tile renders (everything else writeGauge writes in place): a stale value
 * itself (its note and mark), else its state, side of the limits, unit, quality and whether
 * the gauge has a bar and a meter.
 */
function tileStanding(value: PvValue | undefined, m: GaugeModel): unknown {
  if (m.standing.stale) return value;
  const bar = m.fraction === null ? 'none' : 'bar';
  return `${m.state}|${m.limitState}|${m.unit}|${m.quality ?? ''}|${bar}`;
}
