/**
 * Remote alarms waiting for confirmation as rows above the current alert list: the most
 * important waiting priority's mark, when it was raised, station, plan and text, and a link
 * to confirm. Read again when the live count changes (`usePendingRemoteAlarms`), at most once
 * per `ROWS_READ_GAP_MS`: in an alarm flood the count changes with every alarm. A read in
 * flight is never cancelled for a newer change (its answer is shown, the next read follows
 * it), so that under a flood the rows come about once per gap instead of never (bench/README.md
 * "The current alert list at rest and at low rates").
 */
import { memo, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { getJson } from '../../../api/http.ts';
import { useFormat } from '../../../app/useFormat.ts';
import { useTranslation } from '../../../app/useTranslation.ts';
import { planKey, REMOTE_ALERT_API, type PlanToConfirm } from '../../../contract/remoteAlert.ts';
import { AlarmMark } from '../../../ui/index.ts';
import { usePriorityStyles } from '../alarm/usePriorities.ts';
import { pageDataClient, usePageQuery } from '../pageData.ts';
import { pageKeys } from '../pageKeys.ts';
import { CONFIRM_PATH } from './RemoteAlarmPending.tsx';
import { usePendingRemoteAlarms } from './usePendingRemoteAlarms.ts';

/** Shortest time between two reads of the rows; the header's count is live meanwhile. */
export const ROWS_READ_GAP_MS = 1_000;

const KEY = pageKeys.plansToConfirm;
const NONE: PlanToConfirm[] = [];

// NOTE: no signal: a read whose view has gone still fills the cache, and one in flight is
// never aborted for the next (the confirm page shares the key and its answer).
const readRows = () => getJson<PlanToConfirm[]>(REMOTE_ALERT_API.plansToConfirm);

/**
 * Reads the rows again after a change of the count: at once after a quiet gap, else at the
 * gap's end after the last answer, which takes every change meanwhile; a read in flight is
 * joined, not cancelled (`cancelRefetch: false`), and the next follows its answer.
 */
function readAgain(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = () => {
    const state = pageDataClient.getQueryState(KEY);
    const wait =
      state?.fetchStatus === 'fetching'
        ? ROWS_READ_GAP_MS
        : (state?.dataUpdatedAt ?? 0) + ROWS_READ_GAP_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(due, wait);
      return;
    }
    void pageDataClient.refetchQueries({ queryKey: KEY, exact: true }, { cancelRefetch: false });
  };
  due();
  return () => clearTimeout(timer);
}

export function RemoteAlarmRows() {
  const pending = usePendingRemoteAlarms();
  const waiting = pending.count > 0;
  const [rows] = usePageQuery(KEY, readRows, { enabled: waiting, staleTime: ROWS_READ_GAP_MS });
  const version = `${pending.count}/${pending.plans}/${pending.priority}`;
  /** The version the shown rows were asked for with; null while none wait. */
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!waiting) {
      // None waits: no read follows, and an answer on its way is not shown.
      asked.current = null;
      void pageDataClient.cancelQueries({ queryKey: KEY, exact: true });
      void pageDataClient.resetQueries({ queryKey: KEY, exact: true });
      return;
    }
    // The read as the rows appear is the query's own; each change after it reads again.
    if (asked.current === null || asked.current === version) {
      asked.current = version;
      return;
    }
    asked.current = version;
    return readAgain();
    // The live count says when the list changed; the version carries it.
  }, [version, waiting]);
  const list = rows.data ?? NONE;
  if (!waiting || list.length === 0) return null;
  return <RowList rows={list} />;
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
