/**
 * The pure parts of `/alerts/performance` (src/features/alerts/performance): the choice kept
 * in the address, the verdict of each figure against its benchmark, the table rows with their
 * empty reasons, and the exported sheet. Figures come from the engine's own computation over
 * hand-made alert histories, so the page is tested against the shapes it really gets.
 */
import { describe, expect, it } from 'vitest';
import { computeAlarmFigures } from '../../../src/domain/alarmFigures.ts';
import type { AlarmPerformance } from '../../../src/domain/alarmPerformance.ts';
import type { Alert } from '../../../src/contract/alerts.ts';
import { formatAge, formatDateTime, formatNumber } from '../../../src/domain/format.ts';
import type { Formatters } from '../../../src/app/useFormat.ts';
import {
  choiceFromParams,
  choiceToParams,
  requestOf,
} from '../../../src/features/alerts/performance/performanceChoice.ts';
import {
  durationText,
  figuresOf,
  priorityVerdict,
} from '../../../src/features/alerts/performance/performanceFigures.ts';
import {
  NEVER_ACK_SHOWN,
  ROWS_PER_STEP,
  TABLE_COUNT,
  alarmName,
  historyHref,
  isEmptyTable,
  performanceTables,
  rowsAfterStep,
  tableStepCount,
} from '../../../src/features/alerts/performance/performanceTables.ts';
import { performanceSheet } from '../../../src/features/alerts/performance/performanceExport.ts';
import { toCsv } from '../../../src/features/shared/csv.ts';
import { translatorIn } from '../i18n/allTextsRuntime.ts';
import { alarm } from '../alarmPerformance/fakeArchive.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** 2026-11-02 00:00 in Berlin. */
const START = Date.parse('2026-11-01T23:00:00Z');
const ZONE = 'Europe/Berlin';

/** The figures as the engine answers the page (the first rows of each list); `whole` as the export gets them. */
function performance(rows: Alert[], days = 1, whole = false): AlarmPerformance {
  return computeAlarmFigures(
    { start: START, end: START + days * DAY, stationNumber: null, timeZone: ZONE },
    rows,
    { computedAt: START + days * DAY, ...(whole ? { listMax: Infinity } : {}) },
  );
}

const format: Formatters = {
  locale: 'de',
  timeZone: ZONE,
  number: (v, d) => formatNumber(v, d, 'de'),
  dateTime: (at, o) => formatDateTime(at, 'de', { ...o, timeZone: ZONE }),
  age: (ms) => formatAge(ms, 'de'),
};
const t = translatorIn('de');
const names = (level: number) => ['Kritisch', 'Sehr hoch', 'Hoch'][level] ?? '';

/** `n` alarms of PV `nr`, `gapMs` apart from `at`, acknowledged after a minute. */
function burst(firstId: number, at: number, n: number, gapMs: number, nr: number, priority = 7) {
  return Array.from({ length: n }, (_, i) =>
    alarm(firstId + i, at + i * gapMs, {
      pvRef: { type: 'AnaIn', nr },
      sourceName: `Messung ${nr}`,
      priority,
      state: 'acknowledged',
      acknowledgedBy: 'operator',
      acknowledgedAt: at + i * gapMs + MIN,
      cleared: true,
      clearedAt: at + i * gapMs + 10 * MIN,
    }),
  );
}

describe('alarm performance page', () => {
  it('APG1: the choice survives the address; unreadable parts fall back to 7 days of the whole plant', () => {
    const custom = {
      period: 'custom' as const,
      start: Date.parse('2026-11-01T00:00:00Z'),
      end: Date.parse('2026-11-08T00:00:00Z'),
      station: 3,
    };
    expect(choiceFromParams(choiceToParams(custom))).toEqual(custom);
    expect(choiceToParams(custom).toString()).toBe(
      'period=custom&start=2026-11-01T00%3A00%3A00.000Z&end=2026-11-08T00%3A00%3A00.000Z&station=3',
    );
    expect(choiceFromParams(new URLSearchParams('period=30d'))).toEqual({
      period: '30d',
      station: null,
    });
    for (const bad of ['', 'period=1y', 'period=custom&start=x&end=y', 'station=abc&period=7d'])
      expect(choiceFromParams(new URLSearchParams(bad))).toEqual({ period: '7d', station: null });
    // A custom period that ends before it starts is no period.
    expect(
      choiceFromParams(new URLSearchParams('period=custom&start=2026-11-08&end=2026-11-01')),
    ).toEqual({ period: '7d', station: null });
    // Epoch milliseconds are read too (what other pages write).
    expect(
      choiceFromParams(new URLSearchParams(`period=custom&start=${START}&end=${START + DAY}`)),
    ).toMatchObject({ start: START, end: START + DAY });
  });

  it('APG2: a period ending now ends at now; a custom period is asked as chosen, with the zone', () => {
    const now = START + 5 * DAY;
    expect(requestOf({ period: '24h', station: null }, now, ZONE)).toEqual({
      start: now - DAY,
      end: now,
      stationNumber: null,
      timeZone: ZONE,
    });
    expect(requestOf({ period: '30d', station: 2 }, now, ZONE)).toMatchObject({
      start: now - 30 * DAY,
      stationNumber: 2,
    });
    expect(
      requestOf({ period: 'custom', start: 1, end: 2, station: null }, now, 'UTC'),
    ).toMatchObject({ start: 1, end: 2, timeZone: 'UTC' });
  });

  it('APG3: a quiet day is within every benchmark; the priority mix of no alarm is not judged', () => {
    const quiet = performance(burst(1, START + HOUR, 12, HOUR, 100_001));
    const verdicts = Object.fromEntries(figuresOf(quiet).map((f) => [f.id, f.verdict]));
    expect(verdicts).toMatchObject({
      perHour: 'within',
      per10Min: 'within',
      perDay: 'within',
      peak10Min: 'within',
      floodShare: 'within',
      chattering: 'within',
      fleeting: 'within',
      standing: 'within',
    });
    // One source makes all alarms: the top 10 are 100 % of them.
    expect(verdicts.top10Share).toBe('outside');
    const none = performance([]);
    expect(figuresOf(none).find((f) => f.id === 'priorities')!.verdict).toBe('none');
    expect(figuresOf(none).filter((f) => f.verdict === 'outside')).toEqual([]);
  });

  it('APG4: 11 alarms in 10 minutes are a flood and a peak above 10; 3 in a minute chatter', () => {
    const at = START + 10 * HOUR;
    // One flooded window of a day's 144 is 0.7 %, within "about 1 %"; two are 1.4 %.
    const one = performance(burst(1, at, 11, 50_000, 100_002));
    expect(figuresOf(one).find((f) => f.id === 'floodShare')!.verdict).toBe('within');
    const rows = [
      ...burst(1, at, 11, 50_000, 100_002),
      ...burst(50, at + 10 * MIN, 11, 50_000, 100_004),
      ...burst(100, START + 2 * HOUR, 3, 20_000, 100_003),
    ];
    const p = performance(rows);
    const byId = Object.fromEntries(figuresOf(p).map((f) => [f.id, f]));
    expect(byId.peak10Min).toMatchObject({ value: 11, limit: 10, verdict: 'outside' });
    expect(byId.floodShare!.verdict).toBe('outside');
    expect(byId.floodShare!.value).toBeCloseTo(2 / 144);
    expect(byId.chattering).toMatchObject({ verdict: 'outside' });
    expect(byId.chattering!.value).toBeGreaterThanOrEqual(1);
    const floods = performanceTables(p, t, format, names).find((x) => x.id === 'floods')!;
    // Adjacent flooded windows are one flood: 20 minutes, 22 alarms, from 10:00 plant time.
    expect(floods.rows).toHaveLength(1);
    expect(floods.rows[0]![0]!.text).toBe('02.11.2026, 10:00');
    expect(floods.rows[0]![1]).toEqual({ text: '20 Min.', value: 1200 });
    expect(floods.rows[0]![2]).toEqual({ text: '22', value: 22 });
  });

  it('APG5: the priority mix is out of line when high or medium holds more than twice the recommended share', () => {
    const mix = (high: number, medium: number, low: number) =>
      performance([
        ...burst(1, START, high, 15 * MIN, 100_010, 1),
        ...burst(1000, START + MIN, medium, 15 * MIN, 100_011, 3),
        ...burst(2000, START + 2 * MIN, low, 5 * MIN, 100_012, 8),
      ]);
    expect(priorityVerdict(mix(1, 3, 16))).toBe('within'); // 5 / 15 / 80
    expect(priorityVerdict(mix(2, 6, 12))).toBe('within'); // 10 / 30 / 60: exactly twice
    expect(priorityVerdict(mix(3, 3, 14))).toBe('outside'); // 15 % high
    expect(priorityVerdict(mix(1, 7, 12))).toBe('outside'); // 35 % medium
  });

  it('APG6: an alarm is named once, and links to its PV history or its station history', () => {
    const base = {
      key: 'k',
      source: null,
      stationNumber: 4,
      priority: 2,
    };
    /** The name of an alarm of Station Süd without a PV. */
    const nameOf = (sourceName: string, text: string) =>
      alarmName({ ...base, pvRef: null, stationName: 'Station Süd', sourceName, text });
    expect(nameOf('Pumpe 2 Störung', 'Station Süd: Pumpe 2 Störung')).toBe(
      'Station Süd: Pumpe 2 Störung',
    );
    expect(nameOf('Druck', 'Druck zu hoch')).toBe('Station Süd: Druck zu hoch');
    expect(nameOf('Druck', 'Grenzwert überschritten')).toBe(
      'Station Süd: Druck – Grenzwert überschritten',
    );
    const pv = {
      ...base,
      pvRef: { type: 'AnaIn' as const, nr: 100_001 },
      stationName: '',
      sourceName: '',
      text: '',
    };
    expect(historyHref(pv)).toBe('/alerts/history?pv=AnaIn-100001');
    expect(historyHref({ ...pv, pvRef: null })).toBe('/alerts/history?station=4');
    expect(historyHref({ ...pv, pvRef: null, stationNumber: null })).toBeUndefined();
  });

  it('APG7: every empty table says why, in words', () => {
    const p = performance([]);
    const tables = performanceTables(p, t, format, names);
    expect(tables.map((x) => x.id)).toEqual([
      'floods',
      'top10',
      'chattering',
      'fleeting',
      'standing',
      'bands',
      'levels',
      'ackTimes',
      'neverAcknowledged',
    ]);
    // The page draws the tables one step each, as many steps as there are tables.
    expect(tables).toHaveLength(TABLE_COUNT);
    for (const table of tables) {
      expect(isEmptyTable(table, p), table.id).toBe(true);
      expect(table.empty.title, table.id).not.toMatch(/alerts\.performance/);
      expect(table.empty.reason.length, table.id).toBeGreaterThan(10);
    }
    expect(tables[0]!.empty.title).toBe('Kein Alarmschwall im Zeitraum');
  });

  it('APG8: never-acknowledged alarms show the first 100 on the page; the export writes them all', () => {
    const rows = Array.from({ length: 130 }, (_, i) => alarm(i + 1, START + i * 5 * MIN));
    // The page's figures hold the first 100 with the count of all.
    const shown = performanceTables(performance(rows), t, format, names);
    const first = shown.find((x) => x.id === 'neverAcknowledged')!;
    expect(first.rows).toHaveLength(NEVER_ACK_SHOWN);
    expect(first.shownRows).toBe(NEVER_ACK_SHOWN);
    expect(first.total).toBe(130);
    // The export's figures hold all of them.
    const p = performance(rows, 1, true);
    const tables = performanceTables(p, t, format, names);
    const never = tables.find((x) => x.id === 'neverAcknowledged')!;
    expect(never.rows).toHaveLength(130);
    expect(never.shownRows).toBe(NEVER_ACK_SHOWN);
    // The page makes only the rows it draws, however long a list it holds, and counts them all.
    const drawn = performanceTables(p, t, format, names, undefined, NEVER_ACK_SHOWN);
    const neverDrawn = drawn.find((x) => x.id === 'neverAcknowledged')!;
    expect(neverDrawn.rows).toEqual(never.rows.slice(0, NEVER_ACK_SHOWN));
    expect(neverDrawn.total).toBe(130);
    // Every long list is answered and drawn in part the same way (fleeting lists can be long
    // too): 150 fleeting sources, 100 listed, counted and judged as 150.
    const flickering = Array.from({ length: 150 }, (_, i) =>
      alarm(1_000 + i, START + i * 5 * MIN, {
        pvRef: { type: 'AnaIn', nr: 300_001 + i },
        clearedAt: START + i * 5 * MIN + 900,
      }),
    );
    const page = performance(flickering);
    const fleetingTable = performanceTables(page, t, format, names).find(
      (x) => x.id === 'fleeting',
    )!;
    expect(fleetingTable.rows).toHaveLength(NEVER_ACK_SHOWN);
    expect(fleetingTable.total).toBe(150);
    expect(figuresOf(page).find((f) => f.id === 'fleeting')!.value).toBe(150);
    const wholeFleeting = performanceTables(performance(flickering, 1, true), t, format, names);
    expect(wholeFleeting.find((x) => x.id === 'fleeting')!.rows).toHaveLength(150);
    // Floods too: 120 floods (11 alarms every 20 minutes over two days), 100 drawn, 120 counted.
    const flooding = Array.from({ length: 120 * 11 }, (_, i) =>
      alarm(5_000 + i, START + Math.floor(i / 11) * 20 * MIN + (i % 11) * 30_000),
    );
    const floodTable = performanceTables(performance(flooding, 2), t, format, names).find(
      (x) => x.id === 'floods',
    )!;
    expect(floodTable.rows).toHaveLength(NEVER_ACK_SHOWN);
    expect(floodTable.total).toBe(120);
    const wholeFloods = performanceTables(performance(flooding, 2, true), t, format, names);
    expect(wholeFloods.find((x) => x.id === 'floods')!.rows).toHaveLength(120);
    const sheet = performanceSheet(p, tables, t, format, 'Ganze Anlage');
    const csv = toCsv(sheet[0]!.map(String), sheet.slice(1));
    expect(csv).toContain('Nie quittierte Alarme');
    expect(
      csv.split('\r\n').filter((l) => l.startsWith('02.11.2026') || l.startsWith('03.11.2026'))
        .length,
    ).toBeGreaterThanOrEqual(130);
  });

  it('APG9: the sheet holds the period, each figure with benchmark and verdict, and every table', () => {
    const p = performance(burst(1, START + HOUR, 30, 20 * MIN, 100_001));
    const tables = performanceTables(p, t, format, names);
    const sheet = performanceSheet(p, tables, t, format, 'Wasserwerk Nord');
    expect(sheet[0]).toEqual(['Alarmkennzahlen']);
    expect(sheet).toContainEqual(['Station', 'Wasserwerk Nord']);
    expect(sheet).toContainEqual(['Alarme', 30]);
    expect(sheet).toContainEqual(['Alarme je Stunde', 1.25, '≤ 6', 'Im Richtwert']);
    expect(sheet).toContainEqual([
      'Anteil der 10 häufigsten',
      1,
      '5 %',
      'Außerhalb des Richtwerts',
    ]);
    expect(sheet).toContainEqual(['Stehende Alarme', 0, '< 5', 'Im Richtwert']);
    const top = sheet.findIndex((r) => r[0] === 'Die 10 häufigsten Alarme');
    expect(sheet[top + 1]).toEqual(['Rang', 'Alarm', 'Priorität', 'Anzahl', 'Anteil']);
    expect(sheet[top + 2]).toEqual([
      1,
      'Wasserwerk Nord: Messung 100001 – Grenzwert überschritten',
      7,
      30,
      1,
    ]);
    for (const table of tables)
      expect(
        sheet.some((r) => r[0] === table.title),
        table.id,
      ).toBe(true);
  });

  it('APG10: durations read in the two largest units, fleeting ones in tenths of a second', () => {
    expect(durationText(2_450, 'de')).toBe('2,5 Sek.');
    expect(durationText(45_000, 'en')).toBe('45 sec');
    expect(durationText(8 * MIN, 'de')).toBe('8 Min.');
    expect(durationText(13 * MIN + 34_000, 'de')).toBe('13 Min. 34 Sek.');
    expect(durationText(26 * HOUR, 'en')).toBe('1 day 2 hr');
    expect(durationText(-5, 'de')).toBe('0 Sek.');
  });

  it('APG11: the page draws the tables without rows first, then each table a few rows a step, in order, to the last row', () => {
    const counts = [100, 10, 0, 3, 60];
    const steps = tableStepCount(counts, 25);
    // One step for the tables without rows, then 4 + 1 + 0 + 1 + 3 steps of rows.
    expect(steps).toBe(1 + 4 + 1 + 0 + 1 + 3);
    expect(rowsAfterStep(counts, 0, 25)).toEqual([0, 0, 0, 0, 0]);
    expect(rowsAfterStep(counts, 1, 25)).toEqual([0, 0, 0, 0, 0]);
    expect(rowsAfterStep(counts, 2, 25)).toEqual([25, 0, 0, 0, 0]);
    expect(rowsAfterStep(counts, 5, 25)).toEqual([100, 0, 0, 0, 0]);
    expect(rowsAfterStep(counts, 6, 25)).toEqual([100, 10, 0, 0, 0]);
    expect(rowsAfterStep(counts, 7, 25)).toEqual([100, 10, 0, 3, 0]);
    expect(rowsAfterStep(counts, 9, 25)).toEqual([100, 10, 0, 3, 50]);
    expect(rowsAfterStep(counts, steps, 25)).toEqual(counts);
    expect(rowsAfterStep(counts, steps + 5, 25)).toEqual(counts);
    // Each step adds rows to one table only, never more than a step's rows.
    for (let s = 1; s < steps; s++) {
      const before = rowsAfterStep(counts, s, 25);
      const after = rowsAfterStep(counts, s + 1, 25);
      const added = after.map((n, i) => n - before[i]!);
      expect(added.filter((n) => n > 0)).toHaveLength(1);
      expect(Math.max(...added)).toBeLessThanOrEqual(25);
    }
    // The page's own step: a table of the page's 100 rows takes a few steps, not one.
    expect(ROWS_PER_STEP).toBeLessThan(NEVER_ACK_SHOWN);
    expect(tableStepCount([NEVER_ACK_SHOWN])).toBe(1 + Math.ceil(NEVER_ACK_SHOWN / ROWS_PER_STEP));
  });
});
