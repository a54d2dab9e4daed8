/**
 * Issue 20 "rows between the areas" against the real reference server: the chart export names
 * limits by their SPEC §3 suffix codes, and the calls the station alert history and the
 * archive chart's data range make (GET /api/Pv/all, POST /api/alerts/bypvs, first-date and
 * last-date of a stored chart) answer as the client reads them.
 */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import { ALERT_API, type AlertListResult } from '../../src/contract/alerts.ts';
import {
  CHART_API,
  chartPath,
  type ChartDirectory,
  type FirstLastDate,
  type SeriesConfig,
} from '../../src/contract/charts.ts';
import { API } from '../../src/contract/paths.ts';
import type { PvListEntry } from '../../src/contract/plant.ts';
import type { PvConfig } from '../../src/contract/pv.ts';

// A few days of alert history, so a station has alerts to list.
const plant = signedInPlant(['operator'], { env: { PEGEL_HISTORY_DAYS: '3' } }, 90_000);

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await plant.operator.fetch(path, init);
  expect(res.status, `${init?.method ?? 'GET'} ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** The stored archive chart of station 1 and its series. */
async function stationChart(): Promise<{ id: number; series: SeriesConfig[] }> {
  const root = await json<ChartDirectory>(`${CHART_API.configs}?type=Measurement`);
  const folder = root.childDirectoryList.find((d) => d.configList.length > 0)!;
  const id = folder.configList[0]!.id;
  return { id, series: await json<SeriesConfig[]>(chartPath(CHART_API.series, { id })) };
}

describe('limit suffix codes in exports (SPEC §3 "PV limit config")', () => {
  it('CV-I1: the CSV of a chart has a column per shown limit, named <PV> ugw/ogw [unit]', async () => {
    const chart = await stationChart();
    const shown = chart.series.find((s) => s.showLimitTop && s.showLimitBottom);
    expect(shown, 'the station chart shows the top and bottom limit of its level').toBeDefined();
    const [config] = await json<PvConfig[]>(API.pv.configs, {
      method: 'POST',
      body: JSON.stringify([shown!.pv]),
    });
    const limits = config!.anaLimitConfig!;
    const end = Date.now();
    const res = await plant.operator.fetch(CHART_API.export, {
      method: 'POST',
      body: JSON.stringify({
        chartConfigId: chart.id,
        series: [],
        startDate: new Date(end - 3 * 86_400_000).toISOString(),
        endDate: new Date(end).toISOString(),
        source: 'DayValues',
      }),
    });
    expect(res.status).toBe(200);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]!.split(';');
    const unit = config!.dimension ? ` [${config!.dimension}]` : '';
    const bottom = header.indexOf(`${config!.name} ugw${unit}`);
    const top = header.indexOf(`${config!.name} ogw${unit}`);
    expect(bottom, header.join(' | ')).toBeGreaterThan(0);
    expect(top).toBeGreaterThan(bottom);
    // No limit type is written under its enum name any more.
    expect(header.some((h) => /\b(Top|Bottom)\b/.test(h))).toBe(false);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) {
      const cells = line.split(';');
      expect(Number(cells[bottom])).toBeCloseTo(limits.lower!, 6);
      expect(Number(cells[top])).toBeCloseTo(limits.upper!, 6);
    }
  });
});

describe('the calls between the areas', () => {
  it('CV-I2: a station alert history: every PV of the station from /api/Pv/all, their alerts by bypvs', async () => {
    const all = await json<PvListEntry[]>(API.pv.all);
    const station = all.filter((e) => e.stationNumber === 1);
    expect(station.length).toBeGreaterThan(5);
    expect(new Set(all.map((e) => e.stationNumber)).size).toBeGreaterThan(1);
    const end = Date.now() + 60_000;
    const query = `start=${new Date(end - 30 * 86_400_000).toISOString()}&end=${new Date(end).toISOString()}&limit=500`;
    const result = await json<AlertListResult>(`${ALERT_API.byPvs}?${query}`, {
      method: 'POST',
      body: JSON.stringify(station.map((e) => e.pvRef)),
    });
    // The seeded history holds alerts of station 1; every one is of one of its PVs.
    expect(result.alerts.length).toBeGreaterThan(0);
    for (const a of result.alerts) expect(a.stationNumber).toBe(1);
  });

  it('CV-I3: the archive chart finds where its data lies: first before last, both in the past', async () => {
    const chart = await stationChart();
    const edge = (which: 'firstDate' | 'lastDate') =>
      json<FirstLastDate>(`${chartPath(CHART_API[which], { id: chart.id })}?source=DayValues`);
    const [first, last] = await Promise.all([edge('firstDate'), edge('lastDate')]);
    expect(first.timestamp).toBeGreaterThan(0);
    expect(last.timestamp).toBeGreaterThan(first.timestamp);
    expect(last.timestamp).toBeLessThanOrEqual(Date.now());
  });
});
