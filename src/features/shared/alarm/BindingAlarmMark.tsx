/**
 * The alarm state of a non-PV alert source (SPEC §3 "Pending-alert state binding types"):
 * a station's connection, an alarm line, a device, a pipe leakage. Leased by binding from
 * the engine (SubscribeToAlertState / newAlertState); nothing while no alert is pending.
 */
import { useTranslation } from '../../../app/useTranslation.ts';
import { alertBindingKey, type AlertStateBinding } from '../../../contract/alerts.ts';
import { useLiveItem } from '../../../live/index.ts';
import { AlarmMark } from '../../../ui/index.ts';
import { usePriorityStyles } from './usePriorities.ts';

export function BindingAlarmMark({
  binding,
  what,
  className,
}: {
  binding: AlertStateBinding;
  /** What the binding is, in words ("Verbindung"). */
  what: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const state = useLiveItem('alertState', alertBindingKey(binding));
  const styles = usePriorityStyles();
  if (!state || state.pendingCount === 0 || state.highestPriority === null) return null;
  const style = styles.get(state.highestPriority);
  return (
    <AlarmMark
      priority={state.highestPriority}
      phase="unacknowledged"
      fill={style?.fill}
      ink={style?.ink}
      label={t('alarmState.binding', {
        what,
        priority: state.highestPriority,
        count: state.pendingCount,
      })}
      className={className}
    />
  );
}
