/** DESIGN.md "the engine owns the alert store": alert leases and windows (SPEC §7 alert hub). */
import { describe, expect, it } from 'vitest';
import type { AlertQuery } from '../../../src/contract/alerts.ts';
import { HUB_MESSAGES, HUB_METHODS } from '../../../src/contract/hubs.ts';
import type { AlertsMessage, AlertViewFrame } from '../../../workers/engineProtocol.ts';
import { ALERT_WINDOW_MARGIN_ROWS } from '../../../workers/alerts/alertViewSet.ts';
import { createHarness } from '../../support/engine/engineHarness.ts';
import { makeAlert, makeAlerts } from '../alerts/alertFixtures.ts';

const M = HUB_METHODS.alert;

function lastAlerts(messages: { type: string }[]): AlertsMessage | undefined {
  return messages.filter((m): m is AlertsMessage => m.type === 'alerts').at(-1);
}

type Harness = ReturnType<typeof createHarness>;

/** Tab 'a' shows the first 20 rows of an archive range in view `viewId`; its frame has come. */
async function showArchive(h: Harness, viewId: string, query: AlertQuery): Promise<void> {
  await h.engine.setAlertView('a', viewId, {
    source: { kind: 'archive', query },
    start: 0,
    count: 20,
  });
  await h.timers.advance(100);
}

async function setup() {
  const h = createHarness({
    fetchAlerts: async (query) => ({
      alerts: makeAlerts(query.limit),
      remainingCount: 42,
    }),
  });
  h.pendingAlerts([makeAlert(1), makeAlert(2)]);
  const a = await h.tab('a');
  const b = await h.tab('b');
  return { h, a, b };
}

describe('alert views in the engine', () => {
  it('AV1: two tabs share one alert hub subscription and get only their window and the total', async () => {
    const { h, a, b } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 1 });
    await h.engine.setAlertView('b', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.timers.advance(100);
    const hub = h.hubs.hub('alert');
    expect(hub.starts).toBe(1);
    expect(hub.calls(M.subscribeToAllAlerts)).toHaveLength(1);
    expect(hub.calls(M.subscribeToAcks)).toHaveLength(1);
    const frameA = lastAlerts(a.messages)!.views[0]![1];
    expect(frameA).toMatchObject({ state: 'ready', total: 2 });
    expect(frameA.rows[0]!.id).toBe(2); // newest first
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(100);
    expect(lastAlerts(a.messages)!.views[0]![1].total).toBe(3);
    expect(lastAlerts(b.messages)!.views[0]![1].rows.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('AV2: acks and deletes from the hub reach every tab; the banner counts pending ones', async () => {
    const { h, a, b } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.engine.setAlertCounts('b', true);
    await h.timers.advance(100);
    expect(lastAlerts(b.messages)!.counts).toMatchObject({ pending: 2, ready: true });
    const hub = h.hubs.hub('alert');
    hub.emit(HUB_MESSAGES.ackAlert, { id: 1, acknowledgedBy: 'op', acknowledgedAt: 5 });
    hub.emit(HUB_MESSAGES.deletedAlerts, [{ id: 2 }]);
    // The banner-only tab gets its counts at most every 250 ms (AV6).
    await h.timers.advance(300);
    expect(lastAlerts(a.messages)!.views[0]![1].rows).toEqual([
      expect.objectContaining({ id: 1, state: 'acknowledged', acknowledgedBy: 'op' }),
    ]);
    expect(lastAlerts(b.messages)!.counts).toMatchObject({ pending: 0, top: null });
  });

  it('AV6: a banner-only tab gets its counts at once after a quiet spell, at most every 250 ms in a flood', async () => {
    const { h, a, b } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.engine.setAlertCounts('b', true);
    await h.timers.advance(1000);
    const hub = h.hubs.hub('alert');
    const sent = (tab: typeof a) => tab.messages.filter((m) => m.type === 'alerts').length;
    const [a0, b0] = [sent(a), sent(b)];
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(60);
    expect(sent(b)).toBe(b0 + 1);
    expect(lastAlerts(b.messages)!.counts).toMatchObject({ pending: 3 });
    // A flood: an alert every 20 ms for a second.
    const [a1, b1] = [sent(a), sent(b)];
    for (let id = 4; id < 54; id++) {
      hub.emit(HUB_MESSAGES.newAlert, makeAlert(id));
      await h.timers.advance(20);
    }
    expect(sent(a) - a1).toBeGreaterThanOrEqual(15);
    expect(sent(b) - b1).toBeLessThanOrEqual(5);
    expect(sent(b) - b1).toBeGreaterThanOrEqual(3);
    // Nothing is lost: the last counts hold every alert.
    await h.timers.advance(300);
    expect(lastAlerts(b.messages)!.counts).toMatchObject({ pending: 53 });
    expect(lastAlerts(a.messages)!.views[0]![1].total).toBe(53);
    expect(a0).toBeGreaterThan(0);
  });

  it('AV7b: counts go with a message only when they changed; asked again, they come again', async () => {
    const { h, a } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.engine.setAlertCounts('a', true);
    await h.timers.advance(300);
    const alerts = () => a.messages.filter((m): m is AlertsMessage => m.type === 'alerts');
    expect(
      alerts()
        .filter((m) => m.counts !== null)
        .at(-1)!.counts,
    ).toMatchObject({
      pending: 2,
      latest: { id: 2 },
    });
    // A new window of the list: a frame, no counts.
    const before = alerts().length;
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 1, count: 10 });
    await h.timers.advance(300);
    expect(alerts().length).toBe(before + 1);
    expect(lastAlerts(a.messages)!.views.map(([id]) => id)).toEqual(['v']);
    expect(lastAlerts(a.messages)!.counts).toBeNull();
    // Without a view and without a change, nothing is sent at all.
    await h.engine.releaseAlertView('a', 'v');
    await h.timers.advance(300);
    const quiet = alerts().length;
    await h.engine.setAlertCounts('a', true);
    await h.timers.advance(300);
    expect(alerts().length).toBe(quiet);
    // A new alarm changes them.
    h.hubs.hub('alert').emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(300);
    expect(lastAlerts(a.messages)!.counts).toMatchObject({ pending: 3, latest: { id: 3 } });
    // Off and on again: the next message has them (the list is read again).
    await h.engine.setAlertCounts('a', false);
    await h.timers.advance(300);
    const off = alerts().length;
    await h.engine.setAlertCounts('a', true);
    await h.timers.advance(1000);
    expect(alerts()[off]!.counts).not.toBeNull();
  });

  it('AV8: a change of the current list after a quiet spell reaches a view within 5 ms with the rest of its burst, at most every 50 ms in a flood', async () => {
    const { h, a } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.timers.advance(1000);
    const hub = h.hubs.hub('alert');
    const sent = () => a.messages.filter((m) => m.type === 'alerts').length;
    const a0 = sent();
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(2);
    // The rest of the burst goes with it.
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(4));
    await h.timers.advance(4);
    expect(sent()).toBe(a0 + 1);
    expect(lastAlerts(a.messages)!.views[0]![1].rows.map((r) => r.id)).toEqual([4, 3, 2, 1]);
    // A flood: an alert every 10 ms for a second, a frame at most every 50 ms.
    const a1 = sent();
    for (let id = 5; id < 105; id++) {
      hub.emit(HUB_MESSAGES.newAlert, makeAlert(id));
      await h.timers.advance(10);
    }
    expect(sent() - a1).toBeLessThanOrEqual(21);
    expect(sent() - a1).toBeGreaterThanOrEqual(18);
    // Nothing is lost: the last frame holds every alert.
    await h.timers.advance(100);
    expect(lastAlerts(a.messages)!.views[0]![1].total).toBe(104);
  });

  it('AV2b: messages that race the pending snapshot are applied on top of it', async () => {
    const h = createHarness({ fetchAlerts: async () => ({ alerts: [], remainingCount: 0 }) });
    const hub = h.hubs.hub('alert');
    let answer: ((groups: unknown) => void) | null = null;
    hub.answers.set(M.fetchAllPendingAlerts, () => new Promise((resolve) => (answer = resolve)));
    const a = await h.tab('a');
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.timers.advance(100);
    expect(answer).not.toBeNull();
    // Sent after the server took the snapshot, received before the answer was handled.
    hub.emit(HUB_MESSAGES.newAlert, makeAlert(3));
    hub.emit(HUB_MESSAGES.ackAlert, { id: 2, acknowledgedBy: 'op', acknowledgedAt: 5 });
    answer!([{ pvGroupId: 1, alerts: [makeAlert(1), makeAlert(2)] }]);
    // The completion and this message shared a frame: it is dispatched before the engine
    // resumes with the snapshot that still holds alert 1.
    hub.emit(HUB_MESSAGES.deletedAlerts, [{ id: 1 }]);
    await h.timers.advance(100);
    const frame = lastAlerts(a.messages)!.views[0]![1];
    expect(frame.state).toBe('ready');
    expect(frame.rows.map((r) => [r.id, r.state])).toEqual([
      [3, makeAlert(3).state],
      [2, 'acknowledged'],
    ]);
  });

  it('AV3: filters and sorting run in the engine; the window carries a margin', async () => {
    const { h, a } = await setup();
    await h.engine.setAlertView('a', 'v', {
      source: { kind: 'archive', query: { start: 'x', end: 'y', limit: 5000 } },
      filter: { field: 'priority', operator: 'eq', value: 0 },
      start: 100,
      count: 20,
    });
    await h.timers.advance(100);
    const frame = lastAlerts(a.messages)!.views[0]![1];
    expect(frame.state).toBe('ready');
    expect(frame.storeSize).toBe(5000);
    expect(frame.remainingCount).toBe(42);
    expect(frame.total).toBeLessThan(5000);
    expect(frame.rows.every((r) => r.priority === 0)).toBe(true);
    expect(frame.from).toBeLessThan(100);
    expect(frame.rows.length).toBeGreaterThan(20);
  });

  it('AV3b: a large archive query shows its newest rows first, then the whole range', async () => {
    let releaseFull: (() => void) | null = null;
    const limits: number[] = [];
    const h = createHarness({
      fetchAlerts: async (query) => {
        limits.push(query.limit);
        if (query.limit > 300) await new Promise<void>((r) => (releaseFull = r));
        return { alerts: makeAlerts(query.limit), remainingCount: query.limit > 300 ? 7 : 4707 };
      },
    });
    const a = await h.tab('a');
    await showArchive(h, 'v', { start: 'x', end: 'y', limit: 5000 });
    expect(limits.sort((x, y) => x - y)).toEqual([300, 5000]);
    const first = lastAlerts(a.messages)!.views[0]![1];
    expect(first).toMatchObject({ state: 'partial', storeSize: 300, remainingCount: 0 });
    expect(first.rows.length).toBeGreaterThan(0);
    releaseFull!();
    await h.timers.advance(100);
    expect(lastAlerts(a.messages)!.views[0]![1]).toMatchObject({
      state: 'ready',
      storeSize: 5000,
      remainingCount: 7,
    });
  });

  it('AV3e: the whole range is asked for only once the first page has answered, and not when the range fits in it', async () => {
    let releaseFirst: (() => void) | null = null;
    const limits: number[] = [];
    let remaining = 4707;
    const h = createHarness({
      fetchAlerts: async (query) => {
        limits.push(query.limit);
        if (query.limit === 300) await new Promise<void>((r) => (releaseFirst = r));
        return { alerts: makeAlerts(Math.min(query.limit, 250)), remainingCount: remaining };
      },
    });
    const a = await h.tab('a');
    const view = (end: string) => ({
      source: { kind: 'archive' as const, query: { start: 'x', end, limit: 5000 } },
      start: 0,
      count: 20,
    });
    await h.engine.setAlertView('a', 'v', view('y'));
    await h.timers.advance(100);
    expect(limits).toEqual([300]);
    releaseFirst!();
    await h.timers.advance(100);
    expect(limits).toEqual([300, 5000]);
    // A range of 250 alerts: the first page holds it whole (nothing remaining) and is all.
    remaining = 0;
    limits.length = 0;
    await h.engine.setAlertView('a', 'v', view('z'));
    await h.timers.advance(100);
    releaseFirst!();
    await h.timers.advance(100);
    expect(limits).toEqual([300]);
    expect(lastAlerts(a.messages)!.views[0]![1]).toMatchObject({ state: 'ready', storeSize: 250 });
  });

  it('AV3f: a range asked for before any tab registered is the list a view of it takes; unused, it goes after 30 s; a failed one loads afresh', async () => {
    const limits: number[] = [];
    let fail = false;
    const h = createHarness({
      fetchAlerts: async (query) => {
        limits.push(query.limit);
        if (fail) throw new Error('Status code 401');
        return { alerts: makeAlerts(Math.min(query.limit, 200)), remainingCount: 0 };
      },
    });
    const query = { start: 'x', end: 'y', limit: 5000 };
    await h.engine.prefetchArchive(query);
    await h.timers.advance(100);
    expect(limits).toEqual([300]);
    const a = await h.tab('a');
    await showArchive(h, 'v', query);
    expect(limits).toEqual([300]);
    expect(lastAlerts(a.messages)!.views[0]![1]).toMatchObject({ state: 'ready', storeSize: 200 });

    // Asked for and never shown: released after ARCHIVE_PREFETCH_KEEP_MS, fetched again later.
    const other = { start: 'x', end: 'z', limit: 5000 };
    await h.engine.prefetchArchive(other);
    await h.timers.advance(31_000);
    await showArchive(h, 'w', other);
    expect(limits).toEqual([300, 300, 300]);

    // Failed (no session yet at boot): the view that comes later loads it afresh.
    fail = true;
    const third = { start: 'x', end: 'w', limit: 5000 };
    await h.engine.prefetchArchive(third);
    await h.timers.advance(100);
    fail = false;
    await showArchive(h, 'u', third);
    // The failed first page (nobody shows it, so no whole range), then the view's first page.
    expect(limits).toEqual([300, 300, 300, 300, 300]);
    const frames = lastAlerts(a.messages)!.views;
    expect(frames.find(([id]) => id === 'u')![1]).toMatchObject({ state: 'ready', storeSize: 200 });
  });

  it('AV3i: a range asked for with the first view of a page answers the first frame of that view once its first page is here; nothing for a failed range or another view', async () => {
    let releaseFirst: (() => void) | null = null;
    let fail = false;
    const h = createHarness({
      fetchAlerts: async (query) => {
        if (fail) throw new Error('Status code 401');
        if (query.limit === 300) await new Promise<void>((r) => (releaseFirst = r));
        return { alerts: makeAlerts(Math.min(query.limit, 400)), remainingCount: 100 };
      },
    });
    const query = { start: 'x', end: 'y', limit: 5000 };
    const view = {
      source: { kind: 'archive' as const, query },
      sort: { column: 'timestamp' as const, direction: 'desc' as const },
      filter: null,
      start: 0,
      count: 20,
    };
    let answer: unknown = 'pending';
    void h.engine.prefetchArchive(query, view).then((frame) => (answer = frame));
    await h.timers.advance(100);
    // The first page has not answered: no frame yet (a loading one would draw nothing).
    expect(answer).toBe('pending');
    releaseFirst!();
    await h.timers.advance(100);
    const frame = answer as AlertViewFrame;
    expect(frame).toMatchObject({ state: 'partial', from: 0, total: 300, storeSize: 300 });
    // The window and its margin, newest first: what a view of it would get.
    expect(frame.rows).toHaveLength(20 + ALERT_WINDOW_MARGIN_ROWS);
    const times = frame.rows.map((r) => Number(r.timestamp));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const a = await h.tab('a');
    // The view itself, before it has drawn (first page only), gets the same rows.
    await h.engine.setAlertView('a', 'v', { ...view, firstRowsDrawn: false });
    await h.timers.advance(100);
    expect(lastAlerts(a.messages)!.views[0]![1].rows).toEqual(frame.rows);

    // Without a view, or with a view of another range, only the prefetch of AV3f.
    const other = { start: 'x', end: 'z', limit: 5000 };
    const plain = h.engine.prefetchArchive(other);
    const mismatched = h.engine.prefetchArchive(other, view);
    await h.timers.advance(100);
    releaseFirst!();
    await h.timers.advance(100);
    expect(await plain).toBeNull();
    expect(await mismatched).toBeNull();

    // A range that failed (before the sign-in) answers nothing: the page shows no error for it.
    fail = true;
    const third = { start: 'x', end: 'w', limit: 5000 };
    const failed = h.engine.prefetchArchive(third, {
      ...view,
      source: { kind: 'archive', query: third },
    });
    await h.timers.advance(100);
    expect(await failed).toBeNull();
  });

  it('AV3g: a prefetched range loads its first page alone; the whole range waits for a view that shows it', async () => {
    const limits: number[] = [];
    let releaseFirst: (() => void) | null = null;
    const h = createHarness({
      fetchAlerts: async (query) => {
        limits.push(query.limit);
        if (query.limit === 300 && limits.length > 1)
          await new Promise<void>((r) => (releaseFirst = r));
        return {
          alerts: makeAlerts(Math.min(query.limit, 400)),
          remainingCount: query.limit === 300 ? 100 : 0,
        };
      },
    });
    const query = { start: 'x', end: 'y', limit: 5000 };
    await h.engine.prefetchArchive(query);
    await h.timers.advance(1000);
    // The first page answered with more to come; nobody shows the range yet.
    expect(limits).toEqual([300]);
    const a = await h.tab('a');
    await showArchive(h, 'v', query);
    expect(limits).toEqual([300, 5000]);
    expect(lastAlerts(a.messages)!.views[0]![1]).toMatchObject({ state: 'ready', storeSize: 400 });

    // The view comes while the prefetch's first page is still on its way: the whole range
    // follows the first page, once.
    const other = { start: 'x', end: 'z', limit: 5000 };
    await h.engine.prefetchArchive(other);
    await h.timers.advance(100);
    await showArchive(h, 'w', other);
    expect(limits).toEqual([300, 5000, 300]);
    releaseFirst!();
    await h.timers.advance(100);
    expect(limits).toEqual([300, 5000, 300, 5000]);
  });

  it('AV3h: a view that has not drawn its first rows gets the first page alone; the whole range follows once it has', async () => {
    const limits: number[] = [];
    let failFirst = false;
    const h = createHarness({
      fetchAlerts: async (query) => {
        limits.push(query.limit);
        if (failFirst && query.limit === 300) throw new Error('first page refused');
        return {
          alerts: makeAlerts(Math.min(query.limit, 400)),
          remainingCount: query.limit === 300 ? 100 : 0,
        };
      },
    });
    const a = await h.tab('a');
    const query = { start: 'x', end: 'y', limit: 5000 };
    const view = { source: { kind: 'archive' as const, query }, start: 0, count: 20 };
    await h.engine.setAlertView('a', 'v', { ...view, firstRowsDrawn: false });
    await h.timers.advance(1000);
    expect(limits).toEqual([300]);
    expect(lastAlerts(a.messages)!.views[0]![1]).toMatchObject({
      state: 'partial',
      storeSize: 300,
    });
    // A scroll before the first rows were drawn changes nothing.
    await h.engine.setAlertView('a', 'v', { ...view, start: 5, firstRowsDrawn: false });
    await h.timers.advance(100);
    expect(limits).toEqual([300]);
    await h.engine.setAlertView('a', 'v', { ...view, firstRowsDrawn: true });
    await h.timers.advance(100);
    expect(limits).toEqual([300, 5000]);
    expect(lastAlerts(a.messages)!.views[0]![1]).toMatchObject({ state: 'ready', storeSize: 400 });
    await h.engine.setAlertView('a', 'v', { ...view, start: 10, firstRowsDrawn: true });
    await h.timers.advance(100);
    expect(limits).toEqual([300, 5000]);

    // A first page that fails while a view waits: the whole range is asked for at once and
    // reports for itself (the view does not show the first page's failure first).
    failFirst = true;
    const other = { start: 'x', end: 'z', limit: 5000 };
    await h.engine.setAlertView('a', 'w', {
      source: { kind: 'archive', query: other },
      start: 0,
      count: 20,
      firstRowsDrawn: false,
    });
    await h.timers.advance(100);
    expect(limits).toEqual([300, 5000, 300, 5000]);
    const frames = a.messages
      .filter((m): m is AlertsMessage => m.type === 'alerts')
      .map((m) => m.views.find(([id]) => id === 'w')?.[1].state);
    expect(frames).not.toContain('error');
    expect(frames.at(-1)).toBe('ready');
  });

  it('AV3j: a range no view uses any more is not loaded on: its requests are cancelled and a late answer is dropped', async () => {
    const asked: { limit: number; end: string; signal: AbortSignal | undefined }[] = [];
    const late: (() => void)[] = [];
    const h = createHarness({
      fetchAlerts: (query, signal) => {
        asked.push({ limit: query.limit, end: query.end, signal });
        const result = {
          alerts: makeAlerts(Math.min(query.limit, 400)),
          remainingCount: query.limit === 300 ? 100 : 0,
        };
        // The first page answers at once; a whole range only when the test says so.
        if (query.limit === 300) return Promise.resolve(result);
        return new Promise((resolve) => late.push(() => resolve(result)));
      },
    });
    const a = await h.tab('a');
    const range = (end: string) => ({ start: 'x', end, limit: 5000 });
    const view = (end: string) => ({
      source: { kind: 'archive' as const, query: range(end) },
      start: 0,
      count: 20,
      firstRowsDrawn: true,
    });
    await h.engine.setAlertView('a', 'v', view('y'));
    await h.timers.advance(100);
    expect(asked.map((q) => q.limit)).toEqual([300, 5000]);
    expect(asked.every((q) => q.signal?.aborted === false)).toBe(true);

    // The operator picks another range while the first one's whole range loads.
    await h.engine.setAlertView('a', 'v', view('z'));
    await h.timers.advance(100);
    expect(asked.map((q) => [q.end, q.limit])).toEqual([
      ['y', 300],
      ['y', 5000],
      ['z', 300],
      ['z', 5000],
    ]);
    expect(asked.map((q) => q.signal?.aborted)).toEqual([true, true, false, false]);

    // The cancelled range's answer comes anyway: nothing of it reaches the view.
    late[0]!();
    await h.timers.advance(100);
    const frame = () => lastAlerts(a.messages)!.views.find(([id]) => id === 'v')![1];
    expect(frame()).toMatchObject({ state: 'partial', storeSize: 300 });
    late[1]!();
    await h.timers.advance(100);
    expect(frame()).toMatchObject({ state: 'ready', storeSize: 400 });

    // The tab closes its view: the range it showed is cancelled too.
    await h.engine.setAlertView('a', 'v', view('w'));
    await h.timers.advance(100);
    await h.engine.releaseAlertView('a', 'v');
    expect(asked.slice(4).map((q) => [q.end, q.limit, q.signal?.aborted])).toEqual([
      ['w', 300, true],
      ['w', 5000, true],
    ]);
  });

  it('AV3k: a view that takes the range asked for at boot ends the hold of that ask: its tab closing cancels the range at once, and the 30 s of the hold change nothing', async () => {
    const asked: { limit: number; end: string; signal: AbortSignal | undefined }[] = [];
    const h = createHarness({
      fetchAlerts: (query, signal) => {
        asked.push({ limit: query.limit, end: query.end, signal });
        // The first page answers at once; the whole range never (it is still loading).
        if (query.limit === 300)
          return Promise.resolve({ alerts: makeAlerts(300), remainingCount: 100 });
        return new Promise(() => undefined);
      },
    });
    const range = (end: string) => ({ start: 'x', end, limit: 5000 });
    const view = (end: string, firstRowsDrawn: boolean) => ({
      source: { kind: 'archive' as const, query: range(end) },
      start: 0,
      count: 20,
      firstRowsDrawn,
    });
    const state = () => asked.map((q) => [q.end, q.limit, q.signal?.aborted]);

    // A second tab opens the archive: the boot asks, the page's view takes it and draws.
    await h.engine.prefetchArchive(range('y'));
    await h.tab('a');
    await h.engine.setAlertView('a', 'v', view('y', false));
    await h.engine.setAlertView('a', 'v', view('y', true));
    await h.timers.advance(100);
    expect(state()).toEqual([
      ['y', 300, false],
      ['y', 5000, false],
    ]);
    // The tab closes within the boot's 30 s: its whole range loads on for nobody no more.
    await h.engine.releaseAlertView('a', 'v');
    expect(state()).toEqual([
      ['y', 300, true],
      ['y', 5000, true],
    ]);

    // Taken, then the hold's time passes: the view keeps its range until it goes.
    await h.engine.prefetchArchive(range('z'));
    await h.engine.setAlertView('a', 'w', view('z', true));
    await h.timers.advance(31_000);
    expect(state().slice(2)).toEqual([
      ['z', 300, false],
      ['z', 5000, false],
    ]);
    await h.engine.releaseAlertView('a', 'w');
    expect(state().slice(2)).toEqual([
      ['z', 300, true],
      ['z', 5000, true],
    ]);
  });

  it('AV3c: a small archive query is fetched once', async () => {
    const limits: number[] = [];
    const h = createHarness({
      fetchAlerts: async (query) => {
        limits.push(query.limit);
        return { alerts: makeAlerts(query.limit), remainingCount: 0 };
      },
    });
    await h.tab('a');
    await showArchive(h, 'v', { start: 'x', end: 'y', limit: 300 });
    expect(limits).toEqual([300]);
  });

  it('AV3d: a view change is answered at once; hub traffic still waits for the batch', async () => {
    const { h, a } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.timers.advance(100);
    const before = a.messages.length;
    await h.engine.setAlertView('a', 'v', {
      source: { kind: 'live' },
      sort: { column: 'priority', direction: 'asc' },
      start: 0,
      count: 10,
    });
    await h.timers.advance(1);
    expect(a.messages.length).toBe(before + 1);
    h.hubs.hub('alert').emit(HUB_MESSAGES.newAlert, makeAlert(3));
    await h.timers.advance(1);
    expect(a.messages.length).toBe(before + 1);
    await h.timers.advance(60);
    expect(a.messages.length).toBe(before + 2);
  });

  it('AV2c: the current list subscribes to pending alerts, again after a reconnect; a pushed station list changes only what differs', async () => {
    const { h, a } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.timers.advance(100);
    const hub = h.hubs.hub('alert');
    const order = () => hub.received.map((r) => r.method);
    expect(order()).toEqual([
      M.subscribeToAllAlerts,
      M.subscribeToAcks,
      M.subscribeToPendingAlerts,
      M.fetchAllPendingAlerts,
    ]);
    const version = lastAlerts(a.messages)!.views[0]![1];
    const sentBefore = a.messages.length;
    // The station's whole list again, unchanged: nothing to send.
    hub.emit(HUB_MESSAGES.newPendingAlerts, 1, [makeAlert(1), makeAlert(2)]);
    await h.timers.advance(100);
    expect(a.messages.length).toBe(sentBefore);
    // The list with one alert acknowledged and a new one: both reach the view.
    const acked = {
      ...makeAlert(1),
      state: 'acknowledged' as const,
      acknowledgedBy: 'op',
      acknowledgedAt: 5,
    };
    hub.emit(HUB_MESSAGES.newPendingAlerts, 1, [acked, makeAlert(2), makeAlert(4)]);
    await h.timers.advance(100);
    const frame = lastAlerts(a.messages)!.views[0]![1];
    expect(frame).not.toBe(version);
    expect(frame.rows.map((r) => [r.id, r.state])).toEqual([
      [4, makeAlert(4).state],
      [2, makeAlert(2).state],
      [1, 'acknowledged'],
    ]);
    hub.received.length = 0;
    hub.drop();
    await h.timers.advance(10);
    hub.restore();
    await h.timers.advance(200);
    expect(order()).toEqual([
      M.subscribeToAllAlerts,
      M.subscribeToAcks,
      M.subscribeToPendingAlerts,
      M.fetchAllPendingAlerts,
    ]);
  });

  it('AV4: the last release closes the alert channel; a disconnecting tab releases its views', async () => {
    const { h } = await setup();
    await h.engine.setAlertView('a', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.engine.setAlertView('b', 'v', { source: { kind: 'live' }, start: 0, count: 10 });
    await h.timers.advance(100);
    await h.engine.releaseAlertView('a', 'v');
    await h.engine.disconnect('b');
    await h.timers.advance(10_000);
    expect(h.hubs.hub('alert').stops).toBe(1);
  });
});
