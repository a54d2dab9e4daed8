/**
 * The alert views' code (sorting, filtering, paging) is fetched with the first view a tab
 * opens; the current list, the banner's counts and the PV alarm states never wait for it
 * (workers/SPEC.md AV5).
 */
import { describe, expect, it } from 'vitest';
import type { Alert, AlertQuery } from '../../../src/contract/alerts.ts';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { AlertsMessage } from '../../../workers/engineProtocol.ts';
import { AlertFeed, type AlertViewsModule } from '../../../workers/alerts/AlertFeed.ts';
import { AlertRows, alertCounts } from '../../../workers/alerts/alertRows.ts';
import { AlertStore } from '../../../workers/alerts/alertStore.ts';
import { AlertViewSet } from '../../../workers/alerts/alertViewSet.ts';
import { deferredImport } from '../../support/deferredImport.ts';
import { FakeTimers, settle } from '../../support/engine/FakeTimers.ts';
import { lcg, makeAlert, makeAlerts } from './alertFixtures.ts';

const M = HUB_METHODS.alert;
const LIVE = { kind: 'live' } as const;

function setup(pending: Alert[] = [makeAlert(1), makeAlert(2)]) {
  const timers = new FakeTimers();
  const archiveQueries: AlertQuery[] = [];
  const sent: [string, AlertsMessage][] = [];
  const { load: loadViews, loads } = deferredImport<AlertViewsModule>();
  let acquired = 0;
  let released = 0;
  const feed = new AlertFeed({
    timers,
    acquireChannel: () => {
      acquired++;
      return () => released++;
    },
    invoke: async (method) => (method === M.fetchAllPendingAlerts ? [{ alerts: pending }] : null),
    fetchArchive: async (query) => {
      archiveQueries.push(query);
      return { alerts: makeAlerts(query.limit), remainingCount: 0 };
    },
    send: (tabId, message) => sent.push([tabId, message]),
    onError: () => undefined,
    loadViews,
  });
  const last = (tabId: string) => sent.filter(([t]) => t === tabId).at(-1)?.[1];
  const channel = () => ({ acquired, released });
  return { timers, feed, loads, last, channel, archiveQueries };
}

describe('alert views loaded with the first view', () => {
  it('AV5: the counts and the current list need no views code; a view set while it loads shows loading, then its rows', async () => {
    const { timers, feed, loads, last } = setup();
    feed.setCounts('a', true);
    await feed.subscribe();
    await timers.advance(100);
    expect(loads).toHaveLength(0);
    expect(last('a')?.counts).toMatchObject({ pending: 2, ready: true });
    expect([...feed.liveAlerts()!].map((a) => a.id)).toEqual([1, 2]);

    const set = feed.setView('a', 'v', { source: LIVE, start: 0, count: 10 });
    await timers.advance(10);
    expect(loads).toHaveLength(1);
    expect(last('a')?.views).toEqual([['v', expect.objectContaining({ state: 'loading' })]]);
    // The alarm path goes on while the views' code is on its way.
    feed.received(HUB_MESSAGES.newAlert, [makeAlert(3)]);
    await timers.advance(100);
    expect(last('a')?.counts).toMatchObject({ pending: 3 });

    loads[0]!.resolve({ AlertViewSet });
    await set;
    await timers.advance(10);
    const frame = last('a')!.views[0]![1];
    expect(frame).toMatchObject({ state: 'ready', total: 3 });
    expect(frame.rows.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('AV5b: views set and released while the code loads are applied after it in order', async () => {
    const { timers, feed, loads, last, channel } = setup();
    const first = feed.setView('a', 'gone', { source: LIVE, start: 0, count: 10 });
    const second = feed.setView('a', 'kept', { source: LIVE, start: 0, count: 1 });
    feed.releaseView('a', 'gone');
    await feed.subscribe();
    expect(loads).toHaveLength(1); // one fetch for every view
    expect(channel()).toEqual({ acquired: 1, released: 0 });
    loads[0]!.resolve({ AlertViewSet });
    await Promise.all([first, second]);
    await timers.advance(10);
    const views = last('a')!.views;
    expect(views.map(([id]) => id)).toEqual(['kept']);
    expect(views[0]![1]).toMatchObject({ state: 'ready', total: 2, rows: [{ id: 2 }, { id: 1 }] });

    // Released before the code came: nothing is left leased.
    const third = feed.setView('b', 'w', { source: LIVE, start: 0, count: 1 });
    feed.releaseView('b', 'w');
    feed.releaseView('a', 'kept');
    await third;
    expect(channel()).toEqual({ acquired: 1, released: 1 });
  });

  it('AV5c: archive lists of views set while the code loads are fetched once it is here; released ones not at all', async () => {
    const { timers, feed, loads, last, archiveQueries } = setup();
    const query = (limit: number): AlertQuery => ({
      start: '2026-11-01T00:00:00Z',
      end: '2026-11-02T00:00:00Z',
      limit,
    });
    const kept = feed.setView('a', 'kept', {
      source: { kind: 'archive', query: query(20) },
      start: 0,
      count: 5,
    });
    void feed.setView('a', 'gone', {
      source: { kind: 'archive', query: query(30) },
      start: 0,
      count: 5,
    });
    void feed.setView('a', 'moved', {
      source: { kind: 'archive', query: query(40) },
      start: 0,
      count: 5,
    });
    feed.releaseView('a', 'gone');
    void feed.setView('a', 'moved', {
      source: { kind: 'archive', query: query(20) },
      start: 0,
      count: 5,
    });
    await timers.advance(10);
    expect(archiveQueries).toEqual([]);
    expect(last('a')!.views.map(([, f]) => f.state)).toEqual(['loading', 'loading']);
    loads[0]!.resolve({ AlertViewSet });
    await kept;
    await timers.advance(100);
    expect(archiveQueries).toEqual([query(20)]); // one list for both views
    expect(last('a')!.views).toEqual([
      ['kept', expect.objectContaining({ state: 'ready', total: 20, rows: expect.any(Array) })],
      ['moved', expect.objectContaining({ state: 'ready', total: 20 })],
    ]);
  });

  it('AV5d: code that cannot be fetched shows as the view error, the counts stay, the next view tries again', async () => {
    const { timers, feed, loads, last } = setup();
    feed.setCounts('a', true);
    const set = feed.setView('a', 'v', { source: LIVE, start: 0, count: 10 });
    await feed.subscribe();
    loads[0]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(set).resolves.toBeUndefined();
    await timers.advance(100);
    const failed = last('a')!;
    expect(failed.views[0]![1]).toMatchObject({
      state: 'error',
      error: expect.stringContaining('Failed to fetch dynamically imported module'),
      rows: [],
    });
    expect(failed.counts).toMatchObject({ pending: 2, ready: true });
    const exported = feed.rows({ source: LIVE });
    loads[1]!.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(exported).rejects.toThrow('Failed to fetch');

    // The tab scrolls or reopens the list: a new fetch, and the rows once it arrives.
    const retry = feed.setView('a', 'v', { source: LIVE, start: 0, count: 10 });
    await timers.advance(10);
    expect(loads).toHaveLength(3);
    expect(last('a')!.views[0]![1]).toMatchObject({ state: 'loading', error: null });
    loads[2]!.resolve({ AlertViewSet });
    await retry;
    await timers.advance(10);
    expect(last('a')!.views[0]![1]).toMatchObject({ state: 'ready', total: 2 });
    await settle();
  });

  it('AL2: the counts found without sorting match the list sorted newest first', () => {
    const rnd = lcg(3);
    for (let round = 0; round < 20; round++) {
      const store = new AlertStore();
      const rows = new AlertRows();
      // Few distinct times and priorities: many ties.
      const alerts = makeAlerts(200, round + 1).map((a) => ({
        ...a,
        timestamp: Math.floor(rnd() * 20),
        priority: Math.floor(rnd() * 3),
        state: rnd() < 0.5 ? ('pending' as const) : ('acknowledged' as const),
        cleared: rnd() < 0.3,
      }));
      store.replaceAll(alerts.slice(0, 150));
      rows.replaceAll(alerts.slice(0, 150));
      for (const a of alerts.slice(150)) {
        store.upsert(a);
        rows.upsert(a);
      }
      store.remove([3, 9, 27]);
      rows.remove([3, 9, 27]);
      const sorted = store.rows(); // newest first, ties in insertion order
      const pending = sorted.filter((a) => a.state === 'pending');
      const best = Math.min(...pending.map((a) => a.priority));
      expect(alertCounts(rows, true)).toEqual({
        pending: pending.length,
        active: sorted.filter((a) => !a.cleared).length,
        top: pending.find((a) => a.priority === best) ?? null,
        latest: pending[0] ?? null,
        ready: true,
      });
    }
  });

  it('AL2b: the counts are taken once per change of the list, whichever tab asks', () => {
    const rows = new AlertRows();
    rows.upsertMany([makeAlert(1, { state: 'pending' }), makeAlert(2, { state: 'pending' })]);
    const first = alertCounts(rows, true);
    expect(alertCounts(rows, true)).toBe(first);
    expect(alertCounts(rows, false)).toEqual({ ...first, ready: false });
    rows.upsert(makeAlert(3, { state: 'pending' }));
    const after = alertCounts(rows, true);
    expect(after).not.toBe(first);
    expect(after.pending).toBe(3);
    rows.ack([{ id: 3, acknowledgedBy: 'op', acknowledgedAt: 1 }]);
    expect(alertCounts(rows, true).pending).toBe(2);
  });
});
