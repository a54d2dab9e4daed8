/** The tab side of the live path (DESIGN.md, SPEC §2) — rules TB1-TB6 of workers/SPEC.md. */
import { describe, expect, it, vi } from 'vitest';
import { LiveClient } from '../../../src/live/LiveClient.ts';
import { logoutUrl } from '../../../src/live/sessionRedirect.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import type { EngineApi } from '../../../workers/engineApi.ts';
import type { AlertCounts, Frame } from '../../../workers/engineProtocol.ts';
import { shouldRearm } from '../../../src/features/alerts/hornState.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import { makeAlert } from '../alerts/alertFixtures.ts';
import { CONDITION_WAIT_MS } from '../../support/testSize.ts';
import { liveFrame } from '../../support/liveFrame.ts';
import { SERVER_STATUS_KEY } from '../../../workers/topics/topicNames.ts';

/** Lets the port's messages (real MessageChannel events) arrive. */
const realTick = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * A tab on a port to the engine (the shared worker's side, Comlink left out) whose animation
 * frames the test runs by hand with `draw()`.
 */
function drawnPortClient(h: ReturnType<typeof createHarness>, { visible = true } = {}) {
  let drawFrame: (() => void) | null = null;
  let shown = visible;
  const visibilityListeners: (() => void)[] = [];
  const client = new LiveClient(Promise.resolve({ api: h.engine, mode: 'shared' as const }), {
    tabId: 'tab1',
    timers: h.timers,
    requestFrame: (callback) => {
      drawFrame = callback;
      return () => (drawFrame = null);
    },
    visibility: {
      isVisible: () => shown,
      onChange: (listener) => {
        visibilityListeners.push(listener);
        return () => visibilityListeners.splice(visibilityListeners.indexOf(listener), 1);
      },
    },
  });
  const draw = () => {
    const due = drawFrame;
    drawFrame = null;
    due?.();
  };
  const setVisible = (value: boolean) => {
    shown = value;
    for (const listener of [...visibilityListeners]) listener();
  };
  return { client, draw, setVisible };
}

function recordingApi(api: EngineApi, calls: string[]): EngineApi {
  return new Proxy(api, {
    get(target, name: keyof EngineApi) {
      const method: unknown = target[name];
      if (typeof method !== 'function') return method;
      return (...args: unknown[]) => {
        calls.push(
          `${String(name)} ${JSON.stringify(args.slice(1).filter((a) => typeof a !== 'function'))}`,
        );
        const result = (method as (...a: unknown[]) => unknown).apply(target, args);
        if (result instanceof Promise)
          void result.then(
            () => calls.push(`done ${String(name)}`),
            () => undefined,
          );
        return result;
      };
    },
  });
}

/** The kinds each `changeLeases` call carried, one line per kind: `lease [kind, keys]`. */
function leaseCalls(calls: string[], op: 'lease' | 'release'): string[] {
  return calls
    .filter((c) => c.startsWith('changeLeases '))
    .flatMap((c) => {
      const [releases, leases] = JSON.parse(c.slice('changeLeases '.length)) as [
        [string, string[]][],
        [string, string[]][],
      ];
      return (op === 'lease' ? leases : releases).map((batch) => `${op} ${JSON.stringify(batch)}`);
    });
}

function setup() {
  const h = createHarness();
  const calls: string[] = [];
  let visible = true;
  const visibilityListeners: (() => void)[] = [];
  const sessionEnds: number[] = [];
  const client = new LiveClient(
    Promise.resolve({ api: recordingApi(h.engine, calls), mode: 'inProcess' as const }),
    {
      tabId: 'tab1',
      timers: h.timers,
      onSessionEnded: () => sessionEnds.push(h.timers.now()),
      visibility: {
        isVisible: () => visible,
        onChange: (listener) => {
          visibilityListeners.push(listener);
          return () => undefined;
        },
      },
    },
  );
  const setVisible = (value: boolean) => {
    visible = value;
    for (const listener of visibilityListeners) listener();
  };
  return { h, client, calls, setVisible, sessionEnds };
}

/** The status of an engine connected to a server that is connected to its plant. */
const CONNECTED = {
  display: 'connected',
  serverStatus: 'Connected',
  lastDataAt: 1_000,
  nextRetryAt: null,
  firstStart: false,
} as const;

/** A store whose listeners of PVs 1 and 2 and of station st1 write their name when woken. */
function wokenStore() {
  const store = new TabLiveStore();
  const woken: string[] = [];
  store.subscribe('pvValue', aiKey(1), () => woken.push('1'));
  store.subscribe('pvValue', aiKey(2), () => woken.push('2'));
  store.subscribe('station', 'st1', () => woken.push('st1'));
  return { store, woken };
}

describe('TabLiveStore', () => {
  it('TB1: a frame wakes only the listeners of keys that changed, each once', () => {
    const { store, woken } = wokenStore();
    store.apply(liveFrame({ pvValues: [doubleValue(1, 1), doubleValue(3, 3)] }));
    expect(woken).toEqual(['1']);
    expect(store.getPvValue(aiKey(3))).toEqual(doubleValue(3, 3));
    const before = store.getPvValue(aiKey(2));
    store.apply(liveFrame({ pvValues: [doubleValue(1, 2)] }));
    expect(store.getPvValue(aiKey(2))).toBe(before);
  });

  it('TB8: a failed key reads as failed, not loading, until its item arrives', () => {
    const store = new TabLiveStore();
    const woken: string[] = [];
    store.subscribe('plan', '4_1', () => woken.push('4_1'));
    store.apply(liveFrame({ itemErrors: [['plan', '4_1', 'Plan unbekannt']] }));
    expect(woken).toEqual(['4_1']);
    expect(store.getItem('plan', '4_1')).toBeUndefined();
    expect(store.getItemError('plan', '4_1')).toBe('Plan unbekannt');
    expect(store.getItemError('line', '4_1')).toBeUndefined();
    store.apply(liveFrame({ items: [['plan', '4_1', null]] }));
    expect(store.getItemError('plan', '4_1')).toBeUndefined();
    expect(store.getItem('plan', '4_1')).toBeNull();
    store.apply(liveFrame({ itemErrors: [['plan', '4_1', 'weg']] }));
    store.forget('plan', '4_1');
    expect(store.getItemError('plan', '4_1')).toBeUndefined();
  });

  it('TB1: status listeners wake on a state change, and on the data age only in whole seconds and only while not connected', () => {
    const store = new TabLiveStore();
    let woken = 0;
    store.subscribeStatus(() => woken++);
    store.apply(liveFrame({ status: CONNECTED, lastDataAt: 1_000 }));
    expect(woken).toBe(1);
    const snapshot = store.getStatus();
    store.apply(liveFrame({ lastDataAt: 1_500 }));
    expect(store.getStatus()).toBe(snapshot);
    // Connected: the keep-alive vouches for the values, no view shows the age.
    store.apply(liveFrame({ lastDataAt: 2_000 }));
    expect(woken).toBe(1);
    // The link drops: the state change carries the newest time of data.
    store.apply(
      liveFrame({ status: { ...CONNECTED, display: 'notConnected' }, lastDataAt: 2_200 }),
    );
    expect(woken).toBe(2);
    expect(store.getStatus().lastDataAt).toBe(2_200);
    store.apply(liveFrame({ lastDataAt: 2_700 }));
    expect(woken).toBe(2);
    store.apply(liveFrame({ lastDataAt: 3_200 }));
    expect(woken).toBe(3);
    expect(store.getStatus().lastDataAt).toBe(3_200);
  });
});

describe('LiveClient', () => {
  it('TB2: leases of one key by many components are one engine lease', async () => {
    const { h, client, calls } = setup();
    const releases = [1, 2, 3].map(() => client.lease('pvValue', aiKey(1)));
    await h.timers.advance(100);
    expect(leaseCalls(calls, 'lease')).toEqual([`lease ["pvValue",["${aiKey(1)}"]]`]);
    releases[0]!();
    releases[0]!();
    releases[1]!();
    await h.timers.advance(10_000);
    expect(leaseCalls(calls, 'release')).toEqual([]);
    releases[2]!();
    await h.timers.advance(10_000);
    expect(leaseCalls(calls, 'release')).toEqual([`release ["pvValue",["${aiKey(1)}"]]`]);
  });

  it('TB2b: leaseAll leases many keys with one release, counted with the single leases of the same keys', async () => {
    const { h, client, calls } = setup();
    const single = client.lease('pvValue', aiKey(1));
    const all = client.leaseAll('pvValue', [aiKey(1), aiKey(2), aiKey(3)]);
    await h.timers.advance(100);
    expect(leaseCalls(calls, 'lease')).toEqual([
      `lease ["pvValue",["${aiKey(1)}","${aiKey(2)}","${aiKey(3)}"]]`,
    ]);
    all();
    all();
    await h.timers.advance(10_000);
    // Key 1 is still held by its single lease; the second call of the release did nothing.
    expect(leaseCalls(calls, 'release')).toEqual([
      `release ["pvValue",["${aiKey(2)}"]]`,
      `release ["pvValue",["${aiKey(3)}"]]`,
    ]);
    expect(client.leasedKeys('pvValue')).toEqual([aiKey(1)]);
    single();
    await h.timers.advance(10_000);
    expect(client.leasedKeys('pvValue')).toEqual([]);
  });

  it("TB2c: subscribeAll wakes each key's own listener, and its one clean-up removes them all", () => {
    const store = new TabLiveStore();
    const woken: string[] = [];
    const keys = [aiKey(1), aiKey(2)];
    const other = store.subscribe('pvValue', aiKey(1), () => woken.push('other'));
    const stop = store.subscribeAll(
      'pvValue',
      keys,
      keys.map((key) => () => woken.push(key)),
    );
    store.apply(liveFrame({ pvValues: [doubleValue(2, 1)] }));
    expect(woken).toEqual([aiKey(2)]);
    store.apply(liveFrame({ pvValues: [doubleValue(1, 1)] }));
    expect(woken.slice(1).sort()).toEqual([aiKey(1), 'other'].sort());
    stop();
    woken.length = 0;
    store.apply(liveFrame({ pvValues: [doubleValue(1, 2)] }));
    store.apply(liveFrame({ pvValues: [doubleValue(2, 2)] }));
    expect(woken).toEqual(['other']);
    other();
  });

  it('TB3: a key released and leased again within 2 s never leaves the engine', async () => {
    const { h, client, calls } = setup();
    client.lease('pvValue', aiKey(1))();
    await h.timers.advance(1_999);
    client.lease('pvValue', aiKey(1));
    await h.timers.advance(10_000);
    expect(leaseCalls(calls, 'release')).toEqual([]);
    expect(client.leasedKeys('pvValue')).toEqual([aiKey(1)]);
  });

  it("TB10 (FR9): the tab store gets a station's time stamps only while a view leases them; the last release stops them, the state still flows", async () => {
    const { h, client } = setup();
    client.lease('station', 'st1');
    const station = h.hubs.hub('station');
    const live = () => client.store.getStation('st1');
    await h.timers.advance(100);
    station.emit('newDialState', { stationNumber: 1, dialState: 'Connected' });
    station.emit('newTimestamp', { stationNumber: 1, timestamp: 1_000 });
    await h.timers.advance(100);
    expect(live()).toMatchObject({ dialState: 'Connected', timestamp: null });
    // Two views show the age: one lease; the first unmount keeps the time stamps coming.
    const ages = [client.lease('stationTime', 'st1'), client.lease('stationTime', 'st1')];
    await h.timers.advance(100);
    expect(live()?.timestamp).toBe(1_000);
    ages[0]!();
    await h.timers.advance(10_000);
    station.emit('newTimestamp', { stationNumber: 1, timestamp: 12_000 });
    await h.timers.advance(1_100);
    expect(live()?.timestamp).toBe(12_000);
    ages[1]!();
    await h.timers.advance(10_000);
    expect(live()).toMatchObject({ dialState: 'Connected', timestamp: null });
    station.emit('newTimestamp', { stationNumber: 1, timestamp: 23_000 });
    await h.timers.advance(1_100);
    expect(live()?.timestamp).toBeNull();
    station.emit('newDialState', { stationNumber: 1, dialState: 'HangingUp' });
    await h.timers.advance(100);
    expect(live()).toMatchObject({ dialState: 'HangingUp', timestamp: null });
  });

  it('TB4: leases taken in the same task go to the engine in one call, one batch per kind', async () => {
    const { h, client, calls } = setup();
    for (let nr = 1; nr <= 100; nr++) client.lease('pvValue', aiKey(nr));
    client.lease('station', 'st1');
    await h.timers.advance(100);
    expect(calls.filter((c) => c.startsWith('changeLeases '))).toHaveLength(1);
    const batches = leaseCalls(calls, 'lease').map((c) => JSON.parse(c.slice(6)) as [string, []]);
    expect(batches.map(([kind, keys]) => [kind, keys.length])).toEqual([
      ['pvValue', 100],
      ['station', 1],
    ]);
    expect(h.hubs.hub('pv').keysSent('SubscribeToPvs')).toHaveLength(100);
  });

  it('TB5: values flow into the tab store and visibility reaches the engine', async () => {
    const { h, client, calls, setVisible } = setup();
    client.lease('pvValue', aiKey(1));
    await h.timers.advance(100);
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 7));
    await h.timers.advance(50);
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 7));
    setVisible(false);
    await h.timers.advance(10);
    expect(calls).toContain('setVisible [false]');
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 8));
    await h.timers.advance(500);
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 7));
    setVisible(true);
    await h.timers.advance(100);
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 8));
  });

  it('TB9: over a port the tab acknowledges every frame it applied, so values keep flowing', async () => {
    const h = createHarness();
    // The engine as the shared worker's side of the port (Comlink left out).
    const client = new LiveClient(Promise.resolve({ api: h.engine, mode: 'shared' as const }), {
      tabId: 'tab1',
      timers: h.timers,
    });
    client.lease('pvValue', aiKey(1));
    await h.timers.advance(100);
    await realTick();
    for (let i = 1; i <= 4; i++) {
      h.hubs.hub('pv').emit('newValue', doubleValue(1, i));
      await h.timers.advance(20);
      await realTick();
      // Without the tab's ack the engine would hold value 2 on for its ack timeout (1 s).
      expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, i));
      await realTick();
    }
    void client.dispose();
  });

  it('TB9b (FR7c): over a port the tab applies frames at its animation frames, one frame in flight', async () => {
    const h = createHarness();
    const { client, draw } = drawnPortClient(h);
    client.lease('pvValue', aiKey(1));
    // A view shows the value: a frame without one on screen waits for no draw (FR7c-5).
    client.store.subscribe('pvValue', aiKey(1), () => undefined);
    await h.timers.advance(100);
    await realTick();
    draw();
    await realTick();
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 1));
    await h.timers.advance(20);
    await realTick();
    // The tab drew everything before: applied on arrival.
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 1));
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 2));
    await h.timers.advance(20);
    await realTick();
    // Not yet drawn: the next frame waits for the tab's animation frame.
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 1));
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 3));
    await h.timers.advance(20);
    await realTick();
    draw();
    // One frame in flight: what came meanwhile followed the ack, the newest value winning.
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 2));
    await h.timers.advance(20);
    await realTick();
    draw();
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 3));
    void client.dispose();
  });

  it('AV7: over a port alert views wait for the tab to draw, the banner counts of a hidden tab do not', async () => {
    const h = createHarness();
    h.pendingAlerts([makeAlert(1)]);
    const { client, draw, shown, counted } = await watchingAlerts(h, { visible: false });
    const hub = h.hubs.hub('alert');
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(2));
    await h.timers.advance(60);
    await realTick();
    // After a quiet spell: on arrival.
    expect(shown.at(-1)).toBe(2);
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(60);
    await realTick();
    // The tab has not drawn since: the list waits, the banner does not.
    expect(shown.at(-1)).toBe(2);
    expect(counted.at(-1)).toBe(3);
    draw();
    expect(shown.at(-1)).toBe(3);
    void client.dispose();
  });

  it('AV7c: a tab in view takes the counts with the views they came with, in the same draw; hidden, it takes held counts at once', async () => {
    const h = createHarness();
    h.pendingAlerts([makeAlert(1)]);
    const { client, draw, setVisible, shown, counted } = await watchingAlerts(h);
    expect(counted.at(-1)).toBe(1);
    const hub = h.hubs.hub('alert');
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(2));
    await h.timers.advance(60);
    await realTick();
    // After a quiet spell: views and counts on arrival.
    expect([shown.at(-1), counted.at(-1)]).toEqual([2, 2]);
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(60);
    await realTick();
    // Not drawn since: the counts wait with the list, and come in the same draw.
    expect([shown.at(-1), counted.at(-1)]).toEqual([2, 2]);
    draw();
    expect([shown.at(-1), counted.at(-1)]).toEqual([3, 3]);
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(4));
    await h.timers.advance(60);
    await realTick();
    expect([shown.at(-1), counted.at(-1)]).toEqual([3, 3]);
    // Hidden before the draw: the horn's counts are taken now, the list still waits.
    setVisible(false);
    expect([shown.at(-1), counted.at(-1)]).toEqual([3, 4]);
    const heard = counted.length;
    draw();
    expect(shown.at(-1)).toBe(4);
    // Taken once: the held views bring no second copy of the same counts.
    expect(counted).toHaveLength(heard);
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(5));
    await h.timers.advance(60);
    await realTick();
    // Hidden: the counts on arrival.
    expect(counted.at(-1)).toBe(5);
    void client.dispose();
  });

  it('AB9: over a port the banner hears its counts when they change, not with every frame of a list; a new alarm after a mute still re-arms the horn', async () => {
    const h = createHarness();
    h.pendingAlerts([makeAlert(1, { priority: 5 })]);
    const { client, draw } = drawnPortClient(h);
    const frames: number[] = [];
    const counted: AlertCounts[] = [];
    const view = { source: { kind: 'live' as const }, start: 0, count: 10 };
    const handle = client.watchAlertView(view, (f) => frames.push(f.total));
    client.watchAlertCounts((c) => counted.push(c));
    // The engine loads its alert views' code on first use: real module loading.
    for (let i = 0; i < 100 && frames.at(-1) !== 1; i++) {
      await h.timers.advance(100);
      await realTick();
      draw();
    }
    await h.timers.advance(300);
    await realTick();
    draw();
    expect(counted.at(-1)).toMatchObject({ pending: 1, ready: true, latest: { id: 1 } });
    const heard = counted.length;
    // The list scrolled and filtered: new frames, the same counts. The banner hears nothing
    // (each message's counts were a new object: a render of the banner each frame).
    const seen = frames.length;
    const byPriority = { field: 'priority', operator: 'eq', value: 5 } as const;
    for (const next of [{ ...view, start: 1 }, { ...view, filter: byPriority }, view]) {
      handle.update(next);
      await h.timers.advance(100);
      await realTick();
      draw();
    }
    expect(frames.length).toBeGreaterThan(seen);
    expect(counted).toHaveLength(heard);
    // HS2 as before: muted, a new alarm of priority 1 raised after the mute comes to the
    // banner as its latest, which re-arms the horn.
    const muted = { mutedAt: makeAlert(1).timestamp + 500, rearmPriority: 2 };
    expect(shouldRearm(muted, counted.at(-1)!.latest)).toBe(false);
    h.hubs.hub('alert').emit(HUB_MESSAGES.newAlert, makeAlert(2, { priority: 1 }));
    await h.timers.advance(300);
    await realTick();
    draw();
    expect(counted).toHaveLength(heard + 1);
    expect(counted.at(-1)).toMatchObject({ pending: 2, latest: { id: 2, priority: 1 } });
    expect(shouldRearm(muted, counted.at(-1)!.latest)).toBe(true);
    handle.release();
    void client.dispose();
  });

  it('TB7: a live chart view leases its PVs and hears of new points; that never ends the session', async () => {
    const { h, client, calls, sessionEnds } = setup();
    let heard = 0;
    const release = client.watchLiveChart([{ type: 'AnaIn', nr: 1 }], () => heard++);
    // The engine loads its chart code on first use: real module loading, not fake time.
    await vi.waitFor(() => expect(calls).toContain('done watchLiveChart'), CONDITION_WAIT_MS);
    await h.timers.advance(100);
    expect(client.leasedKeys('pvValue')).toEqual([aiKey(1)]);
    expect(calls.some((c) => c.startsWith('watchLiveChart'))).toBe(true);
    h.hubs.hub('pv').emit('newValue', doubleValue(1, 7, h.timers.now()));
    await h.timers.advance(600);
    expect(heard).toBe(1);
    expect(sessionEnds).toEqual([]);
    release();
    await h.timers.advance(10);
    expect(calls.some((c) => c.startsWith('releaseLiveChart'))).toBe(true);
  });

  it('TB6: the session end reaches the tab once, which goes to the logout address', async () => {
    const { h, client, sessionEnds } = setup();
    await client.start();
    const unauthorized = new Error("Unauthorized: Status code '401'");
    h.hubs.hub('serverStatus').startFailures.push(unauthorized, unauthorized);
    client.lease('serverStatus', 'server');
    await h.timers.advance(2_000);
    expect(h.hubs.hub('serverStatus').starts).toBe(3);
    expect(sessionEnds).toHaveLength(1);
    expect(logoutUrl({ pathname: '/stations/3', search: '?tab=pvs' })).toBe(
      '/Account/Logout?returnUrl=%2Fstations%2F3%3Ftab%3Dpvs',
    );
  });
});

/**
 * Web Locks as the tab uses them: its own lock is held at once; an engine's lock (EL1) is
 * granted when the test ends that engine.
 */
function engineLocks() {
  const ends = new Map<string, () => void>();
  const locks = {
    request(name: string, ...rest: unknown[]) {
      const callback = rest.at(-1) as () => unknown;
      if (!name.startsWith('pegel-engine-')) {
        void callback();
        return Promise.resolve();
      }
      return new Promise((resolve) => ends.set(name, () => resolve(callback())));
    },
  } as unknown as LockManager;
  return {
    locks,
    waitingFor: () => [...ends.keys()],
    end(name: string) {
      const granted = ends.get(name);
      ends.delete(name);
      granted?.();
    },
  };
}

/** An engine over a port that says which lock it holds, as a worker's engine does. */
/**
 * A port client watching the live list (its totals in `shown`) and the banner's counts (the
 * pending in `counted`), past the engine's first load of its alert views and a quiet spell.
 */
async function watchingAlerts(
  h: ReturnType<typeof createHarness>,
  options?: { visible?: boolean },
) {
  const port = drawnPortClient(h, options);
  const shown: number[] = [];
  const counted: number[] = [];
  port.client.watchAlertView({ source: { kind: 'live' }, start: 0, count: 10 }, (f) =>
    shown.push(f.total),
  );
  port.client.watchAlertCounts((c) => counted.push(c.pending));
  // The engine loads its alert views' code on first use: real module loading.
  for (let i = 0; i < 100 && shown.at(-1) !== 1; i++) {
    await h.timers.advance(100);
    await realTick();
    port.draw();
  }
  expect(shown.at(-1)).toBe(1);
  await h.timers.advance(200);
  await realTick();
  port.draw();
  return { ...port, shown, counted };
}

function lockedEngine(h: ReturnType<typeof createHarness>, lock: string, calls: string[]) {
  const api = recordingApi(h.engine, calls);
  return new Proxy(api, {
    get: (target, name: keyof EngineApi) =>
      name === 'engineLock' ? async () => lock : target[name],
  });
}

/** Station 1 as the engine sends it while the station's line is up. */
const station = {
  stationNumber: 1,
  name: 'Talaue',
  timestamp: 900,
  lastConnection: null,
  dialCounters: null,
  dialState: 'Connected' as const,
};

/**
 * The store gets what a connected engine sends: PV 1 good at 1 s, PV 2 bad, station 1
 * connected; returns PV 2's value.
 */
function applyHeld(store: TabLiveStore, part: Partial<Frame> = {}) {
  const bad = { ...doubleValue(2, 5), quality: 'Bad' as const };
  store.apply(
    liveFrame({
      pvValues: [doubleValue(1, 1, 1_000), bad],
      stations: [station],
      status: CONNECTED,
      ...part,
    }),
  );
  return bad;
}

describe('a lost engine (EL1-EL3)', () => {
  it('EL2: the store marks every good value uncertain, dial states unknown and the engine lost, until new frames come', () => {
    const { store, woken } = wokenStore();
    store.subscribeStatus(() => woken.push('status'));
    const bad = applyHeld(store, { lastDataAt: 1_000 });
    woken.length = 0;
    store.markEngineLost();
    expect(store.getStatus()).toMatchObject({ display: 'engineLost', lastDataAt: 1_000 });
    // Kept with its time (views show its age), no longer good; a bad value stays bad.
    expect(store.getPvValue(aiKey(1))).toEqual({
      ...doubleValue(1, 1, 1_000),
      quality: 'Uncertain',
    });
    expect(store.getPvValue(aiKey(2))).toBe(bad);
    expect(store.getStation('st1')).toEqual({ ...station, dialState: 'NotDefined' });
    expect(woken.sort()).toEqual(['1', 'st1', 'status']);
    store.apply(
      liveFrame({
        pvValues: [doubleValue(1, 2, 2_000)],
        status: {
          ...CONNECTED,
          display: 'connecting',
          serverStatus: 'WebServerDisconnected',
          lastDataAt: null,
        },
      }),
    );
    expect(store.getStatus().display).toBe('connecting');
    // Issue 55 item 11: the new engine's start is still the restart (LD1), not a station
    // that is not connected; its values read stale until the link is connected.
    expect(store.getLink()).toBe('restarting');
    expect(store.getPvValue(aiKey(1))).toEqual({
      ...doubleValue(1, 2, 2_000),
      quality: 'Uncertain',
    });
    store.apply(liveFrame({ status: { ...CONNECTED, lastDataAt: 2_000 } }));
    expect(store.getLink()).toBeNull();
    expect(store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 2, 2_000));
  });

  /** The engines of a lost one and its successor, each with a plant server that is connected. */
  function twoEngines() {
    const engines = [createHarness(), createHarness()] as const;
    for (const h of engines)
      h.hubs
        .hub('serverStatus')
        .answers.set(HUB_METHODS.serverStatus.getStatus, () => ({ status: 'Connected', since: 0 }));
    return engines;
  }

  it('EL1-EL3: a tab waits on the engine lock; granted, it starts a new engine, leases everything again and asks pending calls again', async () => {
    const [first, second] = twoEngines();
    const firstCalls: string[] = [];
    const secondCalls: string[] = [];
    // The first engine never answers chart directories: its worker dies with the call open.
    const dying = new Proxy(lockedEngine(first, 'pegel-engine-1', firstCalls), {
      get: (target, name: keyof EngineApi) =>
        name === 'getChartDirectory' ? () => new Promise(() => undefined) : target[name],
    });
    const { locks, waitingFor, end } = engineLocks();
    const reconnects: string[] = [];
    const client = new LiveClient(Promise.resolve({ api: dying, mode: 'shared' as const }), {
      tabId: 'tab1',
      timers: first.timers,
      locks,
      requestFrame: null,
      reconnect: async (lost) => {
        reconnects.push(lost);
        return { api: lockedEngine(second, 'pegel-engine-2', secondCalls), mode: 'shared' };
      },
    });
    client.lease('pvValue', aiKey(1));
    client.lease('station', 'st1');
    client.lease('serverStatus', SERVER_STATUS_KEY);
    const view = { source: { kind: 'live' as const }, start: 0, count: 10 };
    client.watchAlertView(view, () => undefined);
    client.watchAlertCounts(() => undefined);
    client.watchNote(7, () => undefined);
    let chartNews = 0;
    client.watchLiveChart([{ type: 'AnaIn', nr: 2 }], () => chartNews++);
    await first.timers.advance(100);
    await realTick();
    first.hubs.hub('pv').emit('newValue', doubleValue(1, 7, 500));
    await first.timers.advance(100);
    await realTick();
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 7, 500));
    expect(waitingFor()).toEqual(['pegel-engine-1']);
    const directory = client.chartDirectory('Measurement').then(
      () => 'answered',
      (error: Error) => error.message,
    );

    end('pegel-engine-1');
    await realTick();
    expect(reconnects).toEqual(['pegel-engine-1']);
    expect(client.store.getPvValue(aiKey(1))?.quality).toBe('Uncertain');
    await vi.waitFor(() => expect(secondCalls).toContain('done watchLiveChart'));
    const sent = (name: string) => secondCalls.filter((c) => c.startsWith(`${name} `));
    expect(sent('connect')).toHaveLength(1);
    expect(sent('lease').sort()).toEqual([
      `lease ["pvValue",["${aiKey(1)}","${aiKey(2)}"]]`,
      `lease ["serverStatus",["${SERVER_STATUS_KEY}"]]`,
      'lease ["station",["st1"]]',
    ]);
    expect(sent('setAlertView')).toEqual([`setAlertView ["v1",${JSON.stringify(view)}]`]);
    expect(sent('setAlertCounts')).toEqual(['setAlertCounts [true]']);
    expect(sent('leaseFeed')).toEqual(['leaseFeed ["tab1",[7]]']);
    expect(sent('watchLiveChart')).toEqual([`watchLiveChart ["c2",["${aiKey(2)}"]]`]);
    // Chart views load again from the new engine; the open call was asked of it again.
    await vi.waitFor(() => expect(chartNews).toBe(1));
    // This harness has no chart REST: the new engine answers with its failure, not silence.
    await expect(directory).resolves.toBe('No chart API configured');
    expect(sent('getChartDirectory')).toHaveLength(1);
    // Values flow from the new engine, and it is watched in turn.
    await second.timers.advance(100);
    second.hubs.hub('pv').emit('newValue', doubleValue(1, 8, 900));
    await second.timers.advance(100);
    await realTick();
    expect(client.store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 8, 900));
    expect(client.store.getStatus().display).not.toBe('engineLost');
    expect(waitingFor()).toEqual(['pegel-engine-2']);
    void client.dispose();
  });

  /**
   * A tab hidden when its engine ends: the browser runs no animation frame for it (the frame
   * gate's `requestFrame` never calls back) and the engine sends a hidden tab no frames (TB5).
   * The new engine's connect is held until the test calls `letConnect`, so it chooses whether
   * the tab comes into view before or after it.
   */
  async function hiddenAtLoss() {
    const [first, second] = twoEngines();
    const { locks, waitingFor, end } = engineLocks();
    let letConnect: () => void = () => undefined;
    let newEngineHasTab = false;
    const connectHeld = new Promise<void>((resolve) => (letConnect = resolve));
    const starting = lockedEngine(second, 'pegel-engine-2', []);
    const slowStart = new Proxy(starting, {
      get: (target, name: keyof EngineApi) =>
        name === 'connect'
          ? async (...args: Parameters<EngineApi['connect']>) => {
              await connectHeld;
              await target.connect(...args);
              newEngineHasTab = true;
            }
          : target[name],
    });
    let visible = true;
    const visibilityListeners = new Set<() => void>();
    const client = new LiveClient(
      Promise.resolve({ api: lockedEngine(first, 'pegel-engine-1', []), mode: 'shared' as const }),
      {
        tabId: 'tab1',
        timers: first.timers,
        locks,
        requestFrame: () => () => undefined,
        visibility: {
          isVisible: () => visible,
          onChange: (listener) => {
            visibilityListeners.add(listener);
            return () => visibilityListeners.delete(listener);
          },
        },
        reconnect: async () => ({ api: slowStart, mode: 'shared' }),
      },
    );
    const setVisible = (value: boolean) => {
      visible = value;
      for (const listener of [...visibilityListeners]) listener();
    };
    const { store } = client;
    /** Each status change the header renders: the state, and how PV 1 reads then. */
    const shown: string[] = [];
    store.subscribeStatus(() =>
      shown.push(`${store.getStatus().display} ${store.getPvValue(aiKey(1))?.quality}`),
    );
    client.lease('pvValue', aiKey(1));
    client.lease('serverStatus', SERVER_STATUS_KEY);
    /** Both engines' clocks and the ports move on until `done`, at most 10 s of each. */
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) {
        await first.timers.advance(100);
        await second.timers.advance(100);
        await realTick();
      }
    };
    await until(() => waitingFor().length > 0 && store.getStatus().display === 'connected');
    first.hubs.hub('pv').emit('newValue', doubleValue(1, 7, 500));
    await until(() => store.getPvValue(aiKey(1))?.timestamp === 500);
    expect(store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 7, 500));
    setVisible(false);
    shown.length = 0;

    end('pegel-engine-1');
    // In the grant's own task: nothing waits for a draw or for the new engine.
    expect(shown).toEqual(['engineLost Uncertain']);
    expect(store.getLink()).toBe('restarting');
    /** The new engine's value reaches the tab; what the header showed until then. */
    const live = async () => {
      await until(() => store.getStatus().display === 'connected');
      second.hubs.hub('pv').emit('newValue', doubleValue(1, 8, 900));
      await until(() => store.getPvValue(aiKey(1))?.timestamp === 900);
      expect(store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 8, 900));
      // Until the new engine is connected the value reads uncertain, never good.
      expect(shown[0]).toBe('engineLost Uncertain');
      expect(shown.slice(1, -1).every((s) => s.endsWith(' Uncertain'))).toBe(true);
      expect(shown.at(-1)).toBe('connected Good');
      expect(waitingFor()).toEqual(['pegel-engine-2']);
      void client.dispose();
    };
    return { until, letConnect, setVisible, shown, live, newEngineHasTab: () => newEngineHasTab };
  }

  it('EL2: a tab hidden when its engine ends shows the loss at once and keeps it, its values uncertain, until it is in view and the new engine is connected', async () => {
    const { until, letConnect, setVisible, shown, live, newEngineHasTab } = await hiddenAtLoss();
    letConnect();
    await until(newEngineHasTab);
    // Ten seconds hidden: the tab gets nothing from the new engine, the loss stands.
    await until(() => false);
    expect(shown).toEqual(['engineLost Uncertain']);
    setVisible(true);
    await live();
  });

  it('EL2: a tab that comes into view while its new engine is still starting is sent its frames', async () => {
    const { until, letConnect, setVisible, live, newEngineHasTab } = await hiddenAtLoss();
    // The new engine's worker takes ten seconds to start; the tab comes into view meanwhile.
    await until(() => false);
    setVisible(true);
    letConnect();
    await until(newEngineHasTab);
    await live();
  });
});

describe('one staleness rule for the link (LD1)', () => {
  const setup = () => {
    const store = new TabLiveStore();
    const woken: string[] = [];
    store.subscribe('pvValue', aiKey(1), () => woken.push('1'));
    store.subscribe('station', 'st1', () => woken.push('st1'));
    store.subscribeStationState('st1', () => woken.push('st1-state'));
    const bad = applyHeld(store);
    woken.length = 0;
    return { store, woken, bad };
  };

  it('LD1: with the web server unreachable every value reads uncertain and no station connected; they read as held once it is back', () => {
    const { store, woken, bad } = setup();
    expect(store.getLink()).toBeNull();
    store.apply(
      liveFrame({
        status: { ...CONNECTED, display: 'offline', serverStatus: 'WebServerDisconnected' },
      }),
    );
    expect(store.getLink()).toBe('linkDown');
    expect(woken.sort()).toEqual(['1', 'st1', 'st1-state']);
    const shown = store.getPvValue(aiKey(1));
    expect(shown).toEqual({ ...doubleValue(1, 1, 1_000), quality: 'Uncertain' });
    // The same object while nothing changes (views compare snapshots by identity).
    expect(store.getPvValue(aiKey(1))).toBe(shown);
    expect(store.getPvValue(aiKey(2))).toBe(bad);
    expect(store.getStation('st1')).toEqual({ ...station, dialState: 'NotDefined' });
    expect(store.getStation('st1')).toBe(store.getStation('st1'));
    // Back: the values held read as they are, without a new value from the server.
    woken.length = 0;
    store.apply(liveFrame({ status: CONNECTED }));
    expect(store.getLink()).toBeNull();
    expect(woken.sort()).toEqual(['1', 'st1', 'st1-state']);
    expect(store.getPvValue(aiKey(1))).toEqual(doubleValue(1, 1, 1_000));
    expect(store.getStation('st1')).toBe(store.getStation('st1'));
    expect(store.getStation('st1')?.dialState).toBe('Connected');
  });

  it('LD1: a server status that is not Connected, a reconnect and a data hub down are the same rule; values arriving meanwhile read stale too', () => {
    const { store } = setup();
    for (const status of [
      { ...CONNECTED, display: 'notConnected', serverStatus: 'ControlUnitDisconnected' },
      { ...CONNECTED, display: 'connecting', serverStatus: 'Connected' },
      { ...CONNECTED, display: 'disconnecting' },
    ] as const) {
      store.apply(liveFrame({ status: CONNECTED }));
      store.apply(liveFrame({ status, pvValues: [doubleValue(1, 7, 3_000)] }));
      expect(store.getLink()).toBe('linkDown');
      expect(store.getPvValue(aiKey(1))).toMatchObject({ doubleValue: 7, quality: 'Uncertain' });
      expect(store.getStation('st1')?.dialState).toBe('NotDefined');
    }
  });

  it('LD1: the first attempt to connect marks nothing (CD4); a first start that fails does', () => {
    const store = new TabLiveStore();
    const starting = {
      display: 'connecting',
      serverStatus: 'WebServerDisconnected',
      lastDataAt: null,
      nextRetryAt: null,
      firstStart: true,
    } as const;
    store.apply(liveFrame({ status: starting, pvValues: [doubleValue(1, 1, 1_000)] }));
    expect(store.getLink()).toBeNull();
    expect(store.getPvValue(aiKey(1))?.quality).toBe('Good');
    store.apply(liveFrame({ status: { ...starting, display: 'offline' } }));
    expect(store.getLink()).toBe('linkDown');
  });
});
