/**
 * The alarm-performance figures (src/domain/alarmFigures.ts) against hand-computed alert
 * histories: every figure, the edges of its definition, the period's start and the
 * daylight-saving days of Europe/Berlin.
 */
import { describe, expect, it } from 'vitest';
import {
  computeAlarmFigures,
  quantileSorted,
  wallWindows,
} from '../../../src/domain/alarmFigures.ts';
import {
  ALARM_LIST_MAX,
  floodSpans,
  type AlarmPerformanceRequest,
} from '../../../src/domain/alarmPerformance.ts';
import type { Alert } from '../../../src/contract/alerts.ts';
import { alarm } from './fakeArchive.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 2026-11-02 00:00 in Berlin (CET, UTC+1). */
const START = Date.parse('2026-11-01T23:00:00Z');
const END = START + DAY;

function request(overrides: Partial<AlarmPerformanceRequest> = {}): AlarmPerformanceRequest {
  return { start: START, end: END, stationNumber: null, timeZone: 'Europe/Berlin', ...overrides };
}

function figures(rows: Alert[], overrides: Partial<AlarmPerformanceRequest> = {}) {
  return computeAlarmFigures(request(overrides), rows, { computedAt: 0 });
}

/** `n` alarms of PV `nr` from `at`, `gapMs` apart, ids from `firstId`. */
function burst(firstId: number, at: number, n: number, gapMs: number, nr = 100_001): Alert[] {
  return Array.from({ length: n }, (_, i) =>
    alarm(firstId + i, at + i * gapMs, { pvRef: { type: 'AnaIn', nr } }),
  );
}

describe('alarm figures', () => {
  it('AF1: an alarm at exactly hh:10:00.000 is in the next 10-minute window, one at 09:59.999 in this one', () => {
    const at = START + 3 * HOUR;
    const f = figures([alarm(1, at + 10 * MIN - 1), alarm(2, at + 10 * MIN), alarm(3, at + HOUR)]);
    const w = f.per10Min.starts.indexOf(at);
    expect(f.per10Min.counts.slice(w, w + 2)).toEqual([1, 1]);
    expect(f.per10Min.starts).toHaveLength(144);
    expect(f.perHour.starts).toHaveLength(24);
    const h = f.perHour.starts.indexOf(at);
    expect(f.perHour.counts.slice(h, h + 2)).toEqual([2, 1]);
    expect(f.total).toBe(3);
    expect(f.averagePerHour).toBeCloseTo(3 / 24, 12);
    expect(f.averagePer10Min).toBeCloseTo(3 / 144, 12);
    expect(f.averagePerDay).toBeCloseTo(3, 12);
    expect(f.peak10Min).toEqual({ start: at, count: 1 });
  });

  it('AF1: windows follow the wall clock of the zone (Kathmandu, UTC+5:45)', () => {
    const starts = wallWindows(
      Date.parse('2026-11-02T00:00:00Z'),
      Date.parse('2026-11-02T03:00:00Z'),
      HOUR,
      'Asia/Kathmandu',
    );
    expect(starts.map((t) => new Date(t).toISOString())).toEqual([
      '2026-11-01T23:15:00.000Z',
      '2026-11-02T00:15:00.000Z',
      '2026-11-02T01:15:00.000Z',
      '2026-11-02T02:15:00.000Z',
    ]);
  });

  it('AF1: the spring day in Berlin has 23 hour windows, 138 ten-minute windows and its average per 23 h', () => {
    const start = Date.parse('2026-03-28T23:00:00Z'); // 29 March 00:00 CET
    const end = Date.parse('2026-03-29T22:00:00Z'); // 30 March 00:00 CEST
    const rows = Array.from({ length: 46 }, (_, i) => alarm(i + 1, start + i * 30 * MIN));
    const f = figures(rows, { start, end });
    expect(f.hours).toBe(23);
    expect(f.perHour.starts).toHaveLength(23);
    expect(f.per10Min.starts).toHaveLength(138);
    // 01:00 CET is followed by 03:00 CEST, one hour later.
    expect(f.perHour.starts[1]! - f.perHour.starts[0]!).toBe(HOUR);
    expect(new Date(f.perHour.starts[2]!).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(f.perHour.counts.every((c) => c === 2)).toBe(true);
    expect(f.averagePerHour).toBe(2);
    expect(f.averagePerDay).toBeCloseTo(48, 12);
  });

  it('AF1: the autumn day in Berlin has 25 hour windows; 02:00 CEST and 02:00 CET are two windows', () => {
    const start = Date.parse('2026-10-24T22:00:00Z'); // 25 October 00:00 CEST
    const end = Date.parse('2026-10-25T23:00:00Z'); // 26 October 00:00 CET
    const first2 = Date.parse('2026-10-25T00:30:00Z'); // 02:30 CEST
    const second2 = Date.parse('2026-10-25T01:30:00Z'); // 02:30 CET
    const rows = [alarm(1, first2), alarm(2, second2), alarm(3, second2 + MIN)];
    const f = figures(rows, { start, end });
    expect(f.hours).toBe(25);
    expect(f.perHour.starts).toHaveLength(25);
    expect(f.per10Min.starts).toHaveLength(150);
    expect(new Date(f.perHour.starts[2]!).toISOString()).toBe('2026-10-25T00:00:00.000Z');
    expect(new Date(f.perHour.starts[3]!).toISOString()).toBe('2026-10-25T01:00:00.000Z');
    expect(f.perHour.counts.slice(2, 4)).toEqual([1, 2]);
    expect(f.averagePerHour).toBeCloseTo(3 / 25, 12);
  });

  it('AF3: 10 alarms in a window are no flood, 11 are', () => {
    const at = START + 5 * HOUR;
    expect(figures(burst(1, at, 10, 30_000)).floods).toEqual([]);
    const f = figures(burst(1, at, 11, 30_000));
    expect(f.floods).toEqual([
      expect.objectContaining({ start: at, end: at + 10 * MIN, count: 11, firstAt: at }),
    ]);
    expect(f.floods[0]!.first.key).toBe('pv:AnaIn:100001:Grenzwert überschritten');
    expect(f.floodShare).toBeCloseTo(1 / 144, 12);
  });

  it('AF3: adjacent flooded windows are one flood; a quiet window between makes two', () => {
    const at = START + 5 * HOUR;
    const rows = [
      ...burst(1, at + 5 * MIN, 11, 10_000, 100_002), // 10:05-10:06:40, first is 100002
      ...burst(100, at + 10 * MIN, 12, 10_000), // next window
      ...burst(200, at + 30 * MIN, 11, 10_000), // a window later, after a quiet one
    ];
    const f = figures(rows);
    expect(f.floods).toHaveLength(2);
    expect(f.floods[0]).toMatchObject({
      start: at,
      end: at + 20 * MIN,
      count: 23,
      firstAt: at + 5 * MIN,
    });
    expect(f.floods[0]!.first.pvRef).toEqual({ type: 'AnaIn', nr: 100_002 });
    expect(f.floods[1]).toMatchObject({ start: at + 30 * MIN, end: at + 40 * MIN, count: 11 });
    expect(f.floodShare).toBeCloseTo(3 / 144, 12);
    expect(f.peak10Min).toEqual({ start: at + 10 * MIN, count: 12 });
  });

  it('AF4: 3 alarms within exactly 60 s chatter, within 60.001 s they do not', () => {
    const at = START + HOUR;
    const chatter = figures([alarm(1, at), alarm(2, at + 30_000), alarm(3, at + 60_000)]);
    expect(chatter.chattering).toEqual([expect.objectContaining({ count: 3, maxPerMinute: 3 })]);
    const calm = figures([alarm(1, at), alarm(2, at + 30_000), alarm(3, at + 60_001)]);
    expect(calm.chattering).toEqual([]);
    // Another source in between does not make or break it.
    const mixed = figures([
      alarm(1, at),
      alarm(2, at + 10_000, { pvRef: { type: 'AnaIn', nr: 9 } }),
      alarm(3, at + 20_000, { pvRef: { type: 'AnaIn', nr: 9 } }),
      alarm(4, at + 30_000),
    ]);
    expect(mixed.chattering).toEqual([]);
  });

  it('AF4: the most alarms of one source in any minute', () => {
    const at = START + HOUR;
    const f = figures([...burst(1, at, 5, 20_000), ...burst(10, at + 10 * MIN, 2, 1_000)]);
    expect(f.chattering).toEqual([expect.objectContaining({ count: 7, maxPerMinute: 4 })]);
  });

  it('AF5: cleared 4,999 ms after raised is fleeting, 5,000 ms is not', () => {
    const at = START + HOUR;
    const f = figures([
      alarm(1, at, { clearedAt: at + 4_999, cleared: true }),
      alarm(2, at + HOUR, { clearedAt: at + HOUR + 5_000, cleared: true }),
      alarm(3, at + 2 * HOUR, { clearedAt: at + 2 * HOUR + 1_200, cleared: true }),
      alarm(4, at + 3 * HOUR, { pvRef: { type: 'AnaIn', nr: 7 }, clearedAt: null }),
    ]);
    expect(f.fleeting).toEqual([expect.objectContaining({ count: 2, shortestMs: 1_200 })]);
  });

  it('AF5: an alarm cleared only after the end is not fleeting', () => {
    const at = END - 1_000;
    expect(figures([alarm(1, at, { clearedAt: at + 2_000 })]).fleeting).toEqual([]);
  });

  it('AF6: standing is active more than 24 h, at the end or when it cleared', () => {
    const f = figures([
      alarm(1, END - DAY), // exactly 24 h at the end: not standing
      alarm(2, END - DAY - 1, { pvRef: { type: 'AnaIn', nr: 2 } }), // 24 h + 1 ms
      alarm(3, START - DAY + HOUR, {
        pvRef: { type: 'AnaIn', nr: 3 },
        clearedAt: START + HOUR, // exactly 24 h, cleared inside
      }),
      alarm(4, START - DAY + HOUR - 1, {
        pvRef: { type: 'AnaIn', nr: 4 },
        clearedAt: START + HOUR, // 24 h + 1 ms, cleared inside
      }),
      alarm(5, START - 3 * DAY, { pvRef: { type: 'AnaIn', nr: 5 }, clearedAt: START - 1 }),
    ]);
    expect(f.standing).toEqual([
      expect.objectContaining({ since: END - DAY - 1, activeMs: DAY + 1, active: true }),
      expect.objectContaining({ since: START - DAY + HOUR - 1, activeMs: DAY + 1, active: false }),
    ]);
    expect(f.standing[0]!.alarm.pvRef).toEqual({ type: 'AnaIn', nr: 2 });
  });

  it('AF2: alarms raised before the start are not counted, only found standing', () => {
    const f = figures([
      alarm(1, START - 2 * DAY), // still active: standing
      alarm(2, START - 1, { clearedAt: START + MIN }), // spans the start, cleared inside
      alarm(3, START),
      alarm(4, END), // the end is exclusive
    ]);
    expect(f.total).toBe(1);
    expect(f.top10.map((t) => t.count)).toEqual([1]);
    expect(f.neverAcknowledged.map((n) => n.id)).toEqual([3]);
    expect(f.standing.map((s) => s.since)).toEqual([START - 2 * DAY]);
    expect(f.standing[0]!.activeMs).toBe(3 * DAY);
  });

  it('AF8: 0-2 high, 3-4 medium, 5-9 low; the share against the recommended one', () => {
    const priorities = [0, 2, 3, 4, 5, 9, 9, 7, 6, 5];
    const f = figures(priorities.map((p, i) => alarm(i + 1, START + i * HOUR, { priority: p })));
    expect(f.perPriority).toEqual([1, 0, 1, 1, 1, 2, 1, 1, 0, 2]);
    expect(f.priorities).toEqual([
      { band: 'high', count: 2, share: 0.2, recommended: 0.05 },
      { band: 'medium', count: 2, share: 0.2, recommended: 0.15 },
      { band: 'low', count: 6, share: 0.6, recommended: 0.8 },
    ]);
  });

  it('AF7: acknowledge times per band: median and p90 of one, two and five values; none is null', () => {
    const at = START + HOUR;
    const acked = (id: number, priority: number, afterMs: number) =>
      alarm(id, at + id * MIN, { priority, acknowledgedAt: at + id * MIN + afterMs });
    const f = figures([
      acked(1, 0, 40_000),
      acked(2, 3, 10_000),
      acked(3, 4, 20_000),
      ...[50, 10, 40, 20, 30].map((s, i) => acked(10 + i, 8, s * 1000)),
    ]);
    expect(f.ackTimes).toEqual([
      { band: 'high', acknowledged: 1, medianMs: 40_000, p90Ms: 40_000 },
      { band: 'medium', acknowledged: 2, medianMs: 15_000, p90Ms: 19_000 },
      { band: 'low', acknowledged: 5, medianMs: 30_000, p90Ms: 46_000 },
    ]);
    const none = figures([alarm(1, at)]);
    expect(none.ackTimes[0]).toEqual({
      band: 'high',
      acknowledged: 0,
      medianMs: null,
      p90Ms: null,
    });
    expect(quantileSorted([], 0, 0.5)).toBeNull();
  });

  it('AF7: acknowledged after the end counts as never acknowledged; newest first', () => {
    const f = figures([
      alarm(1, START + HOUR, { acknowledgedAt: START + 2 * HOUR }),
      alarm(2, START + 2 * HOUR, { acknowledgedAt: END }),
      alarm(3, START + 3 * HOUR),
    ]);
    expect(f.neverAcknowledged.map((n) => n.id)).toEqual([3, 2]);
    expect(f.neverAcknowledgedCount).toBe(2);
    expect(f.ackTimes[2]).toMatchObject({ acknowledged: 1, medianMs: HOUR });
  });

  it('AF7: the never-acknowledged list is capped, the count is not', () => {
    const rows = burst(1, START, ALARM_LIST_MAX + 5, 1_000);
    const f = figures(rows);
    expect(f.neverAcknowledged).toHaveLength(ALARM_LIST_MAX);
    expect(f.neverAcknowledged[0]!.id).toBe(ALARM_LIST_MAX + 5);
    expect(f.neverAcknowledgedCount).toBe(ALARM_LIST_MAX + 5);
  });

  it('AF13: of 1,500 fleeting alarms the answer lists the first ALARM_LIST_MAX and counts 1,500; asked whole, it lists all', () => {
    // 1,500 sources, one fleeting alarm each, cleared after 100 ms + 1 ms per source: the
    // list runs from the shortest.
    const rows = Array.from({ length: 1_500 }, (_, i) =>
      alarm(i + 1, START + i * 30_000, {
        pvRef: { type: 'AnaIn', nr: 200_001 + i },
        clearedAt: START + i * 30_000 + 100 + (1_499 - i),
      }),
    );
    const capped = figures(rows);
    const whole = computeAlarmFigures(request(), rows, { computedAt: 0, listMax: Infinity });
    expect(ALARM_LIST_MAX).toBeGreaterThanOrEqual(100);
    expect(ALARM_LIST_MAX).toBeLessThanOrEqual(1_000);
    expect(capped.fleeting).toHaveLength(ALARM_LIST_MAX);
    expect(capped.fleetingCount).toBe(1_500);
    expect(whole.fleeting).toHaveLength(1_500);
    expect(whole.fleetingCount).toBe(1_500);
    expect(new Set(whole.fleeting.map((f) => f.alarm.key)).size).toBe(1_500);
    expect(whole.fleeting[0]).toMatchObject({ count: 1, shortestMs: 100 });
    expect(capped.fleeting).toEqual(whole.fleeting.slice(0, ALARM_LIST_MAX));
    // Every figure but the lists is the same.
    const { fleeting: _f, neverAcknowledged: _n, ...cappedRest } = capped;
    const { fleeting: _wf, neverAcknowledged: _wn, ...wholeRest } = whole;
    expect(cappedRest).toEqual(wholeRest);
    expect(whole.neverAcknowledged).toHaveLength(1_500);
    expect(capped.neverAcknowledgedCount).toBe(1_500);
  });

  it('AF13: the chattering, standing and never-acknowledged lists keep their first rows in order, counts of all', () => {
    const rows = [
      // Chattering: source 1 four times in a minute, source 2 three times.
      ...burst(1, START + HOUR, 4, 10_000, 1),
      ...burst(5, START + 2 * HOUR, 3, 10_000, 2),
      ...burst(8, START + 3 * HOUR, 3, 20_000, 3),
      // Standing: three alarms of the lookback, still active, raised 3, 2 and 4 days back.
      alarm(20, START - 3 * DAY, { pvRef: { type: 'AnaIn', nr: 20 } }),
      alarm(21, START - 2 * DAY, { pvRef: { type: 'AnaIn', nr: 21 } }),
      alarm(22, START - 4 * DAY, { pvRef: { type: 'AnaIn', nr: 22 } }),
    ];
    const whole = computeAlarmFigures(request(), rows, { computedAt: 0, listMax: Infinity });
    const two = computeAlarmFigures(request(), rows, { computedAt: 0, listMax: 2 });
    expect(whole.chattering.map((c) => c.alarm.pvRef!.nr)).toEqual([1, 2, 3]);
    expect(two.chattering).toEqual(whole.chattering.slice(0, 2));
    expect(two.chatteringCount).toBe(3);
    expect(whole.standing.map((s) => s.alarm.pvRef!.nr)).toEqual([22, 20, 21]);
    expect(two.standing).toEqual(whole.standing.slice(0, 2));
    expect(two.standingCount).toBe(3);
    expect(two.neverAcknowledged).toEqual(whole.neverAcknowledged.slice(0, 2));
    expect(two.neverAcknowledgedCount).toBe(10);
    expect(two.fleetingCount).toBe(0);
  });

  it('AF13: of 150 floods the answer lists the first ALARM_LIST_MAX and counts 150; asked whole, it lists all; the chart finds every one in the 10-minute series', () => {
    // Three days; a flood every 20 minutes (11 alarms in one window, the next window quiet),
    // but the last of the 150 is two adjacent flooded windows (one flood of 22).
    const end = START + 3 * DAY;
    const rows: Alert[] = [];
    for (let k = 0; k < 150; k++) {
      const at = START + k * 20 * MIN;
      rows.push(...burst(rows.length + 1, at, 11, 30_000, 100_001 + k));
      if (k === 149) rows.push(...burst(rows.length + 1, at + 10 * MIN, 11, 30_000, 100_001 + k));
    }
    const capped = figures(rows, { end });
    const whole = computeAlarmFigures(request({ end }), rows, { computedAt: 0, listMax: Infinity });
    expect(whole.floods).toHaveLength(150);
    expect(whole.floodCount).toBe(150);
    expect(whole.floods.at(-1)).toMatchObject({
      count: 22,
      end: START + 149 * 20 * MIN + 20 * MIN,
    });
    expect(capped.floods).toHaveLength(ALARM_LIST_MAX);
    expect(capped.floodCount).toBe(150);
    expect(capped.floods).toEqual(whole.floods.slice(0, ALARM_LIST_MAX));
    expect(capped.floods[ALARM_LIST_MAX - 1]!.first.pvRef!.nr).toBe(100_000 + ALARM_LIST_MAX);
    // Every figure but the lists (here chattering, standing, never acknowledged too) is the same.
    const lists = ['floods', 'chattering', 'standing', 'neverAcknowledged'] as const;
    const rest = (f: typeof whole) =>
      Object.fromEntries(
        Object.entries(f).filter(([key]) => !(lists as readonly string[]).includes(key)),
      );
    expect(rest(capped)).toEqual(rest(whole));
    const spans = whole.floods.map(({ start, end: to }) => ({ start, end: to }));
    expect(floodSpans(capped.per10Min, end)).toEqual(spans);
    // A flood in the period's last window ends at the period's end.
    const late = figures(burst(1, END - 5 * MIN, 11, 10_000));
    expect(floodSpans(late.per10Min, END)).toEqual([{ start: END - 10 * MIN, end: END }]);
    expect(late.floods.map(({ start, end: to }) => ({ start, end: to }))).toEqual([
      { start: END - 10 * MIN, end: END },
    ]);
  });

  it('AF9: the 10 most frequent sources, their shares; ties by key', () => {
    const rows: Alert[] = [];
    let id = 1;
    // Source nr k raises k alarms (k = 1..12): 78 in all.
    for (let k = 1; k <= 12; k++)
      for (let i = 0; i < k; i++)
        rows.push(alarm(id++, START + k * HOUR + i * 2 * MIN, { pvRef: { type: 'AnaIn', nr: k } }));
    rows.push(alarm(id, START + 20 * HOUR, { pvRef: { type: 'AnaIn', nr: 13 } }));
    const f = figures(rows);
    expect(f.total).toBe(79);
    expect(f.top10.map((t) => t.alarm.pvRef!.nr)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(f.top10[0]!.share).toBeCloseTo(12 / 79, 12);
    expect(f.top10Share).toBeCloseTo(75 / 79, 12);
    // A source's identity: its text and the priority of its latest alarm.
    expect(f.top10[0]!.alarm).toMatchObject({
      key: 'pv:AnaIn:12:Grenzwert überschritten',
      sourceName: 'Messung 12',
      stationName: 'Wasserwerk Nord',
    });
    const latest = figures([
      alarm(1, START, { priority: 9 }),
      alarm(2, START + HOUR, { priority: 2 }),
      alarm(3, END + HOUR, { priority: 0 }), // after the end: not its latest in the period
    ]);
    expect(latest.top10[0]!.alarm.priority).toBe(2);
    // Same PV, other text: another source.
    const two = figures([alarm(1, START), alarm(2, START + 1, { text: 'Störung Pumpe' })]);
    expect(two.top10).toHaveLength(2);
    // Non-PV sources are keyed by their binding.
    const binding = figures([
      alarm(1, START, { pvRef: null, source: { type: 'StationConnection', stationNumber: 4 } }),
      alarm(2, START + 1, { pvRef: null, source: { type: 'StationConnection', stationNumber: 4 } }),
    ]);
    expect(binding.top10).toEqual([
      expect.objectContaining({
        count: 2,
        alarm: expect.objectContaining({ key: 'src:StationConnection:4:Grenzwert überschritten' }),
      }),
    ]);
  });

  it('AF10: one station counts only its alarms', () => {
    const f = figures(
      [alarm(1, START, { stationNumber: 1 }), alarm(2, START + 1, { stationNumber: 2 })],
      { stationNumber: 2 },
    );
    expect(f.total).toBe(1);
    expect(f.top10[0]!.alarm.stationNumber).toBe(2);
  });

  it('AF11: an empty period has every window at zero and no findings', () => {
    const f = figures([]);
    expect(f).toMatchObject({
      total: 0,
      hours: 24,
      averagePerHour: 0,
      peak10Min: null,
      floodShare: 0,
      floods: [],
      floodCount: 0,
      top10: [],
      top10Share: 0,
      chattering: [],
      chatteringCount: 0,
      fleeting: [],
      fleetingCount: 0,
      standing: [],
      standingCount: 0,
      neverAcknowledged: [],
      neverAcknowledgedCount: 0,
      truncated: false,
    });
    expect(f.per10Min.counts).toEqual(new Array(144).fill(0));
    expect(f.priorities.map((p) => p.share)).toEqual([0, 0, 0]);
    expect(f.ackTimes.map((a) => a.medianMs)).toEqual([null, null, null]);
    const zero = figures([], { end: START });
    expect(zero).toMatchObject({ hours: 0, averagePerHour: 0, floodShare: 0 });
    expect(zero.perHour.starts).toEqual([]);
  });

  it('AF12: a truncated archive read is said so; rows in any order give the same figures', () => {
    const rows = [
      ...burst(1, START + HOUR, 12, 5_000),
      alarm(50, START + 2 * HOUR, { priority: 1, acknowledgedAt: START + 3 * HOUR }),
    ];
    const sorted = computeAlarmFigures(request(), rows, { computedAt: 0, truncated: true });
    expect(sorted.truncated).toBe(true);
    const shuffled = computeAlarmFigures(request(), [...rows].reverse(), {
      computedAt: 0,
      truncated: true,
    });
    expect(shuffled).toEqual(sorted);
  });
});
