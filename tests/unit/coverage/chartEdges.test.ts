/**
 * The jump to the first or last archived data of a chart and the range picker's knowledge of
 * where data exists (SPEC §7 first-date, last-date; src/features/charts/chartRange.ts).
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../../../src/domain/timeUnits.ts';
import { EDGE_MARGIN, overlapsData, rangeAtEdge } from '../../../src/features/charts/chartRange.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0);

describe('jump to the first or last data', () => {
  const view = { start: NOW - DAY_MS, end: NOW };

  it('CE1: first keeps the span and puts the first time just inside the start', () => {
    const first = Date.UTC(2025, 9, 1);
    const r = rangeAtEdge(view, 'first', first);
    expect(r.end - r.start).toBe(DAY_MS);
    expect(r.start).toBeLessThan(first);
    expect(first - r.start).toBe(Math.round(DAY_MS * EDGE_MARGIN));
  });

  it('CE2: last keeps the span and ends just after the newest time (end is exclusive)', () => {
    const last = NOW - 3 * HOUR_MS;
    const r = rangeAtEdge({ start: 0, end: 7 * DAY_MS }, 'last', last);
    expect(r.end - r.start).toBe(7 * DAY_MS);
    expect(r.end).toBeGreaterThan(last);
    expect(r.start).toBeLessThan(last);
  });

  it('CE3: a range holds data when it overlaps first..last; the end is exclusive', () => {
    const first = NOW - 10 * DAY_MS;
    const last = NOW - DAY_MS;
    expect(overlapsData({ start: NOW - 2 * DAY_MS, end: NOW }, first, last)).toBe(true);
    expect(overlapsData({ start: NOW - 12 * DAY_MS, end: first }, first, last)).toBe(false);
    expect(overlapsData({ start: NOW - 12 * DAY_MS, end: first + 1 }, first, last)).toBe(true);
    expect(overlapsData({ start: last + 1, end: NOW }, first, last)).toBe(false);
    expect(overlapsData({ start: last, end: NOW }, first, last)).toBe(true);
  });
});
