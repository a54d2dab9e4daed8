/**
 * The current alert list done the naive way on purpose (`?view=liveAlerts`), as a
 * straightforward client does it: its own alert hub connection on the main thread, the whole
 * list from FetchAllPendingAlerts, every newAlert a React state update that copies and sorts
 * the whole list (newest first), and every row rendered into the page (no virtualisation). The
 * bench's alarm flood measures Pegel against it (bench/scenarios/alertFlood.ts); its rows
 * carry the same `data-index` and `data-alert-id` as Pegel's, so the same top-row reading
 * applies.
 */
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { useEffect, useState } from 'react';
import type { Alert } from '../../../src/contract/alerts.ts';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';

const newestFirst = (a: Alert, b: Alert) => b.timestamp - a.timestamp || b.id - a.id;

export function NaiveCurrentAlerts() {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const connection = new HubConnectionBuilder()
      .withUrl(HUBS.alert)
      .configureLogging(LogLevel.Warning)
      .build();
    connection.on(HUB_MESSAGES.newAlert, (alert: Alert) =>
      setAlerts((list) => [alert, ...list.filter((a) => a.id !== alert.id)].sort(newestFirst)),
    );
    void (async () => {
      try {
        await connection.start();
        await connection.invoke(HUB_METHODS.alert.subscribeToAllAlerts);
        const groups = await connection.invoke<{ alerts: Alert[] }[]>(
          HUB_METHODS.alert.fetchAllPendingAlerts,
        );
        const fetched = groups.flatMap((g) => g.alerts);
        setAlerts((list) => {
          const seen = new Set(list.map((a) => a.id));
          return [...list, ...fetched.filter((a) => !seen.has(a.id))].sort(newestFirst);
        });
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => void connection.stop();
  }, []);
  return (
    <div className="alert-table" aria-rowcount={alerts.length + 1}>
      {error && <p role="alert">{error}</p>}
      {alerts.map((a, i) => (
        <div key={a.id} className="alert-row" data-index={i} data-alert-id={a.id}>
          <span>{a.priority}</span> <span>{new Date(a.timestamp).toLocaleString('de-DE')}</span>{' '}
          <span>{a.stationName}</span> <span>{a.sourceName}</span> <span>{a.text}</span>{' '}
          <span>{a.state === 'pending' ? 'Unquittiert' : 'Quittiert'}</span>{' '}
          <span>{a.cleared ? 'Gegangen' : 'Steht an'}</span>
        </div>
      ))}
    </div>
  );
}
