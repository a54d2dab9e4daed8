/**
 * The chart API over HTTP (SPEC §7 "Charts", §3 "Charts", §4 chart data and annotations, §9)
 * against the server built in-process with a fake plant and a fixed clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerUserCall } from '../support/headerUserCall.ts';
import type {
  Annotation,
  ChartConfig,
  ChartData,
  ChartDirectory,
  FirstLastDate,
  SeriesConfig,
} from '../../src/contract/charts.ts';
import { CHART_API, chartPath } from '../../src/contract/charts.ts';
import type { ApiErrorBody } from '../../src/contract/errors.ts';
import { doubleAt } from '../support/archivePlant.ts';
import { startChartTestServer, type ChartTestServer } from '../support/chartTestServer.ts';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 30);
const HISTORY_END = Date.UTC(2026, 10, 22, 9, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const STATION_LIVE = 21;
const STATION_ARCHIVE = 22;
const LEVEL = { type: 'AnaIn', nr: 100001 } as const;
const PUMP = { type: 'DigiIn', nr: 100101 } as const;
const COUNTER = { type: 'ZaehlWert', nr: 1001 } as const;
const NOT_ARCHIVED = { type: 'AnaIn', nr: 100090 } as const;

let s: ChartTestServer;
const clock = NOW;

beforeAll(async () => {
  s = await startChartTestServer(() => clock);
});
afterAll(async () => {
  await s?.dispose();
});

const call = headerUserCall(() => s.url, 'editor');

async function json<T>(method: string, path: string, body?: unknown, user?: string): Promise<T> {
  const res = await call(method, path, { body, user });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function error(res: Response, status: number): Promise<ApiErrorBody['error']> {
  expect(res.status).toBe(status);
  return ((await res.json()) as ApiErrorBody).error;
}

const q = (params: Record<string, string | number>) =>
  '?' + new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

const dataPath = (id: number, params: Record<string, string | number>) =>
  chartPath(CHART_API.data, { id }) + q(params);

const iso = (t: number) => new Date(t).toISOString();

describe('chart configs (SPEC §3 Charts, §7)', () => {
  it('CA1: every chart route answers 401 without a session', async () => {
    const routes: [string, string][] = [
      ['GET', `${CHART_API.configs}?type=Measurement`],
      ['GET', chartPath(CHART_API.config, { id: STATION_ARCHIVE })],
      ['GET', chartPath(CHART_API.series, { id: STATION_ARCHIVE })],
      ['GET', dataPath(STATION_ARCHIVE, { startDate: iso(NOW - DAY), endDate: iso(NOW) })],
      ['POST', CHART_API.dataAuto],
      ['GET', chartPath(CHART_API.firstDate, { id: STATION_ARCHIVE }) + '?source=DayValues'],
      ['GET', chartPath(CHART_API.lastDate, { id: STATION_ARCHIVE }) + '?source=DayValues'],
      ['POST', `${CHART_API.firstDatePvs}?source=DayValues`],
      ['POST', `${CHART_API.lastDatePvs}?source=DayValues`],
      ['POST', CHART_API.export],
      ['GET', CHART_API.annotations],
      ['POST', CHART_API.annotations],
      ['PATCH', CHART_API.annotations],
      ['POST', CHART_API.deleteAnnotations],
      ['GET', chartPath(CHART_API.annotationCharts, { id: 1 })],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : {};
      const res = await call(method, path, { user: null, body });
      expect(`${method} ${path} ${res.status}`).toBe(`${method} ${path} 401`);
      expect(((await res.json()) as ApiErrorBody).error.code).toBe('unauthorized');
    }
  });

  it('CA2: configs by type: a plant folder and a folder per station, one chart each', async () => {
    const live = await json<ChartDirectory>('GET', `${CHART_API.configs}?type=LiveMeasurement`);
    expect(live.type).toBe('LiveMeasurement');
    expect(live.childDirectoryList.map((d) => d.name)).toEqual([
      'Gesamtanlage',
      'Station 1',
      'Station 2',
      'Station 3',
    ]);
    const charts = live.childDirectoryList.flatMap((d) => d.configList);
    expect(charts.every((c) => c.type === 'LiveMeasurement' && c.currentUserCanEdit)).toBe(true);
    const station = live.childDirectoryList[1]!.configList[0]!;
    expect(station).toMatchObject({
      id: STATION_LIVE,
      timeSpanFactor: 1,
      timeSpanUnit: 'Hour',
      dataSourcePreset: 'MeasurementArchive',
      maxDaysForArchiveValues: 1,
      maxMonthsForQuarterHourValues: 1,
      maxYearsForDayValues: 1,
    });

    const archive = await json<ChartDirectory>(
      'GET',
      `${CHART_API.configs}?type=Measurement`,
      undefined,
      'viewer',
    );
    const ids = archive.childDirectoryList.flatMap((d) => d.configList.map((c) => c.id));
    expect(ids).toContain(STATION_ARCHIVE);
    expect(archive.childDirectoryList.flatMap((d) => d.configList)[0]!.currentUserCanEdit).toBe(
      false,
    );
    await error(await call('GET', `${CHART_API.configs}?type=Pie`), 400);
    await error(await call('GET', CHART_API.configs), 400);
  });

  it('CA3: config and series by id; 404 unknown, 400 not a number', async () => {
    const config = await json<ChartConfig>(
      'GET',
      chartPath(CHART_API.config, { id: STATION_ARCHIVE }),
    );
    expect(config).toMatchObject({
      id: STATION_ARCHIVE,
      type: 'Measurement',
      dataSourcePreset: 'Auto',
    });
    const series = await json<SeriesConfig[]>(
      'GET',
      chartPath(CHART_API.series, { id: STATION_ARCHIVE }),
    );
    expect(series.map((x) => [x.pv, x.pvSubtype, x.seriesViewType])).toEqual([
      [{ type: 'AnaIn', nr: 100001 }, 'Mittelwert', 'Line'],
      [{ type: 'AnaIn', nr: 100002 }, 'Mittelwert', 'Line'],
      [PUMP, 'Aktuell', 'StepLine'],
      [COUNTER, 'Mittelwert', 'Bar'],
    ]);
    expect(series.map((x) => x.sortIndex)).toEqual([0, 1, 2, 3]);
    expect(new Set(series.map((x) => x.color)).size).toBe(4);
    await error(await call('GET', chartPath(CHART_API.config, { id: 999 })), 404);
    await error(await call('GET', chartPath(CHART_API.series, { id: 999 })), 404);
    await error(await call('GET', '/api/charts/config/abc'), 400);
  });
});

describe('chart data (SPEC §3 data sources, §7)', () => {
  it('CA4: raw values at the archive interval, ascending, start inclusive and end exclusive', async () => {
    const start = HISTORY_END - HOUR;
    const data = await json<ChartData[]>(
      'GET',
      dataPath(STATION_LIVE, {
        startDate: start,
        endDate: HISTORY_END,
        source: 'MeasurementArchive',
      }),
    );
    expect(data.map((d) => d.seriesId)).toEqual(['21-1', '21-2', '21-3', '21-4']);
    const level = data[0]!;
    expect(level.dimension).toBe('m');
    expect(level.source).toBe('MeasurementArchive');
    expect(level.points.t).toHaveLength(60);
    expect(level.points.t[0]).toBe(start);
    expect(level.points.t.at(-1)).toBe(HISTORY_END - MINUTE);
    expect(level.points.t.every((t, i, a) => i === 0 || t > a[i - 1]!)).toBe(true);
    expect(level.points.v.every((v) => v !== null && v >= 0 && v <= 5)).toBe(true);
    expect(data[2]!.points.v.every((v) => v === 0 || v === 1)).toBe(true);
    const counter = data[3]!.points.v as number[];
    expect(counter.every((v, i) => i === 0 || v >= counter[i - 1]!)).toBe(true);
    expect(counter.at(-1)!).toBeGreaterThan(counter[0]!);
  });

  it('CA5: quarter-hour, day and month values carry their period start', async () => {
    const dayStart = Date.UTC(2026, 10, 19, 23); // 20 November, 00:00 in Berlin
    const qh = await json<ChartData[]>(
      'GET',
      dataPath(STATION_ARCHIVE, {
        startDate: '2026-11-20',
        endDate: '2026-11-21',
        source: 'QuarterHourValues',
      }),
    );
    expect(qh[0]!.points.t).toHaveLength(96);
    expect(qh[0]!.points.t[0]).toBe(dayStart);
    const days = await json<ChartData[]>(
      'GET',
      dataPath(STATION_ARCHIVE, {
        startDate: '2026-10-01T00:00:00+02:00',
        endDate: '2026-11-01T00:00:00+01:00',
        source: 'DayValues',
      }),
    );
    expect(days[0]!.points.t).toHaveLength(31);
    expect(days[0]!.points.t[0]).toBe(Date.UTC(2026, 8, 30, 22));
    // The day after the change to winter time starts one hour later in UTC.
    expect(days[0]!.points.t[25]! - days[0]!.points.t[24]!).toBe(25 * HOUR);
    const months = await json<ChartData[]>(
      'GET',
      dataPath(STATION_ARCHIVE, {
        startDate: '2025-11-01',
        endDate: '2026-11-01',
        source: 'MonthValues',
      }),
    );
    expect(months[0]!.points.t).toHaveLength(12);

    // A counter's day total is the sum of its quarter-hour totals.
    const qhTotal = (qh[3]!.points.v as number[]).reduce((a, b) => a + b, 0);
    const day = await json<ChartData[]>(
      'GET',
      dataPath(STATION_ARCHIVE, {
        startDate: '2026-11-20',
        endDate: '2026-11-21',
        source: 'DayValues',
      }),
    );
    expect(day[3]!.points.v[0]).toBeCloseTo(qhTotal, 6);
  });

  it('CA6: Auto picks the source from the range and the chart limits', async () => {
    const pick = async (startDate: number, endDate: number) =>
      (
        await json<ChartData[]>(
          'GET',
          dataPath(STATION_ARCHIVE, { startDate, endDate, source: 'Auto' }),
        )
      )[0]!.source;
    expect(await pick(NOW - 6 * HOUR, NOW)).toBe('MeasurementArchive');
    expect(await pick(NOW - 7 * DAY, NOW)).toBe('QuarterHourValues');
    expect(await pick(NOW - 90 * DAY, NOW)).toBe('DayValues');
    expect(await pick(NOW - 3 * 365 * DAY, NOW)).toBe('MonthValues');
    // Without a source the chart's preset applies (Auto here, MeasurementArchive for live).
    const preset = await json<ChartData[]>(
      'GET',
      dataPath(STATION_ARCHIVE, { startDate: NOW - 7 * DAY, endDate: NOW }),
    );
    expect(preset[0]!.source).toBe('QuarterHourValues');
  });

  it('CA7: POST data/auto reads the given series; Auto uses the default limits', async () => {
    const series = [
      { seriesId: 'a', pv: LEVEL, pvSubtype: 'Maxwert' },
      { seriesId: 'b', pv: NOT_ARCHIVED, pvSubtype: 'Aktuell' },
    ];
    const shortRange = await json<ChartData[]>(
      'POST',
      CHART_API.dataAuto + q({ startDate: HISTORY_END - 3 * HOUR, endDate: HISTORY_END }),
      { series },
    );
    expect(shortRange.map((d) => [d.seriesId, d.source])).toEqual([
      ['a', 'MeasurementArchive'],
      ['b', 'MeasurementArchive'],
    ]);
    expect(shortRange[0]!.points.t.length).toBe(180);
    expect(shortRange[1]!.points).toEqual({ t: [], v: [] });
    const months = await json<ChartData[]>(
      'POST',
      CHART_API.dataAuto + q({ startDate: NOW - 60 * DAY, endDate: NOW }),
      { series },
    );
    expect(months[0]!.source).toBe('DayValues');
    await error(
      await call('POST', CHART_API.dataAuto + q({ startDate: NOW - DAY, endDate: NOW }), {
        body: { series: [] },
      }),
      400,
    );
  });

  it('CA8: maxPoints reduces per time bucket and keeps the extremes', async () => {
    const range = { startDate: NOW - DAY, endDate: NOW, source: 'MeasurementArchive' };
    const full = await json<ChartData[]>('GET', dataPath(STATION_LIVE, range));
    const reduced = await json<ChartData[]>(
      'GET',
      dataPath(STATION_LIVE, { ...range, maxPoints: 100 }),
    );
    const f = full[0]!.points.v as number[];
    const r = reduced[0]!.points.v as number[];
    expect(full[0]!.reducedFrom).toBeNull();
    expect(reduced[0]!.reducedFrom).toBe(f.length);
    expect(r.length).toBeLessThanOrEqual(100);
    expect(Math.max(...r)).toBe(Math.max(...f));
    expect(Math.min(...r)).toBe(Math.min(...f));
  });

  it('CA9: bad queries answer 400 with a message', async () => {
    const bad = async (params: Record<string, string | number>, text: RegExp) => {
      const e = await error(await call('GET', dataPath(STATION_LIVE, params)), 400);
      expect(e.code).toBe('validation');
      expect(e.message).toMatch(text);
    };
    await bad({ startDate: 'yesterday', endDate: NOW }, /startDate/);
    await bad({ startDate: '2026-02-30', endDate: NOW }, /calendar date/);
    await bad({ startDate: NOW, endDate: NOW - HOUR }, /after startDate/);
    await bad({ endDate: NOW }, /startDate/);
    await bad({ startDate: NOW - HOUR, endDate: NOW, source: 'Hourly' }, /source/);
    await bad({ startDate: NOW - HOUR, endDate: NOW, maxPoints: 'many' }, /maxPoints/);
    await bad(
      { startDate: NOW - 2 * DAY, endDate: NOW, source: 'MeasurementArchive' },
      /maxDaysForArchiveValues/,
    );
    const e = await error(
      await call(
        'POST',
        CHART_API.dataAuto +
          q({ startDate: NOW - 40 * DAY, endDate: NOW, source: 'MeasurementArchive' }),
        { body: { series: [{ seriesId: 'a', pv: LEVEL, pvSubtype: 'Aktuell' }] } },
      ),
      400,
    );
    expect(e.message).toMatch(/too long for MeasurementArchive/);
  });

  it('CA10: first and last date per chart and per PV list; 0 without data', async () => {
    const first = await json<FirstLastDate>(
      'GET',
      chartPath(CHART_API.firstDate, { id: STATION_LIVE }) + '?source=MeasurementArchive',
    );
    expect(first.timestamp).toBe(HISTORY_END - 3 * DAY);
    const last = await json<FirstLastDate>(
      'GET',
      chartPath(CHART_API.lastDate, { id: STATION_LIVE }) + '?source=DayValues',
    );
    expect(last.timestamp).toBe(Date.UTC(2026, 10, 21, 23));
    const none = await json<FirstLastDate>('POST', `${CHART_API.firstDatePvs}?source=DayValues`, [
      NOT_ARCHIVED,
      { type: 'AnaIn', nr: 4200001 },
    ]);
    expect(none.timestamp).toBe(0);
    const month = await json<FirstLastDate>(
      'POST',
      `${CHART_API.firstDatePvs}?source=MonthValues`,
      [LEVEL],
    );
    // 13 months back from November 2026, from the start of that month (1 October 2025, Berlin).
    expect(month.timestamp).toBe(Date.UTC(2025, 8, 30, 22));
    await error(await call('POST', `${CHART_API.lastDatePvs}?source=Auto`, { body: [LEVEL] }), 400);
    await error(
      await call('POST', `${CHART_API.lastDatePvs}?source=DayValues`, {
        body: [{ type: 'X', nr: 1 }],
      }),
      400,
    );
  });

  it('CA11: live values are appended: raw throttled to the interval, aggregates from every value', async () => {
    const t0 = HISTORY_END + 5 * MINUTE;
    s.plant.emit([doubleAt(LEVEL, t0, 4.5)]);
    s.plant.emit([doubleAt(LEVEL, t0 + 10_000, 0.5)]);
    s.plant.emit([doubleAt(LEVEL, t0 + 20_000, 1, true)]);
    s.plant.emit([doubleAt(LEVEL, t0 + MINUTE, 2.5)]);
    s.server.archive!.flush();
    const raw = await json<ChartData[]>(
      'POST',
      CHART_API.dataAuto + q({ startDate: t0, endDate: t0 + HOUR, source: 'MeasurementArchive' }),
      { series: [{ seriesId: 'a', pv: LEVEL, pvSubtype: 'Aktuell' }] },
    );
    expect(raw[0]!.points).toEqual({ t: [t0, t0 + MINUTE], v: [4.5, 2.5] });
    const qhStart = HISTORY_END;
    const agg = async (pvSubtype: string) =>
      (
        await json<ChartData[]>(
          'POST',
          CHART_API.dataAuto +
            q({ startDate: qhStart, endDate: qhStart + 15 * MINUTE, source: 'QuarterHourValues' }),
          { series: [{ seriesId: 'a', pv: LEVEL, pvSubtype }] },
        )
      )[0]!.points;
    expect((await agg('Maxwert')).v).toEqual([4.5]);
    expect((await agg('Minwert')).v).toEqual([0.5]);
    expect((await agg('Aktuell')).v).toEqual([2.5]);
    expect((await agg('Mittelwert')).v[0]).toBeCloseTo((4.5 + 0.5 + 2.5) / 3, 9);
    const last = await json<FirstLastDate>(
      'POST',
      `${CHART_API.lastDatePvs}?source=MeasurementArchive`,
      [LEVEL],
    );
    expect(last.timestamp).toBe(t0 + MINUTE);
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toMatch(/pegel_archive_rows_total\{table="archive_raw"\} [1-9]/);
    expect(metrics).toMatch(/pegel_archive_appended_values_total 4/);
  });
});

describe('chart export (SPEC §7)', () => {
  it('CA12: CSV with a header line, semicolons and a filename with the chart title and range', async () => {
    const res = await call('POST', CHART_API.export, {
      body: {
        chartConfigId: STATION_ARCHIVE,
        series: [],
        startDate: '2026-11-20',
        endDate: '2026-11-22',
        source: 'DayValues',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(
      /^attachment; filename="Station 1 - Hauptwerte 2026-11-20 - 2026-11-21\.csv"/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
      'Station 1 – Hauptwerte 2026-11-20 – 2026-11-21.csv',
    );
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Zeitstempel;Füllstand [m] (Mittelwert);Durchfluss [m³/h] (Mittelwert);Pumpe 1 läuft (Aktuell);Fördermenge [m³] (Mittelwert)',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^2026-11-20T00:00:00\+01:00;\d+\.\d{3};/);

    const comma = await call('POST', `${CHART_API.export}?decimalComma=true`, {
      body: {
        chartConfigId: null,
        series: [{ seriesId: 'x', pv: LEVEL, pvSubtype: 'Aktuell' }],
        startDate: '2026-11-20',
        endDate: '2026-11-21',
        source: 'QuarterHourValues',
      },
    });
    expect(comma.headers.get('content-disposition')).toContain(
      'filename="Trendlinie 2026-11-20.csv"',
    );
    const rows = (await comma.text()).trimEnd().split('\r\n');
    expect(rows).toHaveLength(97);
    expect(rows[1]).toMatch(/^2026-11-20T00:00:00\+01:00;\d+,\d{2}$/);
    await error(
      await call('POST', CHART_API.export, {
        body: {
          chartConfigId: null,
          series: [],
          startDate: '2026-11-20',
          endDate: '2026-11-21',
          source: 'DayValues',
        },
      }),
      400,
    );
  });
});

describe('chart export of digital states', () => {
  it('CA16: a digital PV exports its state texts, not 0 and 1; a mean reads as the share active', async () => {
    const rows = async (source: string, pvSubtype: string) => {
      const res = await call('POST', `${CHART_API.export}?decimalComma=true`, {
        body: {
          chartConfigId: null,
          series: [{ seriesId: 'p', pv: PUMP, pvSubtype }],
          startDate: '2026-11-20',
          endDate: '2026-11-21',
          source,
        },
      });
      expect(res.status).toBe(200);
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      return lines.slice(1).map((l) => l.split(';')[1]!);
    };
    const states = await rows('QuarterHourValues', 'Aktuell');
    expect(states.length).toBeGreaterThan(0);
    expect(states.filter((c) => c !== '').every((c) => /^(Läuft|Aus|\d+ % Läuft)$/.test(c))).toBe(
      true,
    );
    expect(states.some((c) => /^[01]$/.test(c))).toBe(false);
    const means = await rows('QuarterHourValues', 'Mittelwert');
    expect(means.filter((c) => c !== '').every((c) => /^(Läuft|Aus|\d+ % Läuft)$/.test(c))).toBe(
      true,
    );
  });
});

describe('annotations (SPEC §3 Annotation, §4)', () => {
  it('CA13: create, list, update, charts of an annotation, delete; all survive a restart', async () => {
    const created = await call('POST', CHART_API.annotations, {
      body: {
        timestamp: NOW - HOUR,
        pv: LEVEL,
        dataSource: 'MeasurementArchive',
        text: 'Pumpe getauscht',
      },
    });
    expect(created.status).toBe(201);
    const a = (await created.json()) as Annotation;
    expect(a).toMatchObject({
      timestamp: NOW - HOUR,
      pv: LEVEL,
      text: 'Pumpe getauscht',
      visible: true,
      showInDayReport: false,
      showInYearReport: false,
    });
    const b = await json<Annotation>('POST', CHART_API.annotations, {
      timestamp: NOW - 2 * DAY,
      pv: PUMP,
      dataSource: 'DayValues',
      text: 'Wartung',
      showInMonthReport: true,
    });

    const inRange = await json<Annotation[]>(
      'GET',
      CHART_API.annotations + q({ startDate: NOW - DAY, endDate: NOW }),
    );
    expect(inRange.map((x) => x.id)).toEqual([a.id]);
    const ofPump = await json<Annotation[]>('GET', `${CHART_API.annotations}?pv=DigiIn-100101`);
    expect(ofPump.map((x) => x.id)).toEqual([b.id]);

    const updated = await json<Annotation>('PATCH', CHART_API.annotations, {
      ...a,
      text: 'Pumpe 2 getauscht',
      visible: false,
    });
    expect(updated).toMatchObject({ id: a.id, text: 'Pumpe 2 getauscht', visible: false });
    await error(await call('PATCH', CHART_API.annotations, { body: { ...a, id: 99999 } }), 404);

    const charts = await json<ChartConfig[]>(
      'GET',
      chartPath(CHART_API.annotationCharts, { id: a.id }),
    );
    expect(charts.map((c) => c.id).sort((x, y) => x - y)).toEqual([
      1,
      2,
      STATION_LIVE,
      STATION_ARCHIVE,
    ]);
    await error(await call('GET', chartPath(CHART_API.annotationCharts, { id: 99999 })), 404);

    // Annotations of a series' PV come with its data.
    const data = await json<ChartData[]>(
      'GET',
      dataPath(STATION_LIVE, { startDate: NOW - 2 * HOUR, endDate: NOW }),
    );
    expect(data[0]!.annotations.map((x) => x.id)).toEqual([a.id]);
    expect(data[1]!.annotations).toEqual([]);

    const c = await json<Annotation>('POST', CHART_API.annotations, {
      timestamp: NOW,
      pv: LEVEL,
      dataSource: 'DayValues',
      text: 'temporär',
    });
    expect(await json('POST', CHART_API.deleteAnnotations, [c.id, 424242])).toEqual({ deleted: 1 });

    await s.restart();
    const after = await json<Annotation[]>('GET', CHART_API.annotations);
    expect(after).toEqual([{ ...b }, { ...a, text: 'Pumpe 2 getauscht', visible: false }]);
  });

  it('CA14: annotations are validated; changing them needs editCharts', async () => {
    const valid = { timestamp: NOW, pv: LEVEL, dataSource: 'DayValues', text: 'ok' };
    const bad = async (body: unknown) =>
      error(await call('POST', CHART_API.annotations, { body }), 400);
    await bad({ ...valid, text: 'x'.repeat(2001) });
    await bad({ ...valid, text: '   ' });
    await bad({ ...valid, timestamp: 'today' });
    await bad({ ...valid, pv: { type: 'AnaIn', nr: 4200001 } });
    await bad({ ...valid, pv: { type: 'Nope', nr: 1 } });
    await bad({ ...valid, visible: 'yes' });
    await bad({ ...valid, dataSource: 'Auto' });
    await error(await call('POST', CHART_API.deleteAnnotations, { body: ['1'] }), 400);
    await error(await call('GET', `${CHART_API.annotations}?pv=ai100001`), 400);
    await error(await call('GET', `${CHART_API.annotations}?startDate=2026-11-20`), 400);
    await error(await call('POST', CHART_API.annotations, { body: valid, user: 'viewer' }), 403);
    await error(
      await call('POST', CHART_API.deleteAnnotations, { body: [1], user: 'viewer' }),
      403,
    );
    expect((await call('GET', CHART_API.annotations, { user: 'viewer' })).status).toBe(200);
  });

  it('CA15: the archive keeps its history end and live values across a restart', async () => {
    expect(s.server.archive!.historyEnd).toBe(HISTORY_END);
    const last = await json<FirstLastDate>(
      'POST',
      `${CHART_API.lastDatePvs}?source=MeasurementArchive`,
      [LEVEL],
    );
    expect(last.timestamp).toBe(HISTORY_END + 6 * MINUTE);
  });
});
