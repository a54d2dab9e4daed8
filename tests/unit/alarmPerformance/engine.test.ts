/**
 * The engine's alarm-performance path (workers/alerts/alarmPerformance*.ts): archive pages
 * fetched, cached and reported, the figures computed from them.
 */
import * as Comlink from 'comlink';
import { describe, expect, it } from 'vitest';
import type { EngineApi } from '../../../workers/engineApi.ts';
import { LiveClient } from '../../../src/live/LiveClient.ts';
import { createHarness } from '../../support/engine/engineHarness.ts';
import { FakeTimers } from '../../support/engine/FakeTimers.ts';
import {
  AlarmPages,
  PAGE_LIMIT,
  IDLE_DROP_MS,
  PAGE_MS,
  RATE_LIMIT_PAUSE_MS,
  RATE_LIMIT_RETRIES,
  RECENT_FRESH_MS,
} from '../../../workers/alerts/alarmPerformancePages.ts';
import { HttpError } from '../../../workers/restClient.ts';
import { AlarmPerformanceService, LOOKBACK_MS } from '../../../workers/alerts/alarmPerformance.ts';
import {
  ALARM_LIST_MAX,
  type AlarmPerformanceProgress,
} from '../../../src/domain/alarmPerformance.ts';
import { alarm, fakeArchive } from './fakeArchive.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** FakeTimers' clock: 2023-11-14T22:13:20Z. */
const NOW = 1_700_000_000_000;
const END = Math.floor(NOW / HOUR) * HOUR - 2 * DAY;
const START = END - DAY;

function setup(rows = [alarm(1, START + HOUR), alarm(2, START + 2 * HOUR)], maxLimit?: number) {
  const archive = fakeArchive(rows, maxLimit);
  const h = createHarness({ fetchAlerts: (query) => archive.fetch(query) });
  const request = { start: START, end: END, stationNumber: null, timeZone: 'Europe/Berlin' };
  return { h, archive, request };
}

describe('alarm performance in the engine', () => {
  it('AP1: the period and its lookback are read as aligned pages; a second look and a sub-range fetch nothing', async () => {
    const { h, archive, request } = setup();
    const figures = await h.engine.getAlarmPerformance(request);
    expect(figures.total).toBe(2);
    const pages = Math.ceil(
      (END - Math.floor((START - LOOKBACK_MS) / PAGE_MS) * PAGE_MS) / PAGE_MS,
    );
    expect(archive.queries).toHaveLength(pages);
    for (const q of archive.queries) {
      expect(Date.parse(q.start) % PAGE_MS).toBe(0);
      expect(Date.parse(q.end) - Date.parse(q.start)).toBe(PAGE_MS - 1);
    }
    await h.engine.getAlarmPerformance(request);
    await h.engine.getAlarmPerformance({ ...request, start: START + 6 * HOUR, stationNumber: 1 });
    expect(archive.queries).toHaveLength(pages);
  });

  it('AP1: two requests at once fetch each page once', async () => {
    const { h, archive, request } = setup();
    const [a, b] = await Promise.all([
      h.engine.getAlarmPerformance(request),
      h.engine.getAlarmPerformance(request),
    ]);
    expect(a.total).toBe(2);
    expect(b.total).toBe(2);
    const starts = archive.queries.map((q) => q.start);
    expect(new Set(starts).size).toBe(starts.length);
  });

  it('AP2: a page beyond the server limit is read on below its oldest row, the seam kept once', async () => {
    // 25,000 alarms in one hour, 3 per millisecond-step so rows share the seam's timestamp.
    const rows = Array.from({ length: 25_000 }, (_, i) =>
      alarm(i + 1, START + HOUR + Math.floor(i / 3) * 100),
    );
    const { h, archive, request } = setup(rows, 7_000);
    const figures = await h.engine.getAlarmPerformance(request);
    expect(figures.total).toBe(25_000);
    expect(figures.truncated).toBe(false);
    expect(archive.queries.length).toBeGreaterThan(Math.ceil(25_000 / 7_000));
    expect(PAGE_LIMIT).toBeGreaterThan(7_000);
  });

  it('AP2: more rows in one millisecond than the server answers: the figures say truncated', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => alarm(i + 1, START + HOUR));
    const { h, request } = setup(rows, 10);
    const figures = await h.engine.getAlarmPerformance(request);
    expect(figures.truncated).toBe(true);
    expect(figures.total).toBe(10);
  });

  it('AP3: pages near now are fetched again after a while, older ones kept; reload fetches all', async () => {
    const { h, archive } = setup();
    const recent = { start: NOW - DAY, end: NOW, stationNumber: null, timeZone: 'Europe/Berlin' };
    await h.engine.getAlarmPerformance(recent);
    const first = archive.queries.length;
    await h.engine.getAlarmPerformance(recent);
    expect(archive.queries).toHaveLength(first);
    await h.timers.advance(RECENT_FRESH_MS + 1);
    archive.queries.length = 0;
    await h.engine.getAlarmPerformance(recent);
    // Only the pages of the last 48 h (when fetched) are read again.
    const refetched = archive.queries.map((q) => Date.parse(q.start));
    expect(refetched.length).toBeGreaterThan(0);
    expect(refetched.length).toBeLessThan(first);
    for (const t of refetched) expect(t + PAGE_MS).toBeGreaterThan(NOW - 48 * HOUR);
    archive.queries.length = 0;
    await h.engine.getAlarmPerformance({ ...recent, reload: true });
    expect(archive.queries).toHaveLength(first);
  });

  it('AP5: progress reports rows loaded and the share covered, ending at 1', async () => {
    const { h, request } = setup();
    const seen: AlarmPerformanceProgress[] = [];
    await h.engine.getAlarmPerformance(request, (p) => seen.push(p));
    expect(seen.length).toBeGreaterThan(2);
    expect(seen[0]!.covered).toBe(0);
    expect(seen.at(-1)).toEqual({ loaded: 2, covered: 1 });
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.covered).toBeGreaterThanOrEqual(seen[i - 1]!.covered);
  });

  it('AP6: an alarm raised before the period and still active is standing (lookback read)', async () => {
    const rows = [alarm(1, START - 3 * DAY), alarm(2, START + HOUR)];
    const { h, request } = setup(rows);
    const figures = await h.engine.getAlarmPerformance(request);
    expect(figures.total).toBe(1);
    expect(figures.standing).toEqual([
      expect.objectContaining({
        since: START - 3 * DAY,
        active: true,
        activeMs: END - START + 3 * DAY,
      }),
    ]);
  });

  it('AP7: an invalid period or an archive error rejects, and the next request fetches again', async () => {
    let fail = true;
    const archive = fakeArchive([alarm(1, START + HOUR)]);
    const h = createHarness({
      fetchAlerts: (query) =>
        fail ? Promise.reject(new Error('Status code 500')) : archive.fetch(query),
    });
    const request = { start: START, end: END, stationNumber: null, timeZone: 'Europe/Berlin' };
    await expect(h.engine.getAlarmPerformance({ ...request, end: START })).rejects.toThrow(
      RangeError,
    );
    await expect(h.engine.getAlarmPerformance(request)).rejects.toThrow('500');
    fail = false;
    expect((await h.engine.getAlarmPerformance(request)).total).toBe(1);
  });

  it('AP9: through Comlink, as a tab reaches the worker, the progress callback is a proxy and the figures arrive', async () => {
    const { h, request } = setup();
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(h.engine, port1);
    const remote = Comlink.wrap<EngineApi>(port2);
    try {
      const seen: AlarmPerformanceProgress[] = [];
      const figures = await remote.getAlarmPerformance(
        request,
        Comlink.proxy((p: AlarmPerformanceProgress) => void seen.push(p)),
      );
      expect(figures.total).toBe(2);
      expect(figures.per10Min.counts).toHaveLength(144);
      await expect.poll(() => seen.at(-1)).toEqual({ loaded: 2, covered: 1 });
    } finally {
      remote[Comlink.releaseProxy]();
      port1.close();
      port2.close();
    }
  });

  it('AP9: LiveClient.alarmPerformance asks the engine in process, progress included', async () => {
    const { h, request } = setup();
    const client = new LiveClient(Promise.resolve({ api: h.engine, mode: 'inProcess' as const }), {
      tabId: 'tab1',
      timers: h.timers,
    });
    const seen: AlarmPerformanceProgress[] = [];
    const figures = await client.alarmPerformance(request, (p) => seen.push(p));
    expect(figures.total).toBe(2);
    expect(seen.at(-1)).toEqual({ loaded: 2, covered: 1 });
    await client.dispose();
  });

  it('AP12: the answer lists the first rows of 1,500 fleeting alarms, the export all 1,500 from the rows the page was computed from', async () => {
    // 1,500 sources, one fleeting alarm each, in the last day: its pages are read again after
    // RECENT_FRESH_MS.
    const fleeting = (n: number, from = 0) =>
      Array.from({ length: n }, (_, k) => {
        const i = from + k;
        const at = NOW - DAY + HOUR + i * 30_000;
        return alarm(i + 1, at, { pvRef: { type: 'AnaIn', nr: 200_001 + i }, clearedAt: at + 500 });
      });
    const { h, archive } = setup(fleeting(1_500));
    const request = { start: NOW - DAY, end: NOW, stationNumber: null, timeZone: 'Europe/Berlin' };
    const client = new LiveClient(Promise.resolve({ api: h.engine, mode: 'inProcess' as const }), {
      tabId: 'tab1',
      timers: h.timers,
    });
    const figures = await client.alarmPerformance(request);
    expect(figures.fleeting).toHaveLength(ALARM_LIST_MAX);
    expect(figures.fleetingCount).toBe(1_500);
    expect(figures.neverAcknowledged).toHaveLength(ALARM_LIST_MAX);
    expect(figures.neverAcknowledgedCount).toBe(1_500);
    const fetched = archive.queries.length;

    // The archive changes meanwhile and the pages are due again: the export still says what
    // the page says.
    archive.rows.push(...fleeting(1, 1_500));
    await h.timers.advance(RECENT_FRESH_MS + 1);
    const asked = { ...request, whole: { computedAt: figures.computedAt } };
    const whole = await client.alarmPerformance(asked);
    expect(archive.queries).toHaveLength(fetched);
    expect(whole.fleeting).toHaveLength(1_500);
    expect(whole.fleetingCount).toBe(1_500);
    expect(whole.neverAcknowledged).toHaveLength(1_500);
    expect(whole.computedAt).toBe(figures.computedAt);
    expect(whole.fleeting.slice(0, ALARM_LIST_MAX)).toEqual(figures.fleeting);
    expect(JSON.stringify(figures).length * 5).toBeLessThan(JSON.stringify(whole).length);

    // Once the page is long closed its rows are gone: the export reads the archive again.
    await h.timers.advance(IDLE_DROP_MS + 1);
    const later = await client.alarmPerformance(asked);
    expect(archive.queries.length).toBeGreaterThan(fetched);
    expect(later.fleeting).toHaveLength(1_501);
    await client.dispose();
  });

  it('AP11: an answer 429 is asked again after a pause; a lasting 429 rejects', async () => {
    const archive = fakeArchive([alarm(1, START + HOUR)]);
    let limited = 2;
    let calls = 0;
    const h = createHarness({
      fetchAlerts: (query) => {
        calls++;
        if (limited > 0) {
          limited--;
          return Promise.reject(HttpError.ofStatus(429, 'Status code 429'));
        }
        return archive.fetch(query);
      },
    });
    const request = { start: START, end: END, stationNumber: null, timeZone: 'Europe/Berlin' };
    let done = false;
    const pending = h.engine.getAlarmPerformance(request).finally(() => (done = true));
    await h.timers.advance(RATE_LIMIT_PAUSE_MS - 1);
    // The two refused pages wait out their pause.
    expect(done).toBe(false);
    const before = calls;
    await h.timers.advance(1);
    expect(calls).toBe(before + 2);
    expect((await pending).total).toBe(1);

    limited = Infinity;
    const failing = h.engine.getAlarmPerformance({ ...request, reload: true });
    const outcome = failing.then(
      () => 'resolved',
      (error: unknown) => (error as HttpError).status,
    );
    for (let i = 0; i <= RATE_LIMIT_RETRIES; i++)
      await h.timers.advance(RATE_LIMIT_PAUSE_MS * 2 ** i);
    expect(await outcome).toBe(429);
  });

  it('AP6: older than the lookback, an alarm still active comes from the live list when the period ends now', async () => {
    const archive = fakeArchive([alarm(2, NOW - HOUR)]);
    const old = alarm(1, NOW - 30 * DAY);
    const cleared = alarm(3, NOW - 29 * DAY, { clearedAt: NOW - 2 * HOUR, cleared: true });
    const service = new AlarmPerformanceService({
      fetchAlerts: (q) => archive.fetch(q),
      now: () => NOW,
      liveAlerts: () => [old, cleared, alarm(2, NOW - HOUR)],
    });
    const recent = { start: NOW - DAY, end: NOW, stationNumber: null, timeZone: 'Europe/Berlin' };
    const figures = await service.compute(recent);
    expect(figures.total).toBe(1);
    expect(figures.standing.map((s) => [s.since, s.active])).toEqual([[NOW - 30 * DAY, true]]);
    // A period that ended earlier does not take today's live list.
    const past = await service.compute({ ...recent, start: NOW - 3 * DAY, end: NOW - 2 * DAY });
    expect(past.standing).toEqual([]);
  });

  it('AP4: pages no read used for 10 minutes are dropped; pages in use are kept', async () => {
    const timers = new FakeTimers(NOW);
    const archive = fakeArchive([alarm(1, NOW - 20 * DAY - HOUR)]);
    const service = new AlarmPerformanceService({
      fetchAlerts: (q) => archive.fetch(q),
      now: () => timers.now(),
      pause: (ms) => new Promise((resolve) => timers.setTimeout(resolve, ms)),
      liveAlerts: () => null,
    });
    const old = {
      start: NOW - 21 * DAY,
      end: NOW - 20 * DAY,
      stationNumber: null,
      timeZone: 'UTC',
    };
    await service.compute(old);
    await timers.advance(IDLE_DROP_MS / 2);
    await service.compute(old);
    await timers.advance(IDLE_DROP_MS / 2 + 1);
    // Used 5 minutes ago: kept.
    expect(service.pages.rows).toBe(1);
    await timers.advance(IDLE_DROP_MS);
    expect(service.pages.rows).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('AP4: a read keeps its pages while a newer read over the budget evicts', async () => {
    const rows = [alarm(1, START + HOUR), alarm(2, START + 10 * DAY + HOUR)];
    const archive = fakeArchive(rows);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowDay = Math.floor(START / PAGE_MS) * PAGE_MS - 3 * PAGE_MS;
    const pages = new AlarmPages(
      async (q) => {
        if (Date.parse(q.start) === slowDay) await gate;
        return archive.fetch(q);
      },
      () => NOW,
      PAGE_LIMIT,
      undefined,
      0,
    );
    const older = pages.read(slowDay, START + DAY);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A newer read elsewhere evicts every page not its own, the older read's loaded ones too.
    await pages.read(START + 10 * DAY, START + 11 * DAY);
    release();
    const read = await older;
    expect(read.alerts.map((a) => a.id)).toEqual([1]);
  });
});
