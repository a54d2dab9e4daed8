/**
 * The alert list floor's hub connection, off its main thread as Pegel's engine is: the
 * official SignalR client on the alert hub, the pending alerts fetched once and every
 * newAlert kept by id. The page asks once a frame (`pull`) and gets the newest `rows` alerts
 * (as many as it has rows on screen), how many there are and the header banner's counts
 * (pending, and the alert it names), in one message, at once or as soon as something changes.
 */
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { Alert } from '../../../src/contract/alerts.ts';
import { HUBS, HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import { bannerCounts, type BannerCounts } from './snapshot.ts';

export type AlertWorkerMessage =
  | { type: 'alerts'; top: Alert[]; count: number; banner: BannerCounts }
  | { type: 'ready'; error: string | null };

export type AlertPageMessage = { type: 'start'; rows: number } | { type: 'pull' };

const post = (m: AlertWorkerMessage) => postMessage(m);
const alerts = new Map<number, Alert>();
const newestFirst = (a: Alert, b: Alert) => b.timestamp - a.timestamp || b.id - a.id;
let rows = 0;
let wanted = false;
let changed = false;

const send = () => {
  if (!wanted || !changed) return;
  wanted = false;
  changed = false;
  const top = [...alerts.values()].sort(newestFirst).slice(0, rows);
  // The header's counts, taken here as Pegel's engine takes them off its tab's main thread.
  post({ type: 'alerts', top, count: alerts.size, banner: bannerCounts(alerts.values()) });
};
const keep = (a: Alert) => {
  alerts.set(a.id, a);
  changed = true;
};

async function start(): Promise<void> {
  const connection = new HubConnectionBuilder()
    .withUrl(new URL(HUBS.alert, location.origin).href)
    .configureLogging(LogLevel.Warning)
    .build();
  connection.on(HUB_MESSAGES.newAlert, (a: Alert) => {
    keep(a);
    send();
  });
  try {
    await connection.start();
    await connection.invoke(HUB_METHODS.alert.subscribeToAllAlerts);
    const groups = await connection.invoke<{ alerts: Alert[] }[]>(
      HUB_METHODS.alert.fetchAllPendingAlerts,
    );
    for (const a of groups.flatMap((g) => g.alerts)) if (!alerts.has(a.id)) keep(a);
    send();
    post({ type: 'ready', error: null });
  } catch (err) {
    post({ type: 'ready', error: err instanceof Error ? err.message : String(err) });
  }
}

addEventListener('message', (e: MessageEvent<AlertPageMessage>) => {
  if (e.data.type === 'pull') {
    wanted = true;
    send();
  } else {
    rows = e.data.rows;
    void start();
  }
});
