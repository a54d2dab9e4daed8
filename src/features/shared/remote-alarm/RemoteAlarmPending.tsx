/**
 * Remote alarms waiting for confirmation, in the header of every tab: the alarm mark of the
 * most important waiting priority and the count in words, a link to the plans to confirm.
 * Nothing while none waits. `NavBadge` is the same count on the navigation's entry.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../app/useTranslation.ts';
import { AlarmMark } from '../../../ui/AlarmMark.tsx';
import { usePriorityStyles } from '../alarm/usePriorities.ts';
import { usePendingRemoteAlarms } from './usePendingRemoteAlarms.ts';
import './remoteAlarmPending.css';

export const CONFIRM_PATH = '/remote-alarm/plans/confirm';

/** How long the header's mark pulses after more remote alarms came to wait. */
export const PULSE_MS = 30_000;

/**
 * Whether the header's mark pulses: from when it appears or more alarms wait until PULSE_MS
 * after the last time more came (ui.css `is-pulsing`, an endless animation that stops when
 * the class goes). The mark stays the same element meanwhile. It was mounted anew for each
 * rise of the count, to start a pulse of fixed length again: in an alarm flood the count
 * rises with nearly every alarm, so each alarm mounted a mark (a new element, animation and
 * compositor layer) and restarted its fade, which then never faded visibly (bench/README.md
 * "The alert list's open tab, measured"). One timer per pulse, not per alarm.
 */
export function usePulse(count: number): boolean {
  const [pulse, setPulse] = useState({ count: 0, on: false });
  if (pulse.count !== count) setPulse({ count, on: pulse.on || count > pulse.count });
  const seen = useRef(0);
  const lastRise = useRef(0);
  useEffect(() => {
    if (count > seen.current) lastRise.current = Date.now();
    seen.current = count;
  }, [count]);
  useEffect(() => {
    if (!pulse.on) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const due = () => {
      const left = lastRise.current + PULSE_MS - Date.now();
      if (left > 0) timer = setTimeout(due, left);
      else setPulse((p) => ({ ...p, on: false }));
    };
    timer = setTimeout(due, PULSE_MS);
    return () => clearTimeout(timer);
  }, [pulse.on]);
  return pulse.on && count > 0;
}

export function RemoteAlarmPending() {
  const { t } = useTranslation();
  const pending = usePendingRemoteAlarms();
  const styles = usePriorityStyles();
  const pulsing = usePulse(pending.count);
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
          priority={pending.priority}
          phase="unacknowledged"
          fill={style?.fill}
          ink={style?.ink}
          label={label}
          pulse={pulsing}
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
