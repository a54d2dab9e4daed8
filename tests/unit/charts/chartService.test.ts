/**
 * The engine's chart service and its wiring in the Engine (workers/charts/ChartService.ts,
 * rules CS1-CS6 of workers/charts/SPEC.md): cached ranges, per-pixel answers, live series.
 */
import { describe, expect, it } from 'vitest';
import type { ChartData, DataSourceType } from '../../../src/contract/charts.ts';
import type { TimeRange } from '../../../src/domain/timeUnits.ts';
import type { ChartDataRequest, ChartTarget } from '../../../workers/charts/chartProtocol.ts';
import type { ChartFetchers } from '../../../workers/charts/chartRest.ts';
import {
  ChartService,
  LIVE_ARCHIVE_LAG_MS,
  LIVE_NOTIFY_MS,
} from '../../../workers/charts/ChartService.ts';
import { aiKey, createHarness, doubleValue } from '../../support/engine/engineHarness.ts';
import { FakeTimers, settle } from '../../support/engine/FakeTimers.ts';
import { chartConfig } from '../../support/chartConfigs.ts';

const MIN = 60_000;
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % MIN);
const chart: ChartTarget = { kind: 'chart', chartId: 7 };

/** One point per minute of a ramp, for every requested range; records the ranges. */
function fakeFetchers(options: { fail?: () => boolean; perMinute?: number } = {}) {
  const calls: TimeRange[] = [];
  let release: (() => void) | null = null;
  let hold = false;
  const fetchers: ChartFetchers = {
    directory: async (type) => ({
      id: 1,
      name: 'root',
      type,
      childDirectoryList: [],
      configList: [],
    }),
    config: async (id) => chartConfig({ id, title: `Chart ${id}`, currentUserCanEdit: false }),
    series: async () => [],
    async data(_target, range, _source: DataSourceType): Promise<ChartData[]> {
      calls.push(range);
      if (hold) await new Promise<void>((resolve) => (release = resolve));
      if (options.fail?.()) throw new Error('archive offline');
      const step = MIN / (options.perMinute ?? 1);
      const t: number[] = [];
      const v: number[] = [];
      for (let x = Math.ceil(range.start / step) * step; x < range.end; x += step) {
        t.push(x);
        v.push((x - T0) / MIN);
      }
      return [{ seriesId: 's1', dimension: 'm', points: { t, v }, annotations: [] }];
    },
  };
  return {
    fetchers,
    calls,
    holdNext() {
      hold = true;
    },
    releaseHeld() {
      hold = false;
      release?.();
    },
  };
}

function request(range: TimeRange, extra: Partial<ChartDataRequest> = {}): ChartDataRequest {
  return { target: chart, source: 'MeasurementArchive', ...range, width: 1000, ...extra };
}

function service(f: ChartFetchers, timers = new FakeTimers(T0 + 600 * MIN)) {
  const notified: [string, string[]][] = [];
  const s = new ChartService({
    timers,
    fetchers: f,
    notify: (tabId, viewIds) => notified.push([tabId, viewIds]),
  });
  return { s, notified, timers };
}

describe('ChartService', () => {
  it('CS1: only ranges not seen before are fetched; panning back is served from the cache', async () => {
    const f = fakeFetchers();
    const { s } = service(f.fetchers);
    const a = { start: T0 + 100 * MIN, end: T0 + 200 * MIN };
    const first = await s.data(request(a));
    expect(first.fetched).toBe(1);
    expect(first.series[0]?.dimension).toBe('m');
    const back = { start: T0 + 50 * MIN, end: T0 + 150 * MIN };
    const second = await s.data(request(back));
    expect(f.calls.at(-1)).toEqual({ start: T0 + 50 * MIN, end: T0 + 100 * MIN });
    expect(second.fetched).toBe(1);
    const again = await s.data(request(a));
    expect(again.fetched).toBe(0);
    expect(f.calls).toHaveLength(2);
    expect(again.series[0]?.times[0]).toBeLessThanOrEqual(a.start);
  });

  it('CS1: a range another request is loading is awaited, not fetched again', async () => {
    const f = fakeFetchers();
    const { s } = service(f.fetchers);
    const range = { start: T0, end: T0 + 60 * MIN };
    f.holdNext();
    const one = s.data(request(range));
    await settle();
    const two = s.data(request(range));
    await settle();
    f.releaseHeld();
    const [a, b] = await Promise.all([one, two]);
    expect(f.calls).toHaveLength(1);
    expect(a.series[0]?.times.length).toBe(b.series[0]?.times.length);
    expect(b.fetched).toBe(0);
  });

  it('CS2: answers are reduced per pixel column and keep the extremes', async () => {
    const f = fakeFetchers({ perMinute: 60 });
    const { s } = service(f.fetchers);
    const range = { start: T0, end: T0 + 600 * MIN };
    const answer = await s.data(request(range, { width: 100 }));
    const s1 = answer.series[0]!;
    expect(answer.rawPoints).toBeGreaterThan(30_000);
    expect(s1.times.length).toBeLessThanOrEqual(4 * 100 + 2);
    expect(Math.max(...s1.values)).toBeCloseTo(600 - 1 / 60, 5);
    expect(s1.times).toBeInstanceOf(Float64Array);
  });

  it('CS3: a failed range answers error with the message and is fetched again next time', async () => {
    let fail = true;
    const f = fakeFetchers({ fail: () => fail });
    const { s } = service(f.fetchers);
    const range = { start: T0, end: T0 + 60 * MIN };
    const failed = await s.data(request(range));
    expect(failed).toMatchObject({ state: 'error', error: 'archive offline' });
    fail = false;
    const ok = await s.data(request(range));
    expect(ok.state).toBe('done');
    expect(f.calls).toHaveLength(2);
  });

  it('CS4: a live chart caches up to the archive lag and appends the live series after it', async () => {
    const f = fakeFetchers();
    const { s, timers } = service(f.fetchers);
    const now = timers.now();
    s.watchLive('tab', 'v1', [aiKey(1)], () => undefined);
    s.valueReceived(aiKey(1), doubleValue(1, 42, now - 1000));
    const live = [{ seriesId: 's1', key: aiKey(1) }];
    const range = { start: now - 60 * MIN, end: now };
    const answer = await s.data(request(range, { live }));
    // The cached part ends before the lag; the tail up to the live series is fetched once.
    expect(f.calls[0]?.end).toBeLessThanOrEqual(now - LIVE_ARCHIVE_LAG_MS);
    expect(f.calls).toHaveLength(2);
    const s1 = answer.series[0]!;
    expect(s1.times.at(-1)).toBe(now - 1000);
    expect(s1.values.at(-1)).toBe(42);
    await s.data(request(range, { live }));
    expect(f.calls).toHaveLength(2);
  });

  it('CS5: live series repeat the last value when stale and tell their watchers at most once per interval', async () => {
    const f = fakeFetchers();
    const { s, timers, notified } = service(f.fetchers);
    s.watchLive('tab', 'v1', [aiKey(1)], () => doubleValue(1, 5, timers.now()));
    expect(s.liveLength(aiKey(1))).toBe(1);
    for (let i = 1; i <= 5; i++) s.valueReceived(aiKey(1), doubleValue(1, 5 + i, timers.now() + i));
    await timers.advance(LIVE_NOTIFY_MS);
    expect(notified).toEqual([['tab', ['v1']]]);
    const before = s.liveLength(aiKey(1));
    await timers.advance(7_000);
    expect(s.liveLength(aiKey(1))).toBeGreaterThan(before);
    s.unwatchLive('tab', 'v1');
    expect(s.watches(aiKey(1))).toBe(false);
  });

  it('CS6: configs load once and a load while loading joins it', async () => {
    const f = fakeFetchers();
    let configCalls = 0;
    const config = f.fetchers.config;
    f.fetchers.config = (id) => {
      configCalls++;
      return config(id);
    };
    const { s } = service(f.fetchers);
    const [a, b] = await Promise.all([s.definition(3), s.definition(3)]);
    expect(a.config.title).toBe('Chart 3');
    expect(b).toBe(a);
    await s.definition(3);
    expect(configCalls).toBe(1);
    await s.definition(3, true);
    expect(configCalls).toBe(2);
  });
});

describe('Engine chart API', () => {
  it('CS7: a tab gets chart data through the engine and chartLive when a leased PV of its live chart changes', async () => {
    const f = fakeFetchers();
    const h = createHarness({ chartFetchers: f.fetchers });
    const tab = await h.tab('tab');
    const now = h.timers.now();
    const answer = await h.engine.getChartData(request({ start: now - 60 * MIN, end: now }));
    expect(answer).toMatchObject({ state: 'done', fetched: 1 });
    await h.engine.lease('tab', 'pvValue', [aiKey(1)]);
    await h.engine.watchLiveChart('tab', 'view', [aiKey(1)]);
    await h.timers.advance(100);
    h.hubs.hub('pv').emit('newValues', [doubleValue(1, 3, now)]);
    await h.timers.advance(LIVE_NOTIFY_MS);
    expect(tab.messages.filter((m) => m.type === 'chartLive')).toEqual([
      { type: 'chartLive', viewIds: ['view'] },
    ]);
    await h.engine.releaseLiveChart('tab', 'view');
    await h.engine.disconnect('tab');
  });
});
