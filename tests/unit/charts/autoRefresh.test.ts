import { describe, expect, it } from 'vitest';
import {
  AUTO_REFRESH_POLL_MS,
  AutoRefresh,
  type AutoRefreshOptions,
  runAutoRefresh,
  type IntervalTimers,
} from '../../../workers/charts/autoRefresh.ts';
import { HOUR_MS, MINUTE_MS } from '../../../src/domain/timeUnits.ts';

/** Fake time: one clock, intervals fired by advance(). */
class FakeTime implements IntervalTimers {
  now: number;
  private next = 1;
  private readonly intervals = new Map<number, { fn: () => void; ms: number; due: number }>();

  constructor(start: number) {
    this.now = start;
  }

  clock = (): number => this.now;

  setInterval(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.intervals.set(id, { fn, ms, due: this.now + ms });
    return id;
  }

  clearInterval(handle: unknown): void {
    this.intervals.delete(handle as number);
  }

  get active(): number {
    return this.intervals.size;
  }

  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.intervals.values()].sort((a, b) => a.due - b.due)[0];
      if (!due || due.due > end) break;
      this.now = due.due;
      due.due += due.ms;
      due.fn();
    }
    this.now = end;
  }
}

const T0 = Date.parse('2026-03-29T10:00:10+02:00');

/** Auto-refresh of a chart in Berlin on fake time that starts at T0. */
function autoRefreshAt(options: Omit<AutoRefreshOptions, 'zone' | 'clock'>) {
  const time = new FakeTime(T0);
  return { time, ar: new AutoRefresh({ zone: 'Europe/Berlin', clock: time.clock, ...options }) };
}

describe('SPEC §4 auto-refresh', () => {
  it('AR1/AR4: a live chart is on by default and moves when the minute changes', () => {
    const view = { start: T0 - HOUR_MS, end: T0 };
    const { time, ar } = autoRefreshAt({
      chartType: 'LiveMeasurement',
      timeSpan: null,
      view,
    });
    expect(ar.state.enabled).toBe(true);
    time.now = T0 + 40_000;
    expect(ar.poll()).toBeNull();
    time.now = T0 + 52_000; // 10:01:02
    expect(ar.poll()).toEqual({ start: time.now - HOUR_MS, end: time.now });
    expect(ar.poll()).toBeNull();
    expect(ar.state.view.end).toBe(time.now);
  });

  it('AR2: a custom range shifts start and end by the minutes that passed', () => {
    const view = { start: T0 - 3 * HOUR_MS, end: T0 - HOUR_MS };
    const { time, ar } = autoRefreshAt({
      chartType: 'Measurement',
      timeSpan: { factor: 1, unit: 'Days' },
      view,
      enabled: true,
      custom: true,
    });
    time.now = T0 + 2 * MINUTE_MS;
    expect(ar.poll()).toEqual({
      start: view.start + 2 * MINUTE_MS,
      end: view.end + 2 * MINUTE_MS,
    });
  });

  it('AR3: a Measurement chart with a time span resets unless the date is locked', () => {
    const { time, ar } = autoRefreshAt({
      chartType: 'Measurement',
      timeSpan: { factor: 1, unit: 'Days' },
      view: { start: 0, end: 1 },
      enabled: true,
    });
    time.now = T0 + MINUTE_MS;
    // A calendar day back across the DST change is 23 hours.
    expect(ar.poll()).toEqual({ start: time.now - 23 * HOUR_MS, end: time.now });
    ar.setDateLocked(true);
    const locked = ar.state.view;
    time.now += MINUTE_MS;
    expect(ar.poll()).toBeNull();
    expect(ar.state.view).toEqual(locked);
  });

  it('AR5: off stops all movement; on counts from the current minute', () => {
    const { time, ar } = autoRefreshAt({
      chartType: 'Measurement',
      timeSpan: null,
      view: { start: T0 - HOUR_MS, end: T0 },
    });
    expect(ar.state.enabled).toBe(false);
    time.now += 5 * MINUTE_MS;
    expect(ar.poll()).toBeNull();
    ar.setEnabled(true);
    expect(ar.poll()).toBeNull();
    time.now += MINUTE_MS;
    expect(ar.poll()).not.toBeNull();
    ar.setEnabled(false);
    time.now += MINUTE_MS;
    expect(ar.poll()).toBeNull();
  });

  it('AR6: while off, view changes are copied to the zoom range; while on they are not', () => {
    const first = { start: T0 - HOUR_MS, end: T0 };
    const { ar } = autoRefreshAt({
      chartType: 'LiveMeasurement',
      timeSpan: null,
      view: first,
    });
    ar.setViewRange({ start: 1, end: 2 });
    expect(ar.state.zoom).toEqual(first);
    ar.setEnabled(false);
    ar.setViewRange({ start: 3, end: 4 }, { custom: true });
    expect(ar.state.zoom).toEqual({ start: 3, end: 4 });
    expect(ar.state.custom).toBe(true);
  });

  it('AR7: the engine polls every 2 s through injected timers; stop is idempotent', () => {
    expect(AUTO_REFRESH_POLL_MS).toBe(2000);
    const { time, ar } = autoRefreshAt({
      chartType: 'LiveMeasurement',
      timeSpan: null,
      view: { start: T0 - HOUR_MS, end: T0 },
    });
    const moves: number[] = [];
    const stop = runAutoRefresh(ar, time, (v) => moves.push(v.end));
    time.advance(49_000); // 10:00:59: same minute
    expect(moves).toEqual([]);
    time.advance(2000); // poll at 10:01:00
    expect(moves).toEqual([T0 + 50_000]);
    time.advance(3 * MINUTE_MS);
    expect(moves).toHaveLength(4);
    stop();
    stop();
    expect(time.active).toBe(0);
    time.advance(5 * MINUTE_MS);
    expect(moves).toHaveLength(4);
  });
});
