/**
 * The alert archive done the naive way on purpose, as a straightforward client does it: one
 * `fetch` of the whole range on the main thread (the same GET /api/alerts query as Pegel's
 * full archive load: last 7 days, limit 100,000), every row kept in React state and rendered
 * into one plain `<table>` (no virtualisation), and a text filter that runs `Array.filter`
 * over all rows on each change and re-renders the table. The bench measures Pegel against
 * this (bench/scenarios/alerts.ts); window.__baselineAlerts reports like Pegel's AlertsProbe.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ALERT_API, type Alert, type AlertListResult } from '../../../src/contract/alerts.ts';
import { alertQuery, alertQueryString } from '../../../src/domain/alertQuery.ts';
import { presetRange } from '../../../src/domain/clock.ts';
import { afterPaint } from '../../../src/ui/afterPaint.ts';

/** Pegel's archive request limit (ARCHIVE_REQUEST_LIMIT in src/features/alerts/archiveQuery.ts). */
export const BASELINE_ARCHIVE_LIMIT = 100_000;
/** Like Pegel's probe: a filter that changes nothing resolves after this bound. */
const FILTER_GIVE_UP_MS = 5000;

/** What the bench reads from the page (the shape of Pegel's AlertsProbe). */
export interface BaselineAlertsProbe {
  /** performance.now() (navigation start = 0) when the first rows were committed; null before. */
  firstRowsMs(): number | null;
  /** Applies a text filter; resolves with ms from the request to the filtered rows drawn. */
  filter(text: string): Promise<number>;
  /** Load state, for the bench to tell "still loading" from "failed". */
  state: 'loading' | 'ready' | 'error';
  error: string | null;
  /** Rows received and rows currently in the table. */
  loaded: number;
  shown: number;
}

declare global {
  interface Window {
    __baselineAlerts?: BaselineAlertsProbe;
  }
}

interface Pending {
  started: number;
  resolve: (ms: number) => void;
}

const timeFormat = new Intl.DateTimeFormat('de-DE', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Berlin',
});

export function NaiveAlertArchive({ limit, nowMs }: { limit: number; nowMs: number }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [filterText, setFilterText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const firstRowsAt = useRef<number | null>(null);
  const firstRowsSeen = useRef(false);
  const pending = useRef<Pending | null>(null);
  const probe = useRef<BaselineAlertsProbe | null>(null);

  if (probe.current === null) {
    const p: BaselineAlertsProbe = {
      firstRowsMs: () => firstRowsAt.current,
      filter: (text) =>
        new Promise<number>((resolve) => {
          const started = performance.now();
          pending.current = { started, resolve };
          setTimeout(() => {
            if (pending.current?.started !== started) return;
            pending.current = null;
            resolve(performance.now() - started);
          }, FILTER_GIVE_UP_MS);
          setFilterText(text);
        }),
      state: 'loading',
      error: null,
      loaded: 0,
      shown: 0,
    };
    probe.current = p;
    window.__baselineAlerts = p;
  }

  useEffect(() => {
    const range = presetRange('last7Days', nowMs, 'Europe/Berlin');
    const query = alertQuery(range.start, range.end, limit);
    fetch(`${ALERT_API.list}?${alertQueryString(query)}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${ALERT_API.list}: status ${response.status}`);
        const body = (await response.json()) as AlertListResult;
        setAlerts(body.alerts);
        setLoading(false);
      })
      .catch((e: unknown) => {
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      });
  }, [limit, nowMs]);

  // Naive: every change filters all rows again, in the render.
  const needle = filterText.trim().toLowerCase();
  const rows = needle ? alerts.filter((a) => a.text.toLowerCase().includes(needle)) : alerts;

  // In the commit (a passive effect may run only after its frame was painted): the same
  // points as Pegel's probe, the frame that holds the first rows (here every row is in the
  // commit that has any) and the frame that holds the filtered rows, painted.
  useLayoutEffect(() => {
    const p = probe.current!;
    p.state = error ? 'error' : loading ? 'loading' : 'ready';
    p.error = error;
    p.loaded = alerts.length;
    p.shown = rows.length;
    if (rows.length > 0 && !firstRowsSeen.current) {
      firstRowsSeen.current = true;
      afterPaint(() => (firstRowsAt.current = performance.now()), null);
    }
    const f = pending.current;
    if (f) {
      pending.current = null;
      afterPaint(() => f.resolve(performance.now() - f.started), null);
    }
  }, [alerts, rows, loading, error]);

  return (
    <div>
      <h1>Alert archive (naive baseline)</h1>
      <p>
        <label>
          Filter text <input value={filterText} onChange={(e) => setFilterText(e.target.value)} />
        </label>{' '}
        {loading ? 'Loading…' : error ? `Failed: ${error}` : `${rows.length} of ${alerts.length}`}
      </p>
      <table>
        <thead>
          <tr>
            <th>Priority</th>
            <th>Time</th>
            <th>Station</th>
            <th>Source</th>
            <th>Text</th>
            <th>State</th>
            <th>Acknowledged by</th>
            <th>Cleared</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{a.priority}</td>
              <td>{timeFormat.format(a.timestamp)}</td>
              <td>{a.stationName}</td>
              <td>{a.sourceName}</td>
              <td>{a.text}</td>
              <td>{a.state}</td>
              <td>{a.acknowledgedBy ?? ''}</td>
              <td>{a.cleared ? 'yes' : 'no'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
