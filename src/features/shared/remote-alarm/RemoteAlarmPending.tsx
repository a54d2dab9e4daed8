/**
 * Remote alarms waiting for confirmation, in the header of every tab: the alarm mark of the
 * most important waiting priority and the count in words, a link to the plans to confirm.
 * Nothing while none waits. `NavBadge` is the same count on the navigation's entry.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import { AlarmMark } from '../../../ui/AlarmMark.tsx';
import { usePriorityStyles } from '../alarm/usePriorities.ts';
import { usePendingRemoteAlarms } from './usePendingRemoteAlarms.ts';
import './remoteAlarmPending.css';

export const CONFIRM_PATH = '/remote-alarm/plans/confirm';

export function RemoteAlarmPending() {
  const { t } = useTranslation();
  const pending = usePendingRemoteAlarms();
  const styles = usePriorityStyles();
  // The mark pulses for a while when it appears and whenever more alarms wait (ui.css): a
  // new round remounts it, which starts its animation again.
  const [pulse, setPulse] = useState({ count: 0, round: 0 });
  if (pulse.count !== pending.count)
    setPulse({
      count: pending.count,
      round: pending.count > pulse.count ? pulse.round + 1 : pulse.round,
    });
  if (pending.count === 0) return null;
  const label = t('remoteAlarm.pending.header', { count: pending.count });
  const style = pending.priority === null ? undefined : styles.get(pending.priority);
  return (
    <Link
      to={CONFIRM_PATH}
      className="remote-pending"
      title={label}
      aria-label={label}
      data-remote-pending={pending.count}
    >
      {pending.priority !== null && (
        <AlarmMark
          key={pulse.round}
          priority={pending.priority}
          phase="unacknowledged"
          fill={style?.fill}
          ink={style?.ink}
          label={label}
          pulse
        />
      )}
      <span className="remote-pending-text" aria-hidden="true">
        {label}
      </span>
      <span className="remote-pending-count" aria-hidden="true">
        {pending.count}
      </span>
    </Link>
  );
}

/** The count on the navigation entry of remote alarming; nothing while none waits. */
export function RemoteAlarmNavBadge() {
  const { t } = useTranslation();
  const pending = usePendingRemoteAlarms();
  if (pending.count === 0) return null;
  return (
    <span className="nav-badge" data-remote-pending={pending.count}>
      <span aria-hidden="true">{pending.count}</span>
      <span className="visually-hidden">
        {t('remoteAlarm.pending.header', { count: pending.count })}
      </span>
    </span>
  );
}
