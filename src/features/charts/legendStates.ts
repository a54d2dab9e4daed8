/**
 * The live states the chart legend shows beside each series, by series id: its PV's alarm
 * (DESIGN.md "Alarm states", OT1) and whether its live value is stale (issue 41,
 * domain/valueStanding.ts, WL3). Drawn into the legend by plotLegend.ts.
 */
import { useMemo } from 'react';
import { useTranslation } from '../../app/useTranslation.ts';
import { pvKey } from '../../contract/keys.ts';
import { useLiveItems } from '../../live/useLiveItems.ts';
import { usePvStandings } from '../../live/usePvStandings.ts';
import { useAlarmLabel } from '../shared/alarm/PvAlarmMark.tsx';
import { usePriorityStyles } from '../shared/alarm/usePriorities.ts';
import type { AlarmMarkProps } from '../../ui/index.ts';
import type { PlotSeriesConfig } from './plotModel.ts';
import type { LegendStale } from './plotLegend.ts';

/** The alarm state of each series' PV, by series id, for the legend (DESIGN.md "Alarm states"). */
export function useLegendAlarms(
  series: readonly PlotSeriesConfig[],
): ReadonlyMap<string, AlarmMarkProps> {
  const keys = useMemo(() => series.map((s) => pvKey(s.pv)), [series]);
  const alarms = useLiveItems('pvAlarm', keys);
  const styles = usePriorityStyles();
  const label = useAlarmLabel();
  const out = new Map<string, AlarmMarkProps>();
  series.forEach((s, i) => {
    const alarm = alarms[i];
    if (!alarm) return;
    const style = styles.get(alarm.priority);
    out.set(String(s.id), {
      priority: alarm.priority,
      phase: alarm.phase,
      fill: style?.fill,
      ink: style?.ink,
      label: label(alarm),
    });
  });
  return out;
}

/** Series whose PV's live value is stale, by series id, for the legend (domain/valueStanding.ts). */
export function useLegendStale(
  series: readonly PlotSeriesConfig[],
): ReadonlyMap<string, LegendStale> {
  const { t } = useTranslation();
  const refs = useMemo(() => series.map((s) => s.pv), [series]);
  const standings = usePvStandings(refs);
  return useMemo(() => {
    const out = new Map<string, LegendStale>();
    series.forEach((s, i) => {
      const standing = standings[i];
      if (standing) out.set(String(s.id), { ...standing, label: t(`ui.stale.${standing.reason}`) });
    });
    return out;
  }, [series, standings, t]);
}
