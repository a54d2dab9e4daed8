/**
 * What every naive baseline page does for live values: its own PV hub connection on the main
 * thread, started and subscribed key by key in batches. Each received list goes to
 * `onValues` (a single newValue as a list of one); `onReady` says how the start went.
 * Returns the stop. `url`: the hub's address; a worker must give it whole (SignalR resolves
 * a path against the window's document only).
 */
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import {
  HUBS,
  HUB_MESSAGES,
  HUB_METHODS,
  SUBSCRIPTION_BATCH_SIZE,
} from '../../src/contract/hubs.ts';
import type { PvValue } from '../../src/contract/pv.ts';

export function openPvConnection(
  keys: string[],
  onValues: (list: PvValue[]) => void,
  onReady: (error: string | null) => void,
  url: string = HUBS.pv,
): () => void {
  const connection = new HubConnectionBuilder()
    .withUrl(url)
    .withAutomaticReconnect()
    .configureLogging(LogLevel.Warning)
    .build();
  connection.on(HUB_MESSAGES.newValues, onValues);
  connection.on(HUB_MESSAGES.newValue, (v: PvValue) => onValues([v]));
  void (async () => {
    try {
      await connection.start();
      for (let i = 0; i < keys.length; i += SUBSCRIPTION_BATCH_SIZE)
        await connection.invoke(
          HUB_METHODS.pv.subscribeToPvs,
          keys.slice(i, i + SUBSCRIPTION_BATCH_SIZE),
        );
      onReady(null);
    } catch (err) {
      onReady(err instanceof Error ? err.message : String(err));
    }
  })();
  return () => void connection.stop();
}
