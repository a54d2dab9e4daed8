/**
 * SingleValue tile: one PV in one of the value display styles of SPEC §2. A machine's feedback
 * or a digital output offers the machine's commands (MachineButton).
 *
 * A new value is written into the gauge in place (writeGauge, issue 44: a live value costs
 * the tab a few microseconds wherever it is shown); the tile renders only when the value's
 * standing changes (`gaugeStanding`): turning stale or fresh (and each stale value, for its
 * note), its state, its side of a limit, whether it has a bar; and when its config, alarm or
 * station connection changes (one subscription for all, `usePvLive`).
 */
import {
  VALUE_DISPLAY_STYLES,
  type DashboardTile,
  type ValueDisplayStyle,
} from '../../../contract/dashboard.ts';
import { usePvLive } from '../../../live/usePvLive.ts';
import type { ValueKit } from '../../shared/valueKit.ts';
import { knownCase } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';
import { gaugeModel, gaugeStanding, type GaugeModel } from '../gauges/gaugeModel.ts';
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
  const root = useRef<HTMLDivElement>(null);
  // One subscription for the config, alarm, connection and the value's standing (usePvLive).
  const [{ config, alarm: alarmState, connection }, watch] = usePvLive(pv, gaugeStanding, {
    write: (v) => {
      if (root.current && config.state !== 'error') writeGauge(root.current, modelOf(v));
    },
  });
  const alarm = alarmState ?? null;
  const fill = alarm ? kit.priorityStyles.get(alarm.priority)?.fill : undefined;
  // One model per value for this render and the writes after it.
  let last: { value: PvValue | undefined; model: GaugeModel } | null = null;
  const modelOf = (v: PvValue | undefined) => {
    if (!last || last.value !== v)
      last = { value: v, model: gaugeModel(v, config.config, locale, alarm, connection) };
    return last.model;
  };
  if (config.state === 'error')
    return <TileError message={t('dashboard.tile.pvFailed')} detail={config.error} />;
  const value = watch.value();
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
