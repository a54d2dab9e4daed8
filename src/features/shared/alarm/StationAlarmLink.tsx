/**
 * A station's alarm state (ISA-101 level 1), shown wherever the station appears: the alarm
 * mark of one alarm, the most urgent unacknowledged one, otherwise the highest active one
 * (SA1; shape and number, filled while active, hollow once returned, a halo while
 * unacknowledged), the counts of active and of unacknowledged alarms in words, the whole
 * state as the accessible name. One click opens the station's alerts. Nothing while the
 * station has no current alert: a calm overview.
 */
import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import type { StationAlarmState } from '../../../domain/stationAlarm.ts';
import { useStationAlarm } from '../../../live/index.ts';
import { AlarmMark, cx } from '../../../ui/index.ts';
import { usePriorityStyles } from './usePriorities.ts';
import './stationAlarm.css';

/** The current alert list of one station. */
export const stationAlertsPath = (stationNumber: number) => `/alerts?station=${stationNumber}`;

type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * A station alarm's words: `label`, the whole state, the one alarm the mark shows first
 * (SA1: its phase and priority), then the counts, then the most important active priority
 * when the mark shows another ("Pumpwerk Süd: Alarm nicht quittiert, Priorität 5, 2 aktiv,
 * 1 unquittiert, höchste aktive Priorität 1"); `counts`, the words shown beside the mark ("2
 * aktiv", "1 unquittiert"; in a compact link the first alone); `name`, the link's accessible
 * name. Label in name (WCAG 2.5.3): what a sighted user reads on the link, the mark's number
 * and the counts, stands in the name in that order, so a voice user can say it (issue 55).
 * The dot between the counts is drawn by CSS, so it is no word of the link's text.
 */
export function stationAlarmTexts(
  t: Translate,
  station: string,
  alarm: StationAlarmState,
  compact = false,
): { label: string; counts: string[]; name: string } {
  const active = t('alarmState.station.active', { count: alarm.active });
  const unack = t('alarmState.station.unack', { count: alarm.unacknowledged });
  // With none active (all returned, waiting for acknowledgement) "0 aktiv" says nothing.
  const all = alarm.active === 0 ? [unack] : [active, unack];
  let label = t('alarmState.station.label', {
    station,
    phase: t(`alarmState.phase.${alarm.phase}`),
    priority: alarm.priority,
    counts: all.join(', '),
  });
  if (alarm.highestActive !== null && alarm.highestActive !== alarm.priority)
    label += `, ${t('alarmState.station.highest', { priority: alarm.highestActive })}`;
  const counts = compact && alarm.active > 0 ? [active] : all;
  return { label, counts, name: `${label}. ${t('alarmState.station.open')}` };
}

/** The station's alarm state in words: "Pumpwerk Süd: Alarm nicht quittiert, Priorität 1, …". */
export function useStationAlarmWords(): (name: string, alarm: StationAlarmState) => string {
  const { t } = useTranslation();
  return (name, alarm) => stationAlarmTexts(t, name, alarm).label;
}

export function StationAlarmLink({
  stationNumber,
  stationName,
  compact = false,
  className,
}: {
  stationNumber: number;
  stationName: string;
  /** Mark and counts only, for markers and narrow lists (the words stay the accessible name). */
  compact?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const alarm = useStationAlarm(stationNumber);
  const styles = usePriorityStyles();
  if (!alarm) return null;
  const style = styles.get(alarm.priority);
  const { label, counts, name } = stationAlarmTexts(t, stationName, alarm, compact);
  return (
    <Link
      to={stationAlertsPath(stationNumber)}
      className={cx('station-alarm', `is-${alarm.phase}`, compact && 'is-compact', className)}
      aria-label={name}
      title={label}
      data-station-alarm={stationNumber}
      data-priority={alarm.priority}
      data-phase={alarm.phase}
      data-active={alarm.active}
      data-unack={alarm.unacknowledged}
      style={style ? { borderColor: style.fill } : undefined}
    >
      <AlarmMark
        priority={alarm.priority}
        phase={alarm.phase}
        fill={style?.fill}
        ink={style?.ink}
        label={label}
      />{' '}
      {/* The space parts the mark's number from the counts, as the eye parts them. */}
      <span className="station-alarm-words" aria-hidden="true">
        {counts.map((words, i) =>
          i === 0 ? (
            words
          ) : (
            <Fragment key={i}>
              {' '}
              <span className="station-alarm-more">{words}</span>
            </Fragment>
          ),
        )}
      </span>
    </Link>
  );
}
