/**
 * workers/SPEC.md "Held alert list" (AH1-AH3): while the operator works in the current list,
 * the rows shown keep their positions; new alerts are counted, not inserted.
 */
import { describe, expect, it } from 'vitest';
import { HUB_MESSAGES } from '../../../src/contract/hubs.ts';
import type { AlertsMessage, AlertViewFrame } from '../../../workers/engineProtocol.ts';
import { heldWindow, holdOrder } from '../../../workers/alerts/alertHold.ts';
import { createHarness } from '../../support/engine/engineHarness.ts';
import { makeAlert } from './alertFixtures.ts';

const newestFirst = (ids: number[]) => ids.map((id) => makeAlert(id));

describe('held alert order (pure)', () => {
  it('AH1: rows shown keep their index when newer alerts arrive above them', () => {
    const order = holdOrder('k', newestFirst([5, 4, 3, 2, 1]));
    const w = heldWindow(order, newestFirst([7, 6, 5, 4, 3, 2, 1]), 0, 3, 0);
    expect(w.rows.map((a) => a.id)).toEqual([5, 4, 3]);
    expect(w.from).toBe(0);
    expect(w.total).toBe(5);
    expect(w.held).toBe(2);
  });

  it('AH2: held rows update in place; a row that left stays where it was, marked gone', () => {
    const order = holdOrder('k', newestFirst([3, 2, 1]));
    const acked = makeAlert(2, { state: 'acknowledged', acknowledgedBy: 'operator' });
    let w = heldWindow(order, [makeAlert(3), acked, makeAlert(1)], 0, 3, 0);
    expect(w.rows[1]).toEqual(acked);
    w = heldWindow(order, [makeAlert(3), makeAlert(1)], 0, 3, 0);
    expect(w.rows.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(w.rows[1]).toEqual(acked);
    expect(w.gone).toEqual([2]);
    expect(w.held).toBe(0);
  });

  it('AH2: windows further down stay on the same rows (paging over the frozen order)', () => {
    const ids = Array.from({ length: 100 }, (_, i) => 100 - i);
    const order = holdOrder('k', newestFirst(ids));
    const w = heldWindow(order, newestFirst([101, 102, ...ids]), 60, 10, 5);
    expect(w.from).toBe(55);
    expect(w.rows.map((a) => a.id)).toEqual(ids.slice(55, 75));
  });
});

function lastFrame(messages: { type: string }[]): AlertViewFrame {
  const m = messages.filter((x): x is AlertsMessage => x.type === 'alerts').at(-1)!;
  return m.views[0]![1];
}

describe('held current list in the engine', () => {
  it('AH1-AH3: a held view keeps its rows; the count of new ones shows; a new token shows them', async () => {
    const h = createHarness({ fetchAlerts: async () => ({ alerts: [], remainingCount: 0 }) });
    h.pendingAlerts([makeAlert(1), makeAlert(2), makeAlert(3)]);
    const tab = await h.tab('a');
    const view = { source: { kind: 'live' as const }, start: 0, count: 10 };
    await h.engine.setAlertView('a', 'v', view);
    await h.timers.advance(100);
    expect(lastFrame(tab.messages).rows.map((a) => a.id)).toEqual([3, 2, 1]);

    await h.engine.setAlertView('a', 'v', { ...view, hold: 'h1' });
    await h.timers.advance(100);
    h.hubs.hub('alert').emit(HUB_MESSAGES.newAlert, makeAlert(4));
    await h.timers.advance(100);
    let frame = lastFrame(tab.messages);
    expect(frame.rows.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(frame.held).toBe(1);

    // The bar renews the hold: the new alert is first and nothing waits.
    await h.engine.setAlertView('a', 'v', { ...view, hold: 'h2' });
    await h.timers.advance(100);
    frame = lastFrame(tab.messages);
    expect(frame.rows.map((a) => a.id)).toEqual([4, 3, 2, 1]);
    expect(frame.held).toBe(0);

    // Released: the list is live again.
    h.hubs.hub('alert').emit(HUB_MESSAGES.newAlert, makeAlert(5));
    await h.engine.setAlertView('a', 'v', view);
    await h.timers.advance(100);
    frame = lastFrame(tab.messages);
    expect(frame.rows.map((a) => a.id)).toEqual([5, 4, 3, 2, 1]);
    expect(frame.held).toBeUndefined();
  });
});
