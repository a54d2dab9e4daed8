/**
 * The floor page's hub connection, off its main thread as Pegel's engine is: the official
 * SignalR client, subscribed to the page's keys, keeping the latest value per PV. The page
 * asks for values once a frame (`pull`) and gets what came since, in one message, at once or
 * as soon as something comes: no more than one task a frame on the page's main thread, as a
 * tab of Pegel's gets one frame from its engine.
 *
 * A station page's floor also takes its station's time stamps (the station hub's: each tick
 * of the load plant while the station sends) and hands the newest on in the same message, at
 * most once a second and while the page is visible only, as Pegel's engine sends a station's
 * time stamps to a tab (workers/SPEC.md FR4, FR8).
 */
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import {
  HUBS,
  HUB_MESSAGES,
  HUB_METHODS,
  type NewTimestampMessage,
} from '../../../src/contract/hubs.ts';
import { pvKey, stationKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { openPvConnection } from '../pvConnection.ts';
import { unchangedUntil } from '../../../workers/TabCoalescer.ts';
import { holdFor, STATION_TIME_STEP_MS } from './snapshot.ts';

export type FloorWorkerMessage =
  | { type: 'values'; list: PvValue[]; stationTime: number | null }
  | { type: 'ready'; error: string | null };

export type FloorPageMessage =
  | {
      type: 'start';
      keys: string[];
      station: number | null;
      visible: boolean;
      /** Values go to the page at most this often, ms (0: each pull; snapshot.ts DASHBOARD_FRAME_MS). */
      intervalMs: number;
    }
  | { type: 'pull' }
  | { type: 'visible'; visible: boolean };

const post = (m: FloorWorkerMessage) => postMessage(m);
const latest = new Map<string, PvValue>();
let wanted = false;
let visible = true;
let intervalMs = 0;
/** When values last went to the page, and the timer that sends the held ones. */
let valuesSentAt = Number.NEGATIVE_INFINITY;
let holdTimer: ReturnType<typeof setTimeout> | undefined;
/** The station's newest time stamp not yet sent to the page (null: none new). */
let stationTime: number | null = null;
/** When the page last got a time stamp of the station, and which; the timer for the next step. */
let stationSentAt = Number.NEGATIVE_INFINITY;
let stationSent: number | null = null;
let stationTimer: ReturnType<typeof setTimeout> | undefined;

/** The station's time stamp to send now, or null: none new, page hidden, or held for its step. */
const stationDue = (): number | null => {
  if (!visible || stationTime === null) return null;
  // As Pegel's engine (FR8): at most once a step, and not while the page's text would not
  // change (its age reads just now, within one minute).
  const now = Date.now();
  const wait = Math.max(
    stationSentAt + STATION_TIME_STEP_MS - now,
    stationSent === null ? 0 : unchangedUntil(stationSent, stationTime) - now,
  );
  if (wait <= 0) return stationTime;
  stationTimer ??= setTimeout(() => {
    stationTimer = undefined;
    send();
  }, wait);
  return null;
};

const send = () => {
  if (!wanted || holdTimer !== undefined) return;
  const time = stationDue();
  if (latest.size === 0 && time === null) return;
  // As Pegel's engine holds a dashboard's next frame until its flush interval has passed.
  const hold = holdFor(valuesSentAt, intervalMs, Date.now());
  if (hold > 0) {
    holdTimer = setTimeout(() => {
      holdTimer = undefined;
      send();
    }, hold);
    return;
  }
  wanted = false;
  valuesSentAt = Date.now();
  post({ type: 'values', list: [...latest.values()], stationTime: time });
  latest.clear();
  if (time !== null) {
    stationTime = null;
    stationSent = time;
    stationSentAt = Date.now();
  }
};

/** The station hub's time stamps of `station`; resolves once subscribed. */
async function watchStation(station: number): Promise<void> {
  const connection = new HubConnectionBuilder()
    .withUrl(new URL(HUBS.station, location.origin).href)
    .configureLogging(LogLevel.Warning)
    .build();
  connection.on(HUB_MESSAGES.newTimestamp, (m: NewTimestampMessage) => {
    if (m.stationNumber !== station) return;
    stationTime = m.timestamp;
    send();
  });
  await connection.start();
  await connection.invoke(HUB_METHODS.station.subscribeToTimestamps, [stationKey(station)]);
}

addEventListener('message', (e: MessageEvent<FloorPageMessage>) => {
  const m = e.data;
  if (m.type === 'pull') {
    wanted = true;
    send();
    return;
  }
  if (m.type === 'visible') {
    visible = m.visible;
    send();
    return;
  }
  visible = m.visible;
  intervalMs = m.intervalMs;
  const station = m.station === null ? Promise.resolve() : watchStation(m.station);
  openPvConnection(
    m.keys,
    (list) => {
      for (const v of list) latest.set(pvKey(v.pvRef), v);
      send();
    },
    (error) =>
      void station.then(
        () => post({ type: 'ready', error }),
        (err: unknown) =>
          post({ type: 'ready', error: err instanceof Error ? err.message : String(err) }),
      ),
    new URL(HUBS.pv, location.origin).href,
  );
});
