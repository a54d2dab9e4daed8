/** An in-process engine wired to fakes, and a recorder of what each tab receives. */
import type { Alert } from '../../../src/contract/alerts.ts';
import { HUB_METHODS } from '../../../src/contract/hubs.ts';
import { pvKey } from '../../../src/contract/keys.ts';
import type { PvConfig, PvRef, PvValue } from '../../../src/contract/pv.ts';
import { Engine, type EngineDeps } from '../../../workers/Engine.ts';
import type { Frame, TabMessage } from '../../../workers/engineProtocol.ts';
import type { TabOptions } from '../../../workers/engineApi.ts';
import type { LeaseKind } from '../../../workers/topics.ts';
import { framePvValues } from '../../../workers/pvColumns.ts';
import { FakeHubs, type FakeHub } from './FakeHub.ts';
import { FakeTabLocks } from './FakeTabLocks.ts';
import { FakeTimers } from './FakeTimers.ts';
import { pvConfigOf } from '../pvConfigs.ts';

export interface TabRecorder {
  messages: TabMessage[];
  frames(): Frame[];
  sessionEnded(): number;
}

export function createHarness(overrides: Partial<EngineDeps> = {}) {
  const timers = new FakeTimers();
  const hubs = new FakeHubs();
  const locks = new FakeTabLocks();
  const configRequests: PvRef[][] = [];
  let configAnswer: (refs: PvRef[]) => Promise<PvConfig[]> = async (refs) => refs.map(pvConfig);
  const errors: unknown[] = [];
  const engine = new Engine({
    timers,
    transports: hubs.factory,
    locks,
    fetchPvConfigs: (refs) => {
      configRequests.push(refs);
      return configAnswer(refs);
    },
    onError: (error) => errors.push(error),
    ...overrides,
  });
  async function tab(tabId: string, options?: TabOptions): Promise<TabRecorder> {
    const messages: TabMessage[] = [];
    // As over a MessagePort: cloned, the columns moved; tests read every value in pvValues.
    const record = (message: TabMessage, transfer: Transferable[] = []) => {
      const copy = structuredClone(message, { transfer });
      if (copy.type === 'frame' && copy.pvColumns) {
        copy.pvValues = framePvValues(copy);
        delete copy.pvColumns;
      }
      messages.push(copy);
    };
    await engine.connect(tabId, record, options);
    return {
      messages,
      frames: () => messages.filter((m): m is Frame => m.type === 'frame'),
      sessionEnded: () => messages.filter((m) => m.type === 'sessionEnded').length,
    };
  }
  /** Tab `tabId` connects and leases `keys` of `kind`; the subscribe has gone out. */
  async function leasing(tabId: string, kind: LeaseKind, keys: string[]): Promise<TabRecorder> {
    const recorder = await tab(tabId);
    await engine.lease(tabId, kind, keys);
    await timers.advance(100);
    return recorder;
  }
  /**
   * The hub's connection drops and comes back; `hub.received` then holds only what the engine
   * sent after the reconnect.
   */
  async function reconnect(hub: FakeHub): Promise<void> {
    hub.received.length = 0;
    hub.drop();
    await timers.advance(10);
    hub.restore();
    await timers.advance(200);
  }
  /**
   * The alert hub answers FetchAllPendingAlerts with copies of `alerts` in one group, as a server
   * would send them anew each time; returns that hub.
   */
  function pendingAlerts(alerts: Alert[]): FakeHub {
    const hub = hubs.hub('alert');
    hub.answers.set(HUB_METHODS.alert.fetchAllPendingAlerts, () => [
      { pvGroupId: 1, alerts: structuredClone(alerts) },
    ]);
    return hub;
  }
  return {
    engine,
    timers,
    hubs,
    locks,
    configRequests,
    errors,
    tab,
    leasing,
    reconnect,
    pendingAlerts,
    answerConfigsWith(fn: (refs: PvRef[]) => Promise<PvConfig[]>) {
      configAnswer = fn;
    },
  };
}

/** The items of `kind` a tab received, oldest first, as [key, item]. */
export function itemsOf(tab: TabRecorder, kind: string): [string, unknown][] {
  return tab
    .frames()
    .flatMap((f) => f.items)
    .filter(([k]) => k === kind)
    .map(([, key, item]) => [key, item]);
}

/** The last item of `kind` under `key` a tab received; undefined while none came. */
export function lastItem(tab: TabRecorder, kind: string, key: string): unknown {
  return itemsOf(tab, kind)
    .filter(([k]) => k === key)
    .at(-1)?.[1];
}

export function aiRef(nr: number): PvRef {
  return { type: 'AnaIn', nr };
}

export function doubleValue(nr: number, value: number, timestamp = 1): PvValue {
  return {
    pvRef: aiRef(nr),
    typeOfValue: 'DoubleValue',
    doubleValue: value,
    quality: 'Good',
    timestamp,
  };
}

export function aiKey(nr: number): string {
  return pvKey(aiRef(nr));
}

export function pvConfig(ref: PvRef): PvConfig {
  return pvConfigOf(ref, {
    name: `PV ${ref.nr}`,
    dimension: 'm³/h',
    hasArchiveData: true,
    stationNumber: Math.floor(ref.nr / 100_000),
    stationName: 'Station',
  });
}
