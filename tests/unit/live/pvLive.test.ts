// @vitest-environment happy-dom
/**
 * TB11 (workers/SPEC.md): one PV through one subscription (src/live/PvLiveWatch.ts,
 * usePvLive.ts; issue 58). A row or tile gets its config, alarm state, station connection and
 * the standing of its value as one snapshot, renders only when one of them changes, and has
 * each new value written in place.
 * What the operator sees stays as it was with the six hooks it replaces: a stale value is
 * marked stale, by its station's connection, its quality and the link's state (LD1).
 */
import { act, createElement, StrictMode, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { PvConfig, PvRef, PvValue } from '../../../src/contract/pv.ts';
import type { StationLiveData } from '../../../src/contract/station.ts';
import type { PvAlarmState } from '../../../src/domain/pvAlarm.ts';
import { valueStanding } from '../../../src/domain/valueStanding.ts';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { PvLiveWatch, type PvLiveParts } from '../../../src/live/PvLiveWatch.ts';
import { usePvLive } from '../../../src/live/usePvLive.ts';
import { liveFrame, stationFrame } from '../../support/liveFrame.ts';
import { countingClient } from '../../support/countingLeases.ts';
import { rootPerTest } from '../../support/reactRoot.ts';

/** AnaIn 7/1: its station is in its number (SPEC §9). */
const REF: PvRef = { type: 'AnaIn', nr: 700_001 };
const KEY = 'ai700001';
/** A computed value: its station comes from its config. */
const CALC: PvRef = { type: 'RechenWert', nr: 12 };
const CALC_KEY = 'rw12';

const staleOf = (value: PvValue | undefined, { connection }: PvLiveParts) =>
  valueStanding(value, connection).stale ? value : undefined;

function value(ref: PvRef, doubleValue: number, quality: PvValue['quality'] = 'Good'): PvValue {
  return { pvRef: ref, typeOfValue: 'DoubleValue', doubleValue, quality, timestamp: 1_000 };
}

function config(ref: PvRef, stationNumber: number): PvConfig {
  return { pvRef: ref, name: `PV ${ref.nr}`, stationNumber } as unknown as PvConfig;
}

const ALARM: PvAlarmState = {
  phase: 'unacknowledged',
  priority: 1,
  text: 'zu hoch',
  since: 1_000,
  count: 1,
  alarms: [{ phase: 'unacknowledged', priority: 1, text: 'zu hoch', since: 1_000 }],
};

function station(stationNumber: number, dialState: StationLiveData['dialState']) {
  return stationFrame({ stationNumber, name: `Station ${stationNumber}`, timestamp: 1, dialState });
}

describe('PL: one PV through one subscription', () => {
  const mount = rootPerTest();

  function view(client: LiveClient, ref: PvRef, strict = false) {
    const log = { renders: 0, written: [] as (number | undefined)[], ends: 0 };
    function Row() {
      log.renders++;
      const [{ config: c, alarm, connection, standing }] = usePvLive(ref, staleOf, {
        write: (v) => void log.written.push(v?.doubleValue),
        end: () => void log.ends++,
      });
      return createElement(
        'p',
        null,
        `${c.state}|${alarm === undefined ? '?' : (alarm?.phase ?? 'none')}|${connection}|${standing ? `stale ${valueStanding(standing, connection).reason}` : 'fresh'}`,
      );
    }
    const tree: ReactNode = createElement(
      LiveContext.Provider,
      { value: client },
      createElement(Row),
    );
    return { tree: strict ? createElement(StrictMode, null, tree) : tree, log };
  }

  it('PL1: a fresh value is written in place without a render; its config, alarm, station connection and turning stale each render the row once', async () => {
    const { store, client } = countingClient();
    const { tree, log } = view(client, REF);
    const mounted = mount();
    await mounted.render(tree);
    const shown = () => mounted.container.querySelector('p')!.textContent;
    expect(shown()).toBe('loading|?|unknown|fresh');
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 1)] })));
    const renders = log.renders;
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 2)] })));
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 3)] })));
    expect(log.written.slice(-3)).toEqual([1, 2, 3]);
    expect(log.renders).toBe(renders);
    await act(
      () =>
        void store.apply(
          liveFrame({ pvConfigs: [[KEY, { state: 'ready', config: config(REF, 7) }]] }),
        ),
    );
    expect(shown()).toBe('ready|?|unknown|fresh');
    await act(() => void store.apply(liveFrame({ items: [['pvAlarm', KEY, ALARM]] })));
    expect(shown()).toBe('ready|unacknowledged|unknown|fresh');
    await act(() => void store.apply(station(7, 'Connected')));
    expect(shown()).toBe('ready|unacknowledged|connected|fresh');
    expect(log.renders).toBe(renders + 3);
    // The station hangs up: its value is stale, by the connection, without a new value.
    await act(() => void store.apply(station(7, 'NotConnected')));
    expect(shown()).toBe('ready|unacknowledged|notConnected|stale stationOffline');
    await act(() => void store.apply(station(7, 'Connected')));
    // An uncertain value renders (stale), the next one while stale too (its note), then fresh.
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 4, 'Uncertain')] })));
    expect(shown()).toBe('ready|unacknowledged|connected|stale uncertain');
    const stale = log.renders;
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 5, 'Uncertain')] })));
    expect(log.renders).toBe(stale + 1);
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 6)] })));
    expect(shown()).toBe('ready|unacknowledged|connected|fresh');
    expect(log.written.at(-1)).toBe(6);
    // The alarm goes: one render.
    await act(() => void store.apply(liveFrame({ items: [['pvAlarm', KEY, null]] })));
    expect(shown()).toBe('ready|none|connected|fresh');
  });

  it('PL2 (LD1): the link down makes every value stale and no station connected; a bad value stays bad', async () => {
    const { store, client } = countingClient();
    const { tree } = view(client, REF);
    const mounted = mount();
    await mounted.render(tree);
    await act(() => void store.apply(station(7, 'Connected')));
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 1)] })));
    const shown = () => mounted.container.querySelector('p')!.textContent;
    expect(shown()).toBe('loading|?|connected|fresh');
    await act(() => store.markEngineLost());
    expect(shown()).toBe('loading|?|restarting|stale restarting');
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 2, 'Bad')] })));
    expect(shown()).toBe('loading|?|restarting|stale bad');
  });

  it("PL3: the row leases its PV's config, alarm and value and its station's state, the station from its config where its number has none; the unmount releases all", async () => {
    const { store, client, leased } = countingClient();
    const { tree } = view(client, CALC);
    const mounted = mount();
    await mounted.render(tree);
    expect(leased()).toEqual({
      [`pvAlarm:${CALC_KEY}`]: 1,
      [`pvConfig:${CALC_KEY}`]: 1,
      [`pvValue:${CALC_KEY}`]: 1,
    });
    await act(
      () =>
        void store.apply(
          liveFrame({ pvConfigs: [[CALC_KEY, { state: 'ready', config: config(CALC, 9) }]] }),
        ),
    );
    expect(leased()['station:st9']).toBe(1);
    await act(() => void store.apply(station(9, 'NotConnected')));
    await act(() => void store.apply(liveFrame({ pvValues: [value(CALC, 1)] })));
    expect(mounted.container.querySelector('p')!.textContent).toBe(
      'ready|?|notConnected|stale stationOffline',
    );
    await mounted.unmount();
    expect(leased()).toEqual({});
  });

  it('PL4: under StrictMode the leases stay one a key, and the writer lets go of what it holds and writes again when subscribed anew', async () => {
    const { store, client, leased } = countingClient();
    store.apply(liveFrame({ pvValues: [value(REF, 1)] }));
    const { tree, log } = view(client, REF, true);
    const mounted = mount();
    await mounted.render(tree);
    expect(leased()).toEqual({
      [`pvAlarm:${KEY}`]: 1,
      [`pvConfig:${KEY}`]: 1,
      [`pvValue:${KEY}`]: 1,
      'station:st7': 1,
    });
    // StrictMode's second subscription: what the first let go of (an age) is written again.
    expect(log.ends).toBeGreaterThan(0);
    expect(log.written.at(-1)).toBe(1);
    const ends = log.ends;
    await act(() => void store.apply(liveFrame({ pvValues: [value(REF, 2)] })));
    expect(log.written.at(-1)).toBe(2);
    await mounted.unmount();
    expect(log.ends).toBe(ends + 1);
    expect(leased()).toEqual({});
  });

  it('PL5: a row listens once to its value, and a value wakes it once', () => {
    const { store, client } = countingClient();
    const watch = new PvLiveWatch(client, REF, staleOf);
    const written: PvValue[] = [];
    let woken = 0;
    const off = watch.subscribe(() => woken++);
    watch.setWriter({ write: (v) => void (v && written.push(v)) });
    const listeners = (kind: string, key: string) =>
      (store as unknown as { listeners: Map<string, Map<string, Set<unknown>>> }).listeners
        .get(kind)
        ?.get(key)?.size ?? 0;
    expect(listeners('pvValue', KEY)).toBe(1);
    expect(listeners('pvConfig', KEY)).toBe(1);
    expect(listeners('pvAlarm', KEY)).toBe(1);
    expect(store.apply(liveFrame({ pvValues: [value(REF, 1)] }))).toBe(true);
    expect(written.map((v) => v.doubleValue)).toEqual([1]);
    // Fresh: written, no render asked for; the snapshot is the same object.
    const snapshot = watch.getSnapshot();
    store.apply(liveFrame({ pvValues: [value(REF, 2)] }));
    expect(watch.getSnapshot()).toBe(snapshot);
    expect(woken).toBe(0);
    off();
    expect(listeners('pvValue', KEY)).toBe(0);
    store.apply(liveFrame({ pvValues: [value(REF, 3)] }));
    expect(written.map((v) => v.doubleValue)).toEqual([1, 2]);
  });
});
