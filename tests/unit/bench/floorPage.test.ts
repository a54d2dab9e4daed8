/** The floor pages' numbers (bench/baseline/floor/snapshot.ts): written as Pegel's texts were. */
import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_FRAME_MS,
  holdFor,
  bannerCounts,
  bannerCountTemplate,
  numberTemplate,
  planRows,
  readNumber,
  scaleFraction,
  STATION_AGE_GRACE_MS,
  STATION_TIME_STEP_MS,
  stationAgeStep,
  stationAgeText,
  stationOfPath,
} from '../../../bench/baseline/floor/snapshot.ts';
import { formatAge, nextAgeStepMs } from '../../../src/domain/format.ts';
import { DASHBOARD_FLUSH_INTERVAL_MS } from '../../../src/features/dashboard/DashboardPage.tsx';
import * as shownAge from '../../../src/features/stations/shownAge.ts';
import { STATION_TIMESTAMP_STEP_MS } from '../../../workers/TabCoalescer.ts';
import { alertCounts, AlertRows } from '../../../workers/alerts/alertRows.ts';
import de from '../../../locales/de.json';
import { makeAlert, makeAlerts, T0 } from '../alerts/alertFixtures.ts';

describe('floor page numbers', () => {
  it.each([
    ['12,34', 'de', 7.5, '7,50'],
    ['12,34 m³/h', 'de', 101.256, '101,26 m³/h'],
    ['-3,1\u00a0bar', 'de', 2, '2,0\u00a0bar'],
    ['1.234', 'de', 5.6, '6'],
    ['12.5 %', 'en', 99.94, '99.9 %'],
    ['—', 'de', 3.14159, '3,14'],
    ['', 'en', 1, '1.00'],
  ])('BENCH-FLOOR1: a value in the shape of %j (%s): %d → %j', (shown, lang, value, written) => {
    expect(numberTemplate(shown, lang)(value)).toBe(written);
  });

  it('BENCH-FLOOR2: a gauge’s scale read back in its language, and where a value stands on it', () => {
    expect(readNumber('1.000', 'de')).toBe(1000);
    expect(readNumber('1,000.5', 'en')).toBe(1000.5);
    expect(readNumber('-2,5', 'de')).toBe(-2.5);
    expect(readNumber('150', 'en')).toBe(150);
    expect(readNumber('', 'de')).toBeNull();
    expect(readNumber(null, 'de')).toBeNull();
    expect(readNumber('—', 'de')).toBeNull();
    expect(scaleFraction(75, 0, 150)).toBe(0.5);
    expect(scaleFraction(-5, 0, 150)).toBe(0);
    expect(scaleFraction(200, 0, 150)).toBe(1);
    expect(scaleFraction(1, null, 150)).toBeNull();
    expect(scaleFraction(1, 5, 5)).toBeNull();
  });

  it('BENCH-FLOOR3: the station page floor writes the station’s age as Pegel does, and knows its station', () => {
    expect(STATION_AGE_GRACE_MS).toBe(shownAge.STATION_AGE_GRACE_MS);
    expect(STATION_TIME_STEP_MS).toBe(STATION_TIMESTAMP_STEP_MS);
    const words = (ms: number) => formatAge(ms, 'de');
    const pegel = shownAge.stationAgeWords(words);
    const floor = stationAgeText(words);
    for (const ms of [0, 999, 1000, 1999, 2000, 59_999, 60_000, 3_600_000])
      expect(floor(ms)).toBe(pegel(ms));
    // Under the grace the text stays: the next change is when it ends, not at each second.
    const step = stationAgeStep(nextAgeStepMs);
    expect(step(0)).toBe(STATION_AGE_GRACE_MS);
    expect(step(1500)).toBe(STATION_AGE_GRACE_MS);
    expect(step(STATION_AGE_GRACE_MS + 500)).toBe(STATION_AGE_GRACE_MS + 1000);
    expect(step(61_000)).toBe(120_000);
    expect(floor(step(1500) - 1)).toBe(floor(0));
    expect(floor(step(1500))).not.toBe(floor(0));
    expect(stationOfPath('/stations/12')).toBe(12);
    expect(stationOfPath('/stations/3/pvs')).toBe(3);
    expect(stationOfPath('/dashboards/1')).toBeNull();
  });

  it('BENCH-FLOOR4: the alert list floor moves its rows: a new alert takes the last row, the others keep theirs', () => {
    // One new alert at the top: the last row goes out and comes in again at the top.
    expect(planRows([5, 4, 3, 2], [6, 5, 4, 3])).toEqual([
      { from: 3, write: true },
      { from: 0, write: false },
      { from: 1, write: false },
      { from: 2, write: false },
    ]);
    // Two in a frame: the last two rows, the last first.
    expect(planRows([5, 4, 3, 2], [7, 6, 5, 4]).map((m) => m.from)).toEqual([3, 2, 0, 1]);
    // Nothing new: every row stays, nothing written.
    expect(planRows([3, 2, 1], [3, 2, 1])).toEqual(
      [0, 1, 2].map((from) => ({ from, write: false })),
    );
    // An alert gone from the middle: the rows below move up, the freed row takes the new one.
    expect(planRows([5, 4, 3, 2], [6, 5, 3, 2])).toEqual([
      { from: 1, write: true },
      { from: 0, write: false },
      { from: 2, write: false },
      { from: 3, write: false },
    ]);
    // Empty rows first, fewer alerts than rows, more alerts than rows.
    expect(planRows([null, null], [9])).toEqual([{ from: 1, write: true }]);
    expect(planRows([2, 1], [4, 3, 2, 1])).toEqual([
      { from: 1, write: true },
      { from: 0, write: true },
    ]);
  });

  it('BENCH-FLOOR5: the alert list floor writes the header banner’s counts and top alarm as Pegel’s banner does, and a new alert changes them', () => {
    const alerts = makeAlerts(300, 5).map((a, i) =>
      i % 7 === 0 ? { ...a, state: 'acknowledged' as const } : a,
    );
    const pegel = (list: typeof alerts) => {
      const rows = new AlertRows();
      rows.upsertMany(list);
      const c = alertCounts(rows, true);
      return { pending: c.pending, top: c.top };
    };
    // The same counts and the same alert named as Pegel's engine takes them.
    expect(bannerCounts(alerts)).toEqual(pegel(alerts));
    // The copy's texts as Pegel's banner wrote them, then a new alert of the top priority.
    const pendingWords = (n: number) =>
      de.alerts.banner.pending_other.replace('{{count}}', String(n));
    const before = bannerCounts(alerts);
    const count = bannerCountTemplate(pendingWords(before.pending));
    const short = bannerCountTemplate(`⚠ ${before.pending}`);
    expect(count(before.pending)).toBe(pendingWords(before.pending));
    const next = makeAlert(10_000, {
      timestamp: T0 + 1e9,
      priority: 0,
      text: 'Neu: Druck zu hoch',
    });
    const after = bannerCounts([...alerts, next]);
    expect(after).toEqual(pegel([...alerts, next]));
    expect(after.pending).toBe(before.pending + 1);
    expect(count(after.pending)).toBe(pendingWords(before.pending + 1));
    expect(count(after.pending)).not.toBe(count(before.pending));
    expect(short(after.pending)).toBe(`⚠ ${before.pending + 1}`);
    expect(after.top?.id).toBe(10_000);
    // Written as i18next writes {{count}}: no grouping.
    expect(bannerCountTemplate('⚠ 12')(12_345)).toBe('⚠ 12345');
  });
});

describe('the dashboard floor’s frames', () => {
  it('BENCH-FLOOR6: values go to the page at most as often as Pegel’s dashboard takes frames', () => {
    expect(DASHBOARD_FRAME_MS).toBe(DASHBOARD_FLUSH_INTERVAL_MS);
    // Held until the interval since the last message has passed; the first not at all.
    expect(holdFor(1000, DASHBOARD_FRAME_MS, 1100)).toBe(150);
    expect(holdFor(1000, DASHBOARD_FRAME_MS, 1250)).toBe(0);
    expect(holdFor(Number.NEGATIVE_INFINITY, DASHBOARD_FRAME_MS, 5)).toBe(0);
    // Other views take values at each pull.
    expect(holdFor(1000, 0, 1000)).toBe(0);
  });
});
