/** The one LiveClient of this tab, created on first use. */
import { flushSync } from 'react-dom';
import { connectEngine, reconnectEngine } from './connectEngine.ts';
import { LiveClient } from './LiveClient.ts';
import { redirectToLogout } from './sessionRedirect.ts';

let client: LiveClient | null = null;

export function getDefaultLiveClient(): LiveClient {
  if (!client) {
    const live = new LiveClient(connectEngine(), {
      onSessionEnded: redirectToLogout,
      reconnect: reconnectEngine,
      // What the frame gates apply in an animation frame renders in that frame (drawTogether).
      inDraw: flushSync,
    });
    client = live;
    // The bench suite reads this tab's data-path figures here (bench/harness/appProbe.ts).
    const probe = live.probe;
    (window as Window & { __pegelBench?: unknown }).__pegelBench = {
      snapshot: () => probe.snapshot(),
      reset: () => probe.reset(),
      /**
       * Leases PV values by key as mounted components would, for the soak bench to measure
       * what the engine holds per PV. Returns how many keys it leased.
       */
      leasePvValues: (keys: string[]) => {
        for (const key of keys) live.lease('pvValue', key);
        return keys.length;
      },
      /** Marks each frame's data path for a trace (bench/harness/frameThreadTime.ts). */
      markFrames: (on: boolean) => probe.markFrames(on),
      /** The shared engine's value-path counters (bench/scenarios/wideIngest.ts). */
      engineStats: () => live.engineStats(),
    };
  }
  return client;
}
