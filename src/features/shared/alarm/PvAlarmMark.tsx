/**
 * A PV's alarm state at its value (DESIGN.md "Alarm states"): the alarm mark in the
 * priority's colour with the state in words. Used wherever a PV value is shown.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import type { PvAlarmEntry, PvAlarmState } from '../../../domain/pvAlarm.ts';
import { AlarmMark } from '../../../ui/index.ts';
import { usePriorityStyles, type PriorityStyles } from './usePriorities.ts';

type AppT = ReturnType<typeof useTranslation>['t'];

/**
 * The alarm state in words: "Alarm Priorität 1, nicht quittiert: Druck zu hoch". A PV in more
 * than one alarm names every one, the one its mark shows first (PA1): "Alarm Priorität 5,
 * nicht quittiert: hoch; Alarm Priorität 1, quittiert, steht noch an: zu hoch".
 */
export function useAlarmLabel(): (alarm: PvAlarmState) => string {
  const { t } = useTranslation();
  return alarmLabelWith(t);
}

/** `useAlarmLabel` from a `t` the caller holds (a list asks once for all its rows). */
export function alarmLabelWith(t: AppT): (alarm: PvAlarmState) => string {
  const one = (entry: PvAlarmEntry) =>
    t('alarmState.label', {
      priority: entry.priority,
      phase: t(`alarmState.phase.${entry.phase}`),
      text: entry.text,
    });
  return (alarm) => (alarm.alarms.length > 1 ? alarm.alarms.map(one).join('; ') : one(alarm));
}

export function PvAlarmMark({
  alarm,
  className,
}: {
  alarm: PvAlarmState | null | undefined;
  className?: string;
}) {
  const styles = usePriorityStyles();
  const label = useAlarmLabel();
  return pvAlarmMark(alarm, styles, label, className);
}

/**
 * The mark as an element from styles and label the caller holds: a list of many rows (the
 * station page) asks for them once, not once a row.
 */
export function pvAlarmMark(
  alarm: PvAlarmState | null | undefined,
  styles: PriorityStyles,
  label: (alarm: PvAlarmState) => string,
  className?: string,
) {
  if (!alarm) return null;
  const style = styles.get(alarm.priority);
  return (
    <AlarmMark
      priority={alarm.priority}
      phase={alarm.phase}
      fill={style?.fill}
      ink={style?.ink}
      label={label(alarm)}
      className={className}
    />
  );
}

/** The fill of a priority for outlines and bars beside the mark (CSS), or undefined. */
export function usePriorityFill(priority: number | undefined): string | undefined {
  const styles = usePriorityStyles();
  return priority === undefined ? undefined : styles.get(priority)?.fill;
}
