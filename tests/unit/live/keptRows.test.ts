/**
 * KR: a frame's unchanged rows keep the objects of the frame before (src/live/keptRows.ts),
 * so the memoised alert rows render only what changed or came into view.
 */
import { describe, expect, it } from 'vitest';
import { keepUnchangedRows, sameRow } from '../../../src/live/keptRows.ts';
import type { AlertViewFrame } from '../../../workers/engineProtocol.ts';
import type { Alert } from '../../../src/contract/alerts.ts';
import { makeAlerts } from '../alerts/alertFixtures.ts';

const frameOf = (rows: Alert[], from = 0): AlertViewFrame => ({
  state: 'ready',
  error: null,
  from,
  rows,
  total: 1000,
  storeSize: 1000,
  remainingCount: 0,
});

describe('keptRows', () => {
  it('KR1: a cloned frame keeps every row object; a changed row, a changed reference and a row new to the window do not', () => {
    const alerts = makeAlerts(40);
    alerts[3] = { ...alerts[3]!, pvRef: { type: 'AnaIn', nr: 4 } };
    const prev = frameOf(alerts.slice(0, 30));
    const same = keepUnchangedRows(prev, structuredClone(prev));
    same.rows.forEach((row, i) => expect(row).toBe(prev.rows[i]));

    // Scrolled by ten rows: twenty stay, ten come in; one acknowledged, one re-pointed.
    const next = frameOf(structuredClone(alerts.slice(10, 40)), 10);
    next.rows[0] = { ...next.rows[0]!, state: 'acknowledged', acknowledgedBy: 'leitwarte' };
    const scrolled = keepUnchangedRows(prev, next);
    expect(scrolled.from).toBe(10);
    expect(scrolled.rows.map((r) => r.id)).toEqual(alerts.slice(10, 40).map((r) => r.id));
    expect(scrolled.rows[0]).not.toBe(prev.rows[10]);
    expect(scrolled.rows[0]!.state).toBe('acknowledged');
    for (let i = 1; i < 20; i++) expect(scrolled.rows[i]).toBe(prev.rows[i + 10]);
    for (let i = 20; i < 30; i++) expect(scrolled.rows[i]).toBe(next.rows[i]);

    const moved = frameOf(structuredClone(prev.rows));
    moved.rows[3] = { ...moved.rows[3]!, pvRef: { type: 'AnaIn', nr: 5 } };
    expect(keepUnchangedRows(prev, moved).rows[3]).toBe(moved.rows[3]);
  });

  it('KR2: rows differ in any field, a null against an object, or a field more', () => {
    const [a] = makeAlerts(1) as [Alert];
    expect(sameRow(a, structuredClone(a))).toBe(true);
    expect(sameRow(a, { ...a, cleared: !a.cleared })).toBe(false);
    expect(sameRow({ ...a, pvRef: null }, { ...a, pvRef: { type: 'AnaIn', nr: 1 } })).toBe(false);
    expect(sameRow({ ...a, pvRef: { type: 'AnaIn', nr: 1 } }, { ...a, pvRef: null })).toBe(false);
    expect(sameRow(a, { ...a, extra: 1 })).toBe(false);
  });

  it('KR3: a frame with no row kept is passed on as it came', () => {
    const prev = frameOf(makeAlerts(5));
    const next = frameOf(makeAlerts(5, 99).map((r) => ({ ...r, id: r.id + 100 })));
    expect(keepUnchangedRows(prev, next)).toBe(next);
    const empty = frameOf([]);
    expect(keepUnchangedRows(empty, next)).toBe(next);
  });
});
