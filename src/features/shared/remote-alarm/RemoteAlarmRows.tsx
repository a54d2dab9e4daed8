/**
 * Remote alarms waiting for confirmation as rows above the current alert list: the most
 * important waiting priority's mark, when it was raised, station, plan and text, and a link
 * to confirm. Read again when the live count changes (`usePendingRemoteAlarms`), at most once
 * per `ROWS_READ_GAP_MS`: in an alarm flood the count changes with every alarm.
 */
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getJson } from '../../../api/http.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { useTranslation } from '../../../app/useTranslation.ts';
import { planKey, REMOTE_ALERT_API, type PlanToConfirm } from '../../../contract/remoteAlert.ts';
import { AlarmMark } from '../../../ui/index.ts';
import { usePriorityStyles } from '../alarm/usePriorities.ts';
import { CONFIRM_PATH } from './RemoteAlarmPending.tsx';
import { usePendingRemoteAlarms } from './usePendingRemoteAlarms.ts';
import { ThrottledRead } from './throttledRead.ts';

/** Shortest time between two reads of the rows; the header's count is live meanwhile. */
export const ROWS_READ_GAP_MS = 1_000;

const readRows = (signal: AbortSignal) =>
  getJson<PlanToConfirm[]>(REMOTE_ALERT_API.plansToConfirm, { signal });

export function RemoteAlarmRows() {
  const pending = usePendingRemoteAlarms();
  const [rows, setRows] = useState<PlanToConfirm[]>([]);
  const reader = useRef<ThrottledRead<PlanToConfirm[]> | null>(null);
  useEffect(() => {
    const read = new ThrottledRead(readRows, setRows, ROWS_READ_GAP_MS);
    reader.current = read;
    return () => {
      read.dispose();
      reader.current = null;
    };
  }, []);
  const version = `${pending.count}/${pending.plans}/${pending.priority}`;
  useEffect(() => {
    if (pending.count === 0) {
      reader.current?.cancel();
      setRows([]);
      return;
    }
    reader.current?.request();
    // The live count says when the list changed; the version carries it.
  }, [version, pending.count]);
  if (pending.count === 0 || rows.length === 0) return null;
  return <RowList rows={rows} />;
}

/** The rows as read, rendered again only when a read brings them, not with each count. */
const RowList = memo(function RowList({ rows }: { rows: PlanToConfirm[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const styles = usePriorityStyles();
  return (
    <section className="remote-rows" aria-labelledby="remote-rows-title">
      <h2 id="remote-rows-title" className="remote-rows-title">
        {t('remoteAlarm.pending.listTitle')}
      </h2>
      <ul className="remote-rows-list">
        {rows.map((p) => {
          const style = styles.get(p.priority);
          const label = t('alarmState.label', {
            priority: p.priority,
            phase: t('alarmState.phase.unacknowledged'),
            text: p.alertText,
          });
          return (
            <li key={planKey(p.plan)} className="remote-row" data-remote-row={planKey(p.plan)}>
              <AlarmMark
                priority={p.priority}
                phase="unacknowledged"
                fill={style?.fill}
                ink={style?.ink}
                label={label}
              />
              <span className="remote-row-time">{format.dateTime(p.raisedAt)}</span>
              <span className="remote-row-where">
                {t('remoteAlarm.pending.row', { station: p.stationName, plan: p.planName })}
              </span>
              <span className="remote-row-text">
                {p.pendingCount > 1 ? `${p.alertText} (${p.pendingCount})` : p.alertText}
              </span>
              <Link className="btn btn-small" to={CONFIRM_PATH}>
                {t('remoteAlarm.pending.confirm')}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
});
