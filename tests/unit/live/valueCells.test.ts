// @vitest-environment happy-dom
/**
 * Value cells written in place (issue 44, src/live/usePvLive.ts): a new value changes
 * its cell's text without a render of the row around it; the row renders only when the value
 * turns stale or fresh again, and then shows the one stale mark (domain/valueStanding.ts,
 * src/ui/StaleNote.tsx). Ages are written by the tab's one clock (src/ui/ageClock.ts).
 */
import { act, createElement, useRef } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PvValue } from '../../../src/contract/pv.ts';
import type { LiveClient } from '../../../src/live/LiveClient.ts';
import { LiveContext } from '../../../src/live/LiveContext.ts';
import { liveFrame, stationFrame } from '../../support/liveFrame.ts';
import { TabLiveStore } from '../../../src/live/TabLiveStore.ts';
import { usePvLive } from '../../../src/live/usePvLive.ts';
import {
  useStationDialState,
  useStationLiveWriter,
  useStationStale,
  useStationState,
} from '../../../src/live/useStationLive.ts';
import type { StationLiveData } from '../../../src/contract/station.ts';
import { addTexts } from '../../../src/app/i18n.ts';
import { formatPvValue } from '../../../src/domain/pvFormat.ts';
import { valueStanding } from '../../../src/domain/valueStanding.ts';
import { StaleNote, staleValueClass } from '../../../src/ui/StaleNote.tsx';
import { writePvValueText } from '../../../src/ui/PvValueText.tsx';
import type { Frame } from '../../../workers/engineProtocol.ts';
import { PV_TYPES, QUALITIES } from '../../../src/contract/enums.ts';
import {
  BOOL_VALUE,
  createPvColumns,
  DOUBLE_VALUE,
  writePlain,
} from '../../../workers/pvColumns.ts';
import { de } from '../i18n/allTexts.ts';
import { countingClient } from '../../support/countingLeases.ts';
import { rootPerTest } from '../../support/reactRoot.ts';

beforeAll(() => {
  vi.stubGlobal('fetch', () => new Promise(() => undefined));
  addTexts('de', de);
});

const REF = { type: 'AnaIn', nr: 100_001 } as const;
const KEY = 'ai100001';

function value(doubleValue: number, quality: PvValue['quality'] = 'Good'): PvValue {
  return { pvRef: REF, typeOfValue: 'DoubleValue', doubleValue, quality, timestamp: Date.now() };
}

function frame(pvValues: PvValue[]): Frame {
  return liveFrame({ pvValues });
}

/** A row as the station page builds it: the value cell in place, the stale note rendered. */
function setup() {
  const store = new TabLiveStore();
  const client = { store, lease: () => () => undefined } as unknown as LiveClient;
  let renders = 0;
  function Row() {
    renders++;
    const cell = useRef<HTMLSpanElement>(null);
    const [{ standing: stale, connection }] = usePvLive(
      REF,
      (v, parts) => (valueStanding(v, parts.connection).stale ? v : undefined),
      {
        write: (v) => {
          if (cell.current)
            writePvValueText(cell.current, v ? formatPvValue(v, undefined, 'de') : null);
        },
      },
    );
    return createElement(
      'div',
      { className: staleValueClass(valueStanding(stale, connection)) },
      createElement('span', { className: 'value', ref: cell }),
      createElement(StaleNote, { value: stale, connection, showAge: false }),
    );
  }
  return { store, client, Row, renders: () => renders };
}

describe('value cells written in place', () => {
  const mount = rootPerTest();

  it('VC1: a new value changes its cell text without a render of the row; a stale value renders the row once, with its mark', async () => {
    const { store, client, Row, renders } = setup();
    const mounted = mount();
    await mounted.render(
      createElement(LiveContext.Provider, { value: client }, createElement(Row)),
    );
    const text = () => mounted.container.querySelector('.value')!.textContent;
    expect(text()).toBe('—');
    const rendersBefore = renders();
    await act(() => void store.apply(frame([value(1.5)])));
    expect(text()).toMatch(/^1,5/);
    await act(() => void store.apply(frame([value(2.25)])));
    expect(text()).toMatch(/^2,25?/);
    expect(renders()).toBe(rendersBefore);
    expect(mounted.container.querySelector('.stale-note')).toBeNull();
    // The quality turns uncertain: the row renders, the value reads stale with its '?' mark.
    await act(() => void store.apply(frame([value(3, 'Uncertain')])));
    expect(renders()).toBe(rendersBefore + 1);
    expect(text()).toMatch(/^3/);
    const row = mounted.container.firstElementChild!;
    expect(row.className).toContain('value-stale-uncertain');
    expect(row.querySelector('.stale-note')?.getAttribute('data-stale')).toBe('uncertain');
    expect(row.querySelector('.stale-mark')?.textContent).toBe('?');
    // Fresh again: one more render, the mark is gone.
    await act(() => void store.apply(frame([value(4)])));
    expect(renders()).toBe(rendersBefore + 2);
    expect(row.querySelector('.stale-note')).toBeNull();
    expect(row.className).not.toContain('value-stale');
  });

  it('VC5: a station whose only change is a newer time stamp is written in place without a render of its state or dial state; a new dial state renders', async () => {
    const store = new TabLiveStore();
    const client = { store, lease: () => () => undefined } as unknown as LiveClient;
    let renders = 0;
    function Facts() {
      renders++;
      const dialState = useStationDialState(7);
      const state = useStationState(7);
      const stamp = useRef<HTMLSpanElement>(null);
      useStationLiveWriter(7, (live) => {
        if (stamp.current) stamp.current.textContent = String(live?.timestamp ?? '—');
      });
      return createElement(
        'div',
        null,
        createElement('b', null, dialState ?? '?'),
        createElement('i', null, state?.name ?? ''),
        createElement('span', { className: 'stamp', ref: stamp }),
      );
    }
    const station = (timestamp: number, dialState: StationLiveData['dialState']) =>
      stationFrame({ stationNumber: 7, name: 'Pumpwerk', timestamp, dialState });
    const mounted = mount();
    await mounted.render(
      createElement(LiveContext.Provider, { value: client }, createElement(Facts)),
    );
    const stamp = () => mounted.container.querySelector('.stamp')!.textContent;
    expect(stamp()).toBe('—');
    await act(() => void store.apply(station(1_000, 'Connected')));
    const rendersBefore = renders;
    expect(stamp()).toBe('1000');
    await act(() => void store.apply(station(2_000, 'Connected')));
    await act(() => void store.apply(station(3_000, 'Connected')));
    expect(stamp()).toBe('3000');
    expect(renders).toBe(rendersBefore);
    await act(() => void store.apply(station(4_000, 'NotConnected')));
    expect(renders).toBe(rendersBefore + 1);
    expect(mounted.container.querySelector('b')!.textContent).toBe('NotConnected');
    expect(stamp()).toBe('4000');
  });

  it("VC8 (FR9): a view of an age or a stale mark leases the station's time stamp, a view of its state alone does not; the last unmount releases it", async () => {
    const { client, held } = countingClient();
    function State() {
      useStationState(4);
      useStationDialState(4);
      return null;
    }
    function Age() {
      useStationLiveWriter(4, () => undefined);
      return null;
    }
    function Stale() {
      useStationStale(4, 10_000);
      return null;
    }
    const views = (...shown: (() => null)[]) =>
      createElement(
        LiveContext.Provider,
        { value: client },
        ...shown.map((view) => createElement(view, { key: view.name })),
      );
    const mounted = mount();
    await mounted.render(views(State));
    expect(held.get('station:st4')).toBe(2);
    expect(held.get('stationTime:st4') ?? 0).toBe(0);
    await mounted.render(views(State, Age, Stale));
    expect(held.get('stationTime:st4')).toBe(2);
    await mounted.render(views(State, Stale));
    expect(held.get('stationTime:st4')).toBe(1);
    await mounted.render(views(State));
    expect(held.get('stationTime:st4')).toBe(0);
    expect(held.get('station:st4')).toBe(2);
  });

  it('VC7: a station turns stale on time without a tick and renders only then; a newer time stamp renders nothing while the answer stays', async () => {
    vi.useFakeTimers({ now: 100_000 });
    try {
      const store = new TabLiveStore();
      const client = { store, lease: () => () => undefined } as unknown as LiveClient;
      let renders = 0;
      function Tile() {
        renders++;
        const stale = useStationStale(5, 10_000);
        return createElement('b', null, stale ? 'stale' : 'fresh');
      }
      const station = (timestamp: number) =>
        stationFrame({ stationNumber: 5, name: 'Hochbehälter', timestamp });
      const mounted = mount();
      await mounted.render(
        createElement(LiveContext.Provider, { value: client }, createElement(Tile)),
      );
      const shown = () => mounted.container.querySelector('b')!.textContent;
      await act(() => void store.apply(station(100_000)));
      expect(shown()).toBe('fresh');
      const rendersBefore = renders;
      // New time stamps each second: nothing to draw.
      for (let t = 101_000; t <= 105_000; t += 1_000) {
        await act(() => {
          vi.setSystemTime(t);
          store.apply(station(t));
        });
      }
      expect(renders).toBe(rendersBefore);
      // The station goes quiet: stale 10 s after its last time stamp, by one timeout.
      await act(() => vi.advanceTimersByTime(9_000));
      expect(shown()).toBe('fresh');
      await act(() => vi.advanceTimersByTime(1_500));
      expect(shown()).toBe('stale');
      expect(renders).toBe(rendersBefore + 1);
      // Data again: fresh at once.
      await act(() => void store.apply(station(Date.now())));
      expect(shown()).toBe('fresh');
    } finally {
      vi.useRealTimers();
    }
  });

  it('VC6: a newer time stamp alone wakes no listener of the station state, so the tab draws nothing for it; a new dial state does', () => {
    const store = new TabLiveStore();
    const station = (timestamp: number, dialState: StationLiveData['dialState']) =>
      stationFrame({
        stationNumber: 3,
        name: 'Klärwerk',
        timestamp,
        dialCounters: {
          mobileNetworkStandard: 'LTE',
          dayCounter: 1,
          monthCounter: 2,
          yearCounter: 3,
        },
        dialState,
      });
    let woken = 0;
    store.subscribeStationState('st3', () => woken++);
    expect(store.apply(station(1_000, 'Connected'))).toBe(true);
    expect(woken).toBe(1);
    expect(store.apply(station(2_000, 'Connected'))).toBe(false);
    expect(woken).toBe(1);
    expect(store.getStation('st3')?.timestamp).toBe(2_000);
    expect(store.apply(station(3_000, 'HangingUp'))).toBe(true);
    expect(woken).toBe(2);
    // A listener of the whole station (an age on screen) is woken by the time stamp.
    store.subscribe('station', 'st3', () => undefined);
    expect(store.apply(station(4_000, 'HangingUp'))).toBe(true);
    expect(woken).toBe(2);
  });

  it('VC2: an apply with no listener of its keys reports that nothing on screen changed', () => {
    const store = new TabLiveStore();
    expect(store.apply(frame([value(1)]))).toBe(false);
    const off = store.subscribe('pvValue', KEY, () => undefined);
    expect(store.apply(frame([value(2)]))).toBe(true);
    off();
  });

  it('VC4: column values are held as numbers and read as the same value object until they change; a lost engine marks them uncertain', () => {
    const store = new TabLiveStore();
    const columns = createPvColumns(2);
    const ai = PV_TYPES.indexOf('AnaIn');
    writePlain(columns, DOUBLE_VALUE, ai, QUALITIES.indexOf('Good'), 100_001, 1.5, 1_000);
    writePlain(
      columns,
      BOOL_VALUE,
      PV_TYPES.indexOf('DigiIn'),
      QUALITIES.indexOf('Bad'),
      7,
      1,
      2_000,
    );
    let woken = 0;
    store.subscribe('pvValue', KEY, () => woken++);
    expect(store.apply({ ...frame([]), pvColumns: columns })).toBe(true);
    expect(woken).toBe(1);
    const first = store.getPvValue(KEY);
    expect(first).toEqual({
      pvRef: REF,
      typeOfValue: 'DoubleValue',
      doubleValue: 1.5,
      quality: 'Good',
      timestamp: 1_000,
    });
    expect(store.getPvValue(KEY)).toBe(first);
    expect(store.getPvValue('di7')).toMatchObject({ boolValue: true, quality: 'Bad' });
    store.markEngineLost();
    expect(store.getPvValue(KEY)?.quality).toBe('Uncertain');
    expect(store.getPvValue('di7')?.quality).toBe('Bad');
    store.forget('pvValue', KEY);
    expect(store.getPvValue(KEY)).toBeUndefined();
  });

  it('VC3: an age is written at once, then each second only while on screen in a visible page and only when its text changes', async () => {
    let report: IntersectionObserverCallback = () => undefined;
    class FakeObserver {
      constructor(callback: IntersectionObserverCallback) {
        report = callback;
      }
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.resetModules();
    const clock = await import('../../../src/ui/ageClock.ts');
    const seen = (el: Element, isIntersecting: boolean) =>
      report(
        [{ target: el, isIntersecting } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    const el = document.createElement('span');
    const writes: string[] = [];
    const t0 = Date.now();
    const release = clock.watchAge(
      el,
      t0 - 5_000,
      (ms) => `${Math.floor(ms / 1000)} s`,
      (_, text) => void writes.push(text),
    );
    expect(writes).toEqual(['5 s']);
    // Not on screen yet: no timer runs.
    expect(clock.ageClockRunning()).toBe(false);
    seen(el, true);
    expect(clock.ageClockRunning()).toBe(true);
    clock.tickAges(t0 + 200);
    clock.tickAges(t0 + 600);
    expect(writes).toEqual(['5 s']);
    clock.tickAges(t0 + 1_000);
    expect(writes).toEqual(['5 s', '6 s']);
    // A hidden page runs no timer; shown again, the age is written at once.
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.ageClockRunning()).toBe(false);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(clock.ageClockRunning()).toBe(true);
    // A newer value: the same watch takes its time stamp and writes it at once.
    release.retime(t0 - 1_000);
    expect(writes.at(-1)).toBe('1 s');
    seen(el, false);
    expect(clock.ageClockRunning()).toBe(false);
    release();
    vi.unstubAllGlobals();
  });
});
