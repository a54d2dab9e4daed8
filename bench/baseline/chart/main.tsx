/**
 * The naive chart baseline page (`?view=chart`), what a straightforward client does, all on
 * the main thread, so the charts scenario has something to compare Pegel's chart engine with:
 *
 * - `mode=archive&pv=AnaIn-1,AnaIn-2&amount=1&unit=Years`: the whole range of every PV is
 *   fetched from POST /api/charts/data/auto with the source Pegel's engine reads for the
 *   range (Auto with the default archive limits, e.g. day values for a year) and as many
 *   points as the server hands out (no per-pixel reduction); the columns are joined into
 *   uPlot arrays from all points and drawn. Every pan or zoom fetches the new view again:
 *   no cache, no reuse of what is already loaded.
 * - `mode=live&pv=…`: one SignalR connection of its own to the PV hub, the PVs subscribed,
 *   a growing window of points per series kept in React state (copied per value) and the
 *   chart re-fed with `setData` of all points on every received value.
 *
 * `pv` may repeat and may hold comma-separated PV ids. `window.__baselineChart` has the shape
 * of Pegel's window.__pegelBench.chart (bench/scenarios/charts.ts ChartProbe): data arrival
 * (the answer or hub message in the page) to the next frame after the draw, chart-data
 * requests since page load, and pan/zoom steps that resolve when drawn.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  CHART_API,
  CHART_DATA_LIMITS,
  type AutoChartDataBody,
  type ChartData,
  type DataSourceType,
} from '../../../src/contract/charts.ts';
import { parsePvUrlId, pvKey, pvUrlId } from '../../../src/contract/keys.ts';
import type { PvRef, PvValue } from '../../../src/contract/pv.ts';
import { autoDataSource, DEFAULT_ARCHIVE_LIMITS } from '../../../src/domain/dataSource.ts';
import { rangeBefore } from '../../../src/domain/clock.ts';
import { parseDuration, type TimeRange } from '../../../src/domain/timeUnits.ts';
import { panRange, zoomRange } from '../../../src/features/charts/chartRange.ts';
import { openPvConnection } from '../pvConnection.ts';

/** Same shape and meaning as Pegel's ChartProbe (bench/scenarios/charts.ts). */
export interface BaselineChartProbe {
  lastRenderMs(): number;
  requestCount(): number;
  panZoom(kind: 'pan' | 'zoom', fraction: number): Promise<void>;
}

declare global {
  interface Window {
    __baselineChart?: BaselineChartProbe;
  }
}

/** The bench plant's zone (the server's default PEGEL_PLANT_TIME_ZONE). */
const PLANT_ZONE = 'Europe/Berlin';
const WIDTH = 1200;
const HEIGHT = 400;
const COLORS = ['#1f5fbf', '#c0392b', '#27ae60', '#8e44ad', '#d35400', '#16a085', '#7f8c8d'];

/** Shared between the React views and the probe. */
class ProbeState {
  lastRender = 0;
  requests = 0;
  /** Page time at which the data of the pending draw arrived. */
  arrived: number | null = null;
  waiting: (() => void)[] = [];
  changeView: ((kind: 'pan' | 'zoom', fraction: number) => void) | null = null;

  /** Called right after a draw: the next frame is when it is on screen. */
  drawn(): void {
    requestAnimationFrame(() => {
      if (this.arrived !== null) this.lastRender = performance.now() - this.arrived;
      for (const resolve of this.waiting.splice(0)) resolve();
    });
  }
}

function parsePvs(query: URLSearchParams): PvRef[] {
  return query
    .getAll('pv')
    .flatMap((text) => text.split(','))
    .map((text) => parsePvUrlId(text.trim()))
    .filter((ref): ref is PvRef => ref !== null);
}

function plotOptions(pvs: readonly PvRef[]): uPlot.Options {
  return {
    width: WIDTH,
    height: HEIGHT,
    series: [
      {},
      ...pvs.map((pv, i) => ({
        label: pvUrlId(pv),
        stroke: COLORS[i % COLORS.length],
        width: 1,
        spanGaps: true,
      })),
    ],
  };
}

/** Naive join of every point of every series on the union of their timestamps (seconds). */
function joinAll(series: readonly { t: readonly number[]; v: readonly (number | null)[] }[]) {
  const times = new Set<number>();
  for (const s of series) for (const t of s.t) times.add(t);
  const xs = [...times].sort((a, b) => a - b);
  const index = new Map(xs.map((t, i) => [t, i]));
  const columns = series.map((s) => {
    const ys: (number | null)[] = new Array<number | null>(xs.length).fill(null);
    s.t.forEach((t, i) => (ys[index.get(t)!] = s.v[i] ?? null));
    return ys;
  });
  return [xs.map((t) => t / 1000), ...columns] as uPlot.AlignedData;
}

// ---------------------------------------------------------------------------------------
// Archive: fetch the whole view, every point, on every view change.

async function fetchRange(
  pvs: readonly PvRef[],
  range: TimeRange,
  source: DataSourceType,
): Promise<ChartData[]> {
  const query = new URLSearchParams({
    startDate: String(range.start),
    endDate: String(range.end),
    source,
    maxPoints: String(CHART_DATA_LIMITS.maxMaxPoints),
  });
  const body: AutoChartDataBody = {
    series: pvs.map((pv) => ({ seriesId: pvUrlId(pv), pv, pvSubtype: 'Aktuell' })),
  };
  const res = await fetch(`${CHART_API.dataAuto}?${query.toString()}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${CHART_API.dataAuto} answered ${res.status}`);
  return (await res.json()) as ChartData[];
}

function ArchiveChart({
  pvs,
  initial,
  probe,
}: {
  pvs: PvRef[];
  initial: TimeRange;
  probe: ProbeState;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const [range, setRange] = useState(initial);
  const [answer, setAnswer] = useState<{ range: TimeRange; data: ChartData[] } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    chart.current = new uPlot(plotOptions(pvs), [[], ...pvs.map(() => [])], host.current!);
    return () => chart.current?.destroy();
  }, [pvs]);

  useEffect(() => {
    probe.changeView = (kind, fraction) =>
      setRange((r) => (kind === 'pan' ? panRange(r, fraction) : zoomRange(r, 1 - fraction)));
  }, [probe]);

  // Naive: every view is fetched whole, nothing is kept from the previous one.
  useEffect(() => {
    let live = true;
    probe.requests++;
    fetchRange(pvs, range, autoDataSource(DEFAULT_ARCHIVE_LIMITS, range, PLANT_ZONE)).then(
      (data) => {
        if (!live) return;
        probe.arrived = performance.now();
        setAnswer({ range, data });
      },
      (err: unknown) => {
        if (!live) return;
        setError(err instanceof Error ? err.message : String(err));
        // A failed view is not drawn: waiting steps go on (the bench sees no new render).
        for (const resolve of probe.waiting.splice(0)) resolve();
      },
    );
    return () => {
      live = false;
    };
  }, [pvs, range, probe]);

  useEffect(() => {
    const u = chart.current;
    if (!u || !answer) return;
    const byId = new Map(answer.data.map((d) => [d.seriesId, d.points]));
    u.batch(() => {
      u.setData(joinAll(pvs.map((pv) => byId.get(pvUrlId(pv)) ?? { t: [], v: [] })));
      u.setScale('x', { min: answer.range.start / 1000, max: answer.range.end / 1000 });
    });
    probe.drawn();
  }, [answer, pvs, probe]);

  const points = answer?.data.reduce((n, d) => n + d.points.t.length, 0) ?? 0;
  const sources = [...new Set(answer?.data.map((d) => d.source ?? '?') ?? [])].join(', ');
  return (
    <main>
      <h1>Archive chart (naive baseline)</h1>
      <p>
        {new Date(range.start).toISOString()} – {new Date(range.end).toISOString()}:{' '}
        {answer ? `${points} points from ${sources}` : 'loading…'}, {probe.requests} request(s)
        {error ? `, failed: ${error}` : ''}
      </p>
      <div ref={host} />
    </main>
  );
}

// ---------------------------------------------------------------------------------------
// Live: own hub connection, state copied and setData per value.

interface LiveSeries {
  t: number[];
  v: (number | null)[];
}

function LiveChart({ pvs, points, probe }: { pvs: PvRef[]; points: number; probe: ProbeState }) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const [series, setSeries] = useState<Record<string, LiveSeries>>({});
  const [status, setStatus] = useState('connecting');
  const latest = useRef<Record<string, LiveSeries>>({});

  useEffect(() => {
    chart.current = new uPlot(plotOptions(pvs), [[], ...pvs.map(() => [])], host.current!);
    return () => chart.current?.destroy();
  }, [pvs]);

  useEffect(() => {
    const keys = pvs.map(pvKey);
    const onValues = (list: PvValue[]) => {
      probe.arrived = performance.now();
      for (const value of list) {
        if (value.doubleValue === undefined) continue;
        const key = pvKey(value.pvRef);
        const prev = latest.current[key] ?? { t: [], v: [] };
        // Naive: the window is copied on every value and the whole chart re-fed.
        const next = {
          t: [...prev.t, value.timestamp].slice(-points),
          v: [...prev.v, value.doubleValue].slice(-points),
        };
        latest.current = { ...latest.current, [key]: next };
        setSeries(latest.current);
        chart.current?.setData(joinAll(keys.map((k) => latest.current[k] ?? { t: [], v: [] })));
        probe.drawn();
      }
    };
    return openPvConnection(keys, onValues, (error) =>
      setStatus(error === null ? 'connected' : `failed: ${error}`),
    );
  }, [pvs, points, probe]);

  return (
    <main>
      <h1>Live chart (naive baseline)</h1>
      <p>{status}</p>
      <table>
        <tbody>
          {pvs.map((pv) => {
            const s = series[pvKey(pv)];
            return (
              <tr key={pvKey(pv)}>
                <td>{pvUrlId(pv)}</td>
                <td>{s ? (s.v[s.v.length - 1]?.toFixed(2) ?? '') : '…'}</td>
                <td>{s ? s.t.length : 0} points</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div ref={host} />
    </main>
  );
}

export function mount(root: HTMLElement, query: URLSearchParams): void {
  const pvs = parsePvs(query);
  const probe = new ProbeState();
  window.__baselineChart = {
    lastRenderMs: () => probe.lastRender,
    requestCount: () => probe.requests,
    panZoom: (kind, fraction) =>
      new Promise<void>((resolve) => {
        if (!probe.changeView) throw new Error('panZoom needs mode=archive');
        probe.waiting.push(resolve);
        probe.changeView(kind, fraction);
      }),
  };
  const view =
    query.get('mode') === 'live' ? (
      <LiveChart pvs={pvs} points={Number(query.get('points') ?? 3600)} probe={probe} />
    ) : (
      <ArchiveChart
        pvs={pvs}
        initial={rangeBefore(
          Date.now(),
          parseDuration(query.get('amount') ?? '1', query.get('unit') ?? 'Days'),
          PLANT_ZONE,
        )}
        probe={probe}
      />
    );
  createRoot(root).render(view);
}
