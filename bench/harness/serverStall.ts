/**
 * The server's event-loop delay while sign-ins and archive reads run (issue 58 item 5): one
 * scrape of /metrics restarts the server's delay histogram, then `signIns` sign-ins and a
 * year's chart read of `stations` stations (each a first read: its history is computed) go
 * out at once, and the next scrape gives p50, p99 and the longest stall of that window.
 */
import { CHART_API } from '../../src/contract/charts.ts';
import { API } from '../../src/contract/paths.ts';
import type { StationOverview } from '../../src/contract/plant.ts';
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import { makePvNr } from '../../src/domain/pvRef.ts';
import { signInHttp, type SignedIn } from '../../tests/support/login.ts';
import { scrapeMetrics, type MetricsSnapshot } from './prometheus.ts';

export interface StallWindow {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Wall time of the window: all sign-ins and reads answered. */
  wallMs: number;
  signIns: number;
  reads: number;
  /** Which metric the figures come from (older servers only have prom-client's default). */
  metric: string;
  /** The server process's CPU time over the window, all its threads (process_cpu_seconds_total). */
  cpuMs: number;
}

const USERS = ['operator', 'maintenance', 'viewer', 'admin'] as const;
const DAY_MS = 86_400_000;

function delay(m: MetricsSnapshot): Omit<StallWindow, 'wallMs' | 'signIns' | 'reads' | 'cpuMs'> {
  const q = (quantile: string) =>
    m.find('pegel_event_loop_delay_seconds', { quantile })[0]?.value ?? Number.NaN;
  if (m.has('pegel_event_loop_delay_seconds'))
    return {
      p50Ms: q('0.5') * 1000,
      p99Ms: q('0.99') * 1000,
      maxMs: q('1') * 1000,
      metric: 'pegel_event_loop_delay_seconds',
    };
  return {
    p50Ms: m.sum('nodejs_eventloop_lag_p50_seconds') * 1000,
    p99Ms: m.sum('nodejs_eventloop_lag_p99_seconds') * 1000,
    maxMs: m.sum('nodejs_eventloop_lag_max_seconds') * 1000,
    metric: 'nodejs_eventloop_lag_*_seconds',
  };
}

/** The same figures over `ms` with nothing asked of the server: the floor of this machine now. */
export async function measureIdle(
  baseUrl: string,
  ms: number,
): Promise<Omit<StallWindow, 'wallMs' | 'signIns' | 'reads' | 'cpuMs'>> {
  await scrapeMetrics(baseUrl);
  await new Promise((resolve) => setTimeout(resolve, ms));
  return delay(await scrapeMetrics(baseUrl));
}

/** PVs per station a window reads (a chart of four series). */
const PVS_PER_READ = 4;

/**
 * The first `count` stations with up to 4 AnaIn PVs each, for the windows' first archive
 * reads (a window's reads never repeat a station). It reads the station list and the configs
 * of the PVs it asks about (`PV_NUMBER_SPLIT` numbering: station × 100,000 + n, AnaIn n from
 * 1), not the whole PV list: 100,000 PVs in load mode, whose read alone stalled the server
 * for a window's worth. Call it before the first window.
 */
export async function archiveStations(session: SignedIn, count: number): Promise<PvRef[][]> {
  const res = await session.fetch(API.station.all);
  if (!res.ok) throw new Error(`station list answered ${res.status}`);
  // Every station is asked (a station may have no AnaIn PV), at most 1,000: 4,000 refs, below
  // the configs call's limit.
  const numbers = ((await res.json()) as StationOverview[])
    .map((s) => s.stationNumber)
    .slice(0, 1_000);
  const asked: PvRef[] = numbers.flatMap((station) =>
    Array.from({ length: PVS_PER_READ }, (_, i) => ({
      type: 'AnaIn' as const,
      nr: makePvNr(station, i + 1),
    })),
  );
  const configs = await session.fetch(API.pv.configs, {
    method: 'POST',
    body: JSON.stringify(asked),
  });
  if (!configs.ok) throw new Error(`PV configs answered ${configs.status}`);
  const byStation = new Map<number, PvRef[]>(numbers.map((n) => [n, []]));
  for (const c of (await configs.json()) as PvConfig[])
    if (c.pvRef.type === 'AnaIn') byStation.get(c.stationNumber)?.push(c.pvRef);
  return [...byStation.values()].filter((pvs) => pvs.length > 0).slice(0, count);
}

export async function measureStall(
  baseUrl: string,
  reader: SignedIn,
  stations: readonly (readonly PvRef[])[],
  signIns: number,
): Promise<StallWindow> {
  const before = await scrapeMetrics(baseUrl);
  const started = performance.now();
  const now = Date.now();
  const reads = stations.map(async (pvs) => {
    const res = await reader.fetch(
      `${CHART_API.dataAuto}?startDate=${now - 365 * DAY_MS}&endDate=${now}`,
      {
        method: 'POST',
        body: JSON.stringify({
          series: pvs.map((pv, i) => ({
            seriesId: `s${i}`,
            pv,
            pvSubtype: 'Mittelwert',
          })),
        }),
      },
    );
    if (!res.ok) throw new Error(`chart read answered ${res.status}`);
    await res.arrayBuffer();
  });
  const sessions = Array.from({ length: signIns }, (_, i) =>
    signInHttp(baseUrl, USERS[i % USERS.length]),
  );
  await Promise.all([...reads, ...sessions]);
  const wallMs = performance.now() - started;
  const after = await scrapeMetrics(baseUrl);
  const cpu = (m: MetricsSnapshot) => m.sum('process_cpu_seconds_total');
  return {
    ...delay(after),
    cpuMs: (cpu(after) - cpu(before)) * 1000,
    wallMs,
    signIns,
    reads: stations.length,
  };
}
