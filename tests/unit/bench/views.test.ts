/**
 * The view scenarios of issue 44 (bench/scenarios/views.ts, idleTab.ts, manyTabs.ts): the
 * bench dashboards, what counts as a tile's current value, the cost fit, the idle reading,
 * the browser's CPU and the mix of tabs.
 */
import { describe, expect, it } from 'vitest';
import { densePv, denseSvg } from '../../../bench/baseline/denseGrid.ts';
import {
  BENCH_DASHBOARD_BASE,
  benchDashboard,
  benchDashboardKeys,
  withBenchDashboards,
} from '../../../bench/harness/benchDashboards.ts';
import { countCurrent, ValueHistory } from '../../../bench/harness/valueWatch.ts';
import { idleMsPerSec } from '../../../bench/scenarios/idleTab.ts';
import { browserCpuPct, tabPlan } from '../../../bench/scenarios/manyTabs.ts';
import { alertListCases, fitViewCost, serverValuesPerSec } from '../../../bench/scenarios/views.ts';
import type { DashboardConfigResult } from '../../../src/contract/dashboard.ts';
import type { PvValue } from '../../../src/contract/pv.ts';
import { doubleValue } from '../../support/engine/engineHarness.ts';

const config: DashboardConfigResult = {
  dashboards: [{ id: 1, name: 'Leitwarte', layout: 'TableLayout', tiles: [] }],
  weather: { baseUrl: '', apiKey: '' },
  mapTiles: {},
  currentUserCanEdit: false,
  notes: [],
};

describe('bench dashboards', () => {
  it('BENCH-VIEW1: a station’s dashboard shows its first PVs as value tiles, the server’s own dashboards kept', () => {
    const d = benchDashboard(3, 5);
    expect(d.id).toBe(BENCH_DASHBOARD_BASE + 3);
    expect(d.tiles.map((t) => t.pv?.nr)).toEqual([300001, 300002, 300003, 300004, 300005]);
    expect(d.tiles.every((t) => t.type === 'SingleValue')).toBe(true);
    expect(new Set(d.tiles.map((t) => t.displayStyle)).size).toBe(4);
    expect(benchDashboardKeys(3, 2)).toEqual(['ai300001', 'ai300002']);
    const merged = withBenchDashboards(config, [1, 2], 4);
    expect(merged.dashboards.map((x) => x.id)).toEqual([
      1,
      BENCH_DASHBOARD_BASE + 1,
      BENCH_DASHBOARD_BASE + 2,
    ]);
    // Served twice (a reload), the bench dashboards are not added twice.
    expect(withBenchDashboards(merged, [1, 2], 4).dashboards).toHaveLength(3);
  });

  it('BENCH-VIEW2: the process image of the many-tabs case binds the load stations’ PVs in turn', () => {
    expect(densePv(0, 200)).toBe('AnaIn-100001');
    expect(densePv(199, 200)).toBe('AnaIn-100200');
    expect(densePv(200, 200)).toBe('AnaIn-200001');
    // The dense-view scenario's grid is unchanged: 1,000 PVs a station.
    expect(densePv(1000)).toBe('AnaIn-200001');
    expect(denseSvg(201, 200)).toContain('data-pv="AnaIn-200001"');
  });
});

describe('what the eye sees on a dashboard', () => {
  const value = (nr: number, v: number): PvValue => doubleValue(nr, v, 0);

  it('BENCH-VIEW3: a tile counts when it shows a value its PV had in the second before the reading', () => {
    const h = new ValueHistory(['ai100001', 'ai100002']);
    h.record([value(100001, 1.5), value(100002, 7)], 1000);
    h.record([value(100001, 2.25)], 3000);
    const keys = ['ai100001', 'ai100002'];
    // At 3500: 1,50 was replaced at 3000 (within the second), 7 is still current.
    expect(countCurrent(h, keys, [{ from: 3500, to: 3510, texts: ['1,50 m³/h', '7,00'] }])).toEqual(
      { current: 2, read: 2 },
    );
    // At 4500: 1,50 was replaced 1.5 s ago; a tile without a number is read and not current.
    expect(countCurrent(h, keys, [{ from: 4500, to: 4510, texts: ['1,50', null] }])).toEqual({
      current: 0,
      read: 2,
    });
    expect(countCurrent(h, keys, [{ from: 4500, to: 4510, texts: ['2.25', '—'] }])).toEqual({
      current: 1,
      read: 2,
    });
  });
});

describe('cost figures', () => {
  it('BENCH-VIEW4: the cost fit parts a cost per tab (ms/s) from a cost per update (µs)', () => {
    // 4 ms/s per tab and 10 µs per update, exactly.
    const points = [
      { rate: 1, tabs: 2, updates: 100, costMsPerSec: 2 * 4 + 100 * 0.01 },
      { rate: 2, tabs: 2, updates: 1000, costMsPerSec: 2 * 4 + 1000 * 0.01 },
      { rate: 2, tabs: 1, updates: 500, costMsPerSec: 4 + 500 * 0.01 },
    ];
    const fit = fitViewCost(points)!;
    expect(fit.usPerUpdate).toBeCloseTo(10, 6);
    expect(fit.msPerTab).toBeCloseTo(4, 6);
    // One case cannot part them.
    expect(fitViewCost(points.slice(0, 1))).toBeNull();
  });

  it('BENCH-VIEW8: an update is a value the server sent for a tab’s tiles, the same count for every side', () => {
    const h = new ValueHistory(['ai100001', 'ai100002', 'ai200001']);
    const at = (nr: number, v: number, timestamp: number) => doubleValue(nr, v, timestamp);
    // Counted by the plant's time stamp, not when the bench took them in: the current values a
    // subscribe brings (time stamped before the window) and a late arrival are placed right.
    h.record([at(100001, 1, 1000), at(100002, 2, 1000)], 1000);
    h.record([{ ...at(100001, 3, 1500), doubleValue: undefined }], 1500);
    h.record([at(200001, 4, 2000), at(100001, 5, 2000), at(100002, 6, 900)], 2600);
    // A value without a number counts too; one stamped at `to` belongs to the next window.
    expect(h.sentBetween(['ai100001'], 1000, 2000)).toBe(2);
    expect(h.sentBetween(['ai100001', 'ai100002', 'ai200001'], 1000, 2001)).toBe(5);
    // Two tabs on station 1 take its values twice, a tab on station 2 its own: per second.
    const one = ['ai100001', 'ai100002'];
    expect(serverValuesPerSec(h, [one, one, ['ai200001']], 0, 4000)).toBe((5 + 5 + 1) / 4);
    expect(serverValuesPerSec(h, [one], 1000, 1000)).toBe(0);
  });

  it('BENCH-VIEW5: idle main thread in ms per second from ThreadTime seconds', () => {
    expect(idleMsPerSec(1.0, 1.002, 4000)).toBeCloseTo(0.5, 9);
    expect(idleMsPerSec(1, 1, 0)).toBe(0);
  });

  it('BENCH-VIEW6: the browser’s CPU is its processes’, not the server’s or the bench’s', () => {
    expect(
      browserCpuPct({ renderer: 80, gpu: 5, browser: 3, utility: 2, server: 40, bench: 10 }),
    ).toBe(90);
    expect(browserCpuPct({})).toBe(0);
  });

  it('BENCH-VIEW7: the tabs of the mix open spread, every view early, as many as asked', () => {
    const plan = tabPlan({ station: 3, dashboard: 2, image: 1, alerts: 1 });
    expect(plan).toEqual([
      'station',
      'dashboard',
      'alerts',
      'image',
      'station',
      'dashboard',
      'station',
    ]);
    const big = tabPlan({ station: 30, dashboard: 15, image: 1, alerts: 4 });
    expect(big).toHaveLength(50);
    expect(big.filter((v) => v === 'dashboard')).toHaveLength(15);
  });
});

describe('the alert list’s cases', () => {
  it('BENCH-VIEW9: the sweep and the list at rest by default; the env names the cases, 0 the rest', () => {
    expect(alertListCases([10, 50, 200], undefined)).toEqual({
      sweptRates: [10, 50, 200],
      atRest: true,
    });
    expect(alertListCases([10, 50, 200], '0')).toEqual({ sweptRates: [], atRest: true });
    expect(alertListCases([10, 50, 200], '10,200')).toEqual({
      sweptRates: [10, 200],
      atRest: false,
    });
    expect(alertListCases([20, 100], '0,20')).toEqual({ sweptRates: [20], atRest: true });
    // Not rates: the configured cases.
    expect(alertListCases([20, 100], 'ten')).toEqual({ sweptRates: [20, 100], atRest: true });
  });
});
