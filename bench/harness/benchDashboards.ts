/**
 * Dashboards of live values for the bench. The reference plant's dashboards are built from
 * the modelled plant's PV names (server/dashboard/sampleDashboards.ts); in load mode they hold
 * no value tiles. A Pegel tab of the bench is served its dashboard config through Playwright
 * routing instead: the server's own answer with bench dashboards added, each a table of
 * SingleValue tiles on the load PVs of one station, in the display styles that show a number.
 * The naive baseline's `view=dashboard` shows the same tiles (bench/baseline/NaiveTiles.tsx).
 */
import type { BrowserContext } from 'playwright-core';
import type {
  Dashboard,
  DashboardConfigResult,
  ValueDisplayStyle,
} from '../../src/contract/dashboard.ts';
import { DASHBOARD_API } from '../../src/contract/dashboard.ts';
import { PV_NUMBER_SPLIT } from '../../src/domain/pvRef.ts';

/** Ids of the bench dashboards: station s is dashboard BENCH_DASHBOARD_BASE + s. */
export const BENCH_DASHBOARD_BASE = 9000;

/** Styles that show the value as a number, taken in turn. */
export const BENCH_TILE_STYLES: readonly ValueDisplayStyle[] = [
  'DigitalGauge',
  'CircularGauge',
  'HorizontalGauge',
  'ValueTextView',
];

/** Columns of the bench dashboards' table (1920 px: tiles of about 230 px). */
const COLUMNS = 8;

/** Dashboard of station `station`: one SingleValue tile for each of its first `tiles` PVs. */
export function benchDashboard(station: number, tiles: number): Dashboard {
  return {
    id: BENCH_DASHBOARD_BASE + station,
    name: `Bench ${station}`,
    layout: 'TableLayout',
    columns: COLUMNS,
    tiles: Array.from({ length: tiles }, (_, i) => ({
      id: i + 1,
      type: 'SingleValue',
      title: `Messwert ${i + 1}`,
      size: 'Small',
      pv: { type: 'AnaIn', nr: station * PV_NUMBER_SPLIT + i + 1 },
      displayStyle: BENCH_TILE_STYLES[i % BENCH_TILE_STYLES.length]!,
    })),
  };
}

/** The server's config with the bench dashboards of `stations` added (its own ones kept). */
export function withBenchDashboards(
  config: DashboardConfigResult,
  stations: readonly number[],
  tiles: number,
): DashboardConfigResult {
  const own = config.dashboards.filter((d) => d.id < BENCH_DASHBOARD_BASE);
  return { ...config, dashboards: [...own, ...stations.map((s) => benchDashboard(s, tiles))] };
}

/** The PV keys a bench dashboard shows (`ai<nr>`), in tile order. */
export function benchDashboardKeys(station: number, tiles: number): string[] {
  return Array.from({ length: tiles }, (_, i) => `ai${station * PV_NUMBER_SPLIT + i + 1}`);
}

/**
 * Serves the bench dashboards to every tab of `context`. NOTE: a context that routes has
 * Chromium's HTTP cache off (Playwright), so its tabs load their assets from the server each
 * time; that costs at opening, not in the measured windows.
 */
export async function routeBenchDashboards(
  context: BrowserContext,
  stations: readonly number[],
  tiles: number,
): Promise<void> {
  await context.route(`**${DASHBOARD_API.config}`, async (route) => {
    const response = await route.fetch();
    if (!response.ok()) return route.fulfill({ response });
    const config = (await response.json()) as DashboardConfigResult;
    await route.fulfill({ response, json: withBenchDashboards(config, stations, tiles) });
  });
}

/** Where the bench dashboard of `station` opens. */
export const benchDashboardPath = (station: number) =>
  `/dashboard/${BENCH_DASHBOARD_BASE + station}`;

/**
 * In the page: the text each value tile shows, by its `data-pv` (Pegel's tiles and the naive
 * baseline's alike). A string: the bench's TypeScript loader names inner functions with a
 * helper the page does not have.
 */
export const READ_TILES = `(() => {
  const out = {};
  for (const el of document.querySelectorAll('.single-value[data-pv]')) {
    const v = el.querySelector('.gauge-value');
    out[el.getAttribute('data-pv')] = v ? v.textContent : null;
  }
  return out;
})()`;

/** In the page: true once `count` tiles show a number. */
export const tilesShown = (count: number) => `(() => {
  let n = 0;
  for (const el of document.querySelectorAll('.single-value[data-pv] .gauge-value'))
    if (/\\d/.test(el.textContent || '')) n++;
  return n >= ${count};
})()`;
