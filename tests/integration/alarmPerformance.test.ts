/**
 * Alarm performance against the real reference server (issue 46): the engine's path
 * (workers/alerts/alarmPerformance.ts with the real GET /api/alerts fetcher) over the seeded
 * history, checked against the archive read in one request and counted by hand.
 */
import { describe, expect, it } from 'vitest';
import { signedInPlant } from '../support/serverPerFile.ts';
import { ALERT_API, type Alert, type AlertListResult } from '../../src/contract/alerts.ts';
import { alertQuery, alertQueryString } from '../../src/domain/alertQuery.ts';
import { createAlertArchiveFetcher } from '../../workers/alerts/alertArchiveRest.ts';
import { AlarmPerformanceService } from '../../workers/alerts/alarmPerformance.ts';

const DAY = 86_400_000;
// The plant's own week of history: limit crossings, failures, acknowledgements and clears.
const plant = signedInPlant(['viewer'], { env: { PEGEL_HISTORY_DAYS: '7' } });

function service(pageLimit?: number) {
  const fetchFn = ((url: string | URL, init?: RequestInit) => {
    const u = new URL(String(url));
    return plant.viewer.fetch(u.pathname + u.search, init);
  }) as typeof fetch;
  const fetchAlerts = createAlertArchiveFetcher(plant.server.url, fetchFn);
  return new AlarmPerformanceService({
    fetchAlerts: (query) => fetchAlerts(query),
    now: () => Date.now(),
    liveAlerts: () => null,
    pageLimit,
  });
}

/** The whole range in one request, as the archive page shows it. */
async function archive(start: number, end: number): Promise<Alert[]> {
  const q = alertQueryString(alertQuery(start, end - 1, 200_000));
  const res = await plant.viewer.fetch(`${ALERT_API.list}?${q}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as AlertListResult;
  expect(body.remainingCount).toBe(0);
  return body.alerts;
}

describe('alarm performance on the reference server', () => {
  it('AP8: the figures of the seeded week agree with the archive counted by hand, paged at 50 rows a request', async () => {
    const end = Date.now();
    const start = end - 7 * DAY;
    const request = { start, end, stationNumber: null, timeZone: 'Europe/Berlin' };
    const paged = service(50);
    const figures = await paged.compute(request);
    const rows = await archive(start, end);
    expect(rows.length).toBeGreaterThan(200);
    expect(figures.total).toBe(rows.length);
    expect(figures.truncated).toBe(false);
    expect(paged.pages.fetches).toBeGreaterThan(rows.length / 50);
    expect(figures.perHour.counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(figures.per10Min.counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(figures.perHour.starts).toHaveLength(7 * 24 + 1);

    // Bad actors, counted by hand by PV (or source) and text.
    const bySource = new Map<string, number>();
    for (const a of rows) {
      const key = a.pvRef
        ? `pv:${a.pvRef.type}:${a.pvRef.nr}:${a.text}`
        : `src:${JSON.stringify(a.source)}:${a.sourceName}:${a.text}`;
      bySource.set(key, (bySource.get(key) ?? 0) + 1);
    }
    const counts = [...bySource.values()].sort((a, b) => b - a).slice(0, 10);
    expect(figures.top10.map((t) => t.count)).toEqual(counts);
    const neverAcked = rows.filter((a) => a.acknowledgedAt === null || a.acknowledgedAt >= end);
    expect(figures.neverAcknowledgedCount).toBe(neverAcked.length);
    const perPriority = new Array<number>(10).fill(0);
    for (const a of rows) perPriority[a.priority]!++;
    expect(figures.perPriority).toEqual(perPriority);

    // The stations' totals add up to the plant's, from the pages already held.
    const fetches = paged.pages.fetches;
    const stations = [...new Set(rows.map((a) => a.stationNumber))];
    let sum = 0;
    for (const stationNumber of stations)
      sum += (await paged.compute({ ...request, stationNumber })).total;
    expect(sum).toBe(rows.length);
    expect(paged.pages.fetches).toBe(fetches);
  });

  it('AP12: a first look at the last 7 days finds the seeded week’s flood after the mains failure, the chattering pressure switch and the standing pump failure', async () => {
    const end = Date.now();
    const request = {
      start: end - 7 * 86_400_000,
      end,
      stationNumber: null,
      timeZone: 'Europe/Berlin',
    };
    const figures = await service().compute(request);
    expect(figures.floods.length).toBeGreaterThanOrEqual(1);
    expect(
      figures.floods.some(
        (f) => `${f.first.sourceName} ${f.first.text}`.includes('Netzausfall') && f.count > 10,
      ),
    ).toBe(true);
    const named = (list: { alarm: { text: string; sourceName: string } }[]) =>
      list.map((c) => `${c.alarm.sourceName} ${c.alarm.text}`).join(' | ');
    expect(named(figures.chattering)).toContain('Druckschalter Wassermangel');
    expect(named(figures.fleeting)).toContain('Druckschalter Wassermangel');
    const standing = figures.standing.find((s) =>
      `${s.alarm.sourceName} ${s.alarm.text}`.includes('Zulaufpumpe 3'),
    );
    expect(standing?.active).toBe(true);
    expect(standing!.activeMs).toBeGreaterThan(24 * 3_600_000);
  });

  it('AP8: read 200 or 10,000 rows a request, the figures are the same', async () => {
    const end = Date.now() - 3_600_000;
    const request = { start: end - 3 * DAY, end, stationNumber: null, timeZone: 'Europe/Berlin' };
    const small = await service(200).compute(request);
    const large = await service().compute(request);
    expect({ ...large, computedAt: 0 }).toEqual({ ...small, computedAt: 0 });
  });
});
