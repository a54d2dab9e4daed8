/**
 * SingleValue tile: one PV in one of the value display styles of SPEC §2. A machine's feedback
 * or a digital output offers the machine's commands (MachineButton).
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import {
  VALUE_DISPLAY_STYLES,
  type DashboardTile,
  type ValueDisplayStyle,
} from '../../../contract/dashboard.ts';
import {
  pvStationNumber,
  usePvAlarm,
  usePvConfig,
  usePvValue,
  useStationConnection,
} from '../../../live/index.ts';
import { usePriorityFill } from '../../alerts/PvAlarmMark.tsx';
import { useFormat } from '../../../app/useFormat.ts';
import { knownCase } from '../enums.ts';
import { TileError } from '../TileFrame.tsx';
import { gaugeModel } from '../gauges/gaugeModel.ts';
import {
  CircularGauge,
  DigitalGauge,
  HorizontalGauge,
  StateIndicatorGauge,
  StateIndicatorText,
  ValueTextView,
  VerticalGauge,
  type GaugeProps,
} from '../gauges/Gauges.tsx';
import type { PvRef } from '../../../contract/pv.ts';
import { pvUrlId } from '../../../contract/keys.ts';
import { MachineButton } from '../../actions/MachineCommands.tsx';

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

export function SingleValueTile({ tile }: { tile: DashboardTile }) {
  const { t } = useTranslation();
  const style = knownCase(VALUE_DISPLAY_STYLES, tile.displayStyle);
  if (!style || style === 'Unspecified')
    return (
      <TileError
        message={t('dashboard.tile.unknownStyle', { value: tile.displayStyle ?? 'Unspecified' })}
      />
    );
  if (!tile.pv) return <TileError message={t('dashboard.tile.noPv')} />;
  return <SingleValue pv={tile.pv} Gauge={STYLES[style]} />;
}

function SingleValue({ pv, Gauge }: { pv: PvRef; Gauge: (p: GaugeProps) => React.ReactNode }) {
  const { t } = useTranslation();
  const { locale } = useFormat();
  const value = usePvValue(pv);
  const config = usePvConfig(pv);
  const alarm = usePvAlarm(pv) ?? null;
  const fill = usePriorityFill(alarm?.priority);
  const connection = useStationConnection(pvStationNumber(pv, config.config));
  if (config.state === 'error')
    return <TileError message={t('dashboard.tile.pvFailed')} detail={config.error} />;
  const model = gaugeModel(value, config.config, locale, alarm, connection);
  return (
    <div
      className="single-value"
      data-pv={pvUrlId(pv)}
      data-stale={model.standing.reason ?? undefined}
      data-state={model.state}
      data-limit={model.limitState}
      data-alarm={alarm?.phase}
      data-alarm-priority={alarm?.priority}
      style={fill ? ({ '--alarm-color': fill } as React.CSSProperties) : undefined}
    >
      <Gauge model={model} value={value} connection={connection} />
      {(pv.type === 'DigiIn' || pv.type === 'DigiOut') && <MachineButton pv={pv} />}
    </div>
  );
}
