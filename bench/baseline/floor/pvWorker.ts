/**
 * The floor page's hub connection, off its main thread as Pegel's engine is: the official
 * SignalR client, subscribed to the page's keys, keeping the latest value per PV. The page
 * asks for values once a frame (`pull`) and gets what came since, in one message, at once or
 * as soon as something comes: no more than one task a frame on the page's main thread, as a
 * tab of Pegel's gets one frame from its engine.
 */
import { HUBS } from '../../../src/contract/hubs.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { openPvConnection } from '../pvConnection.ts';

export type FloorWorkerMessage =
  { type: 'values'; list: PvValue[] } | { type: 'ready'; error: string | null };

export type FloorPageMessage = { type: 'start'; keys: string[] } | { type: 'pull' };

const post = (m: FloorWorkerMessage) => postMessage(m);
const latest = new Map<string, PvValue>();
let wanted = false;

const send = () => {
  if (!wanted || latest.size === 0) return;
  wanted = false;
  post({ type: 'values', list: [...latest.values()] });
  latest.clear();
};

addEventListener('message', (e: MessageEvent<FloorPageMessage>) => {
  if (e.data.type === 'pull') {
    wanted = true;
    send();
    return;
  }
  openPvConnection(
    e.data.keys,
    (list) => {
      for (const v of list) latest.set(pvKey(v.pvRef), v);
      send();
    },
    (error) => post({ type: 'ready', error }),
    new URL(HUBS.pv, location.origin).href,
  );
});
