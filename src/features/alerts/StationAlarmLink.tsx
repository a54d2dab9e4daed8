/**
 * A station's alarm state (ISA-101 level 1), shown wherever the station appears: the alarm
 * mark of its most important active priority (shape and number, filled while active, hollow
 * once every alarm returned but waits for acknowledgement), the counts of active and of
 * unacknowledged alarms in words, the whole state as the accessible name. One click opens the
 * station's alerts. Nothing while the station has no current alert: a calm overview.
 */
import { Link } from 'react-router';
import { useTranslation } from '../../app/useTranslation.ts';
import type { StationAlarmState } from '../../domain/stationAlarm.ts';
import { useStationAlarm } from '../../live/index.ts';
import { AlarmMark, cx } from '../../ui/index.ts';
import { usePriorityStyles } from './usePriorities.ts';
import './stationAlarm.css';

/** The current alert list of one station. */
export const stationAlertsPath = (stationNumber: number) => `/alerts?station=${stationNumber}`;

/** The station's alarm state in words: "Pumpwerk Süd: Alarm Priorität 1 · 4 aktiv · 3 …". */
export function useStationAlarmWords(): (name: string, alarm: StationAlarmState) => string {
  const { t } = useTranslation();
  return (name, alarm) =>
    t(alarm.highestActive === null ? 'alarmState.station.returned' : 'alarmState.station.label', {
      station: name,
      priority: alarm.priority,
      active: t('alarmState.station.active', { count: alarm.active }),
      unack: t('alarmState.station.unack', { count: alarm.unacknowledged }),
    });
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
  const words = useStationAlarmWords();
  if (!alarm) return null;
  const style = styles.get(alarm.priority);
  const label = words(stationName, alarm);
  return (
    <Link
      to={stationAlertsPath(stationNumber)}
      className={cx('station-alarm', `is-${alarm.phase}`, compact && 'is-compact', className)}
      aria-label={`${label}. ${t('alarmState.station.open')}`}
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
      />
      <span className="station-alarm-words" aria-hidden="true">
        {compact
          ? alarm.highestActive === null
            ? t('alarmState.station.unack', { count: alarm.unacknowledged })
            : t('alarmState.station.active', { count: alarm.active })
          : alarm.highestActive === null
            ? t('alarmState.station.unack', { count: alarm.unacknowledged })
            : `${t('alarmState.station.active', { count: alarm.active })} · ${t(
                'alarmState.station.unack',
                { count: alarm.unacknowledged },
              )}`}
      </span>
    </Link>
  );
}
