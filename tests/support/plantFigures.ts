/**
 * The figures of one station and day as the views show them (the daily report, the energy
 * page, the data sheet, the overflow events) beside the archive they come from, read from a
 * server built in-process over the simulated plant. Used by the plant-figure invariants
 * (tests/integration/plantFigures.test.ts) and printed by scripts/plant-figures.ts.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pvKey } from '../../src/contract/keys.ts';
import type { DatasheetDataEntry, DatasheetResult } from '../../src/contract/maintenance.ts';
import type { PvConfig, PvRef } from '../../src/contract/pv.ts';
import {
  REPORT_API,
  reportPath,
  type ReportConfig,
  type ReportData,
  type RuebEvents,
} from '../../src/contract/reports.ts';
import type { SpecificEnergy } from '../../src/contract/energy.ts';
import { parseReportDate } from '../../src/domain/reportPeriod.ts';
import { fromNaiveMs } from '../../src/domain/clock.ts';
import { buildServer, type PlantServer } from '../../server/app.ts';
import type { SessionUser } from '../../server/auth/service.ts';
import type { HistorySpans } from '../../server/archive/historyFill.ts';
import { readConfig } from '../../server/config.ts';
import { createRealTimers } from '../../src/domain/timers.ts';
import { STATION_CATALOG, type StationDef } from '../../server/plant/stationCatalog.ts';

const HOUR = 3_600_000;

const ADMIN: SessionUser = {
  userId: 1,
  username: 'admin',
  role: 'admin',
  rights: new Set(['admin', 'writePvs']),
  stations: null,
  sessionId: 'figures',
};

/**
 * A month of day values, five weeks of quarter hours, three days of raw values: every figure
 * checked here, filled in seconds (the default thirteen months take a minute per server).
 */
export const FIGURE_SPANS: HistorySpans = {
  months: 1,
  quarterHourDays: 35,
  rawDays: 3,
  rawIntervalMs: 60_000,
};

/** A server over the simulated plant at a fixed time, left unstarted (its history only). */
export async function figuresServer(
  now: number,
  env: Record<string, string> = {},
  spans: HistorySpans = FIGURE_SPANS,
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pegel-figures-'));
  const server = await buildServer(
    readConfig({
      PEGEL_DATA_DIR: dataDir,
      PEGEL_DIST_DIR: join(dataDir, 'dist'),
      PEGEL_HISTORY_DAYS: '0',
      ...env,
    }),
    {
      manualPlant: true,
      now: () => now,
      auth: { userOf: () => ADMIN },
      archive: { spans },
      // The hubs keep wall-clock time: the plant's clock stands still.
      hubOptions: { timers: createRealTimers({ unref: true }) },
    },
  );
  return { server, dataDir };
}

async function get<T>(server: PlantServer, url: string): Promise<T> {
  const res = await server.app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
}

function configOf(server: PlantServer, station: number, name: string | RegExp): PvConfig | null {
  for (const ref of server.plant.pvRefs()) {
    const c = server.plant.config(ref);
    if (c?.stationNumber !== station) continue;
    if (typeof name === 'string' ? c.name === name : name.test(c.name)) return c;
  }
  return null;
}

/** Raw archive values of a PV in [start, end), ascending. */
function raw(server: PlantServer, ref: PvRef, start: number, end: number) {
  const pv = server.archive.pv(ref)!;
  return server.context.db
    .prepare('SELECT t, v FROM archive_raw WHERE pv = ? AND t >= ? AND t < ? ORDER BY t')
    .all(pv.id, start, end) as { t: number; v: number | null }[];
}

/** Quarter-hour cells of a PV in [start, end). */
function quarters(server: PlantServer, ref: PvRef, start: number, end: number) {
  const pv = server.archive.pv(ref)!;
  return server.context.db
    .prepare(
      `SELECT t, n, sum, vmax, total FROM archive_quarter_hour
       WHERE pv = ? AND t >= ? AND t < ? ORDER BY t`,
    )
    .all(pv.id, start, end) as {
    t: number;
    n: number;
    sum: number;
    vmax: number | null;
    total: number;
  }[];
}

/** ∫ v dt in (value unit × h) over raw samples taken every `intervalMs`. */
function integral(rows: readonly { v: number | null }[], intervalMs: number): number {
  return rows.reduce((s, r) => s + (r.v ?? 0), 0) * (intervalMs / HOUR);
}

/** The day [start, end) of a yyyy-MM-dd date in the plant's zone. */
export function dayOf(server: PlantServer, date: string) {
  const zone = server.context.config.plantTimeZone;
  const naive = parseReportDate(date)!;
  return { start: fromNaiveMs(naive, zone), end: fromNaiveMs(naive + 24 * HOUR, zone) };
}

export function flowName(def: StationDef): string {
  return def.store?.mode === 'empty' ? 'Förderstrom' : 'Durchfluss';
}

export interface StationDayFigures {
  station: number;
  date: string;
  /** Daily report (config nr·100+1): the flow's volume, the volume counter, the energy counter. */
  reportFlowVolumeM3: number;
  reportCounterVolumeM3: number;
  reportEnergyKwh: number | null;
  /** The raw archive of the day integrated: flow in m³, power in kWh. */
  archiveFlowIntegralM3: number;
  archivePowerIntegralKwh: number | null;
  /** The energy page's last complete day. */
  pageDayStart: number | null;
  pageEnergyKwh: number | null;
  pageVolumeM3: number | null;
  pageKwhPerM3: number | null;
  /** Highest raw station flow of the day and the most its pumps may deliver. */
  maxFlowM3h: number;
  ratedFlowM3h: number;
  /** Highest quarter-hour volume of any one pump as m³/h. */
  maxPumpFlowM3h: number;
  datasheetFlowM3h: number | null;
  datasheetPowerKw: number | null;
}

export async function stationDayFigures(
  server: PlantServer,
  def: StationDef,
  date: string,
): Promise<StationDayFigures> {
  const { start, end } = dayOf(server, date);
  const interval = FIGURE_SPANS.rawIntervalMs;
  const flow = configOf(server, def.nr, flowName(def))!;
  const counter = configOf(server, def.nr, /^(Fördermenge|Zulaufmenge|Durchflussmenge)$/)!;
  const energy = configOf(server, def.nr, 'Energieverbrauch');
  const power = configOf(server, def.nr, 'Leistungsaufnahme');
  const configId = def.nr * 100 + 1;
  const report = await get<ReportData>(
    server,
    `${reportPath(REPORT_API.data, { configId, kind: 'Daily' })}?date=${date}`,
  );
  const configs = await get<ReportConfig[]>(server, reportPath(REPORT_API.configs, { id: def.nr }));
  const config = configs.find((c) => c.id === configId)!;
  const total = (id: string) => {
    const i = config.columns.findIndex((c) => c.id === id);
    if (i < 0) throw new Error(`no column ${id} in report ${config.id}`);
    return report.totals[i]!.sum ?? 0;
  };
  const flowKey = pvKey(flow.pvRef);
  let page: SpecificEnergy | null = null;
  if (energy) {
    const spans = await get<SpecificEnergy[]>(server, `/api/energy/stations/${def.nr}/specific`);
    page = spans.find((s) => s.span === 'day') ?? null;
  }
  let maxPump = 0;
  for (let p = 1; p <= def.pumps; p++) {
    const c = configOf(server, def.nr, new RegExp(`pumpe ${p} Fördermenge$`))!;
    for (const q of quarters(server, c.pvRef, start, end)) maxPump = Math.max(maxPump, q.total * 4);
  }
  let datasheetFlow: number | null = null;
  let datasheetPower: number | null = null;
  const pump = configOf(server, def.nr, /pumpe 1 Betrieb$/);
  if (pump) {
    const sheet = await get<DatasheetResult<DatasheetDataEntry>>(
      server,
      `/api/maintenance/datasheets/data?pvType=${pump.pvRef.type}&pvNr=${pump.pvRef.nr}`,
    );
    const value = (label: string) => {
      const row = sheet.entries.find((e) => e.label === label);
      return row ? Number(row.value) : null;
    };
    datasheetFlow = value('Förderstrom');
    datasheetPower = value('Nennleistung');
  }
  const flowRaw = raw(server, flow.pvRef, start, end);
  return {
    station: def.nr,
    date,
    reportFlowVolumeM3: total(`${flowKey}:volume`),
    reportCounterVolumeM3: total(`${pvKey(counter.pvRef)}:sum`),
    reportEnergyKwh: energy ? total(`${pvKey(energy.pvRef)}:sum`) : null,
    archiveFlowIntegralM3: integral(flowRaw, interval),
    archivePowerIntegralKwh: power
      ? integral(raw(server, power.pvRef, start, end), interval)
      : null,
    pageDayStart: page?.from ?? null,
    pageEnergyKwh: page?.energyKwh ?? null,
    pageVolumeM3: page?.volumeM3 ?? null,
    pageKwhPerM3: page?.kwhPerM3 ?? null,
    maxFlowM3h: Math.max(0, ...flowRaw.map((r) => r.v ?? 0)),
    ratedFlowM3h: def.pumps * def.pumpFlow,
    maxPumpFlowM3h: maxPump,
    datasheetFlowM3h: datasheetFlow,
    datasheetPowerKw: datasheetPower,
  };
}

export interface BasinFigures {
  station: number;
  crestM: number;
  /** Quarter hours of the range with water over the weir, and the lowest top level among them. */
  overflowQuarters: number;
  lowestLevelWhileOverflowing: number | null;
  overflowVolumeM3: number;
  events: number;
  overflowEvents: number;
  /** Events flagged as overflow whose highest level stayed below the crest. */
  overflowsBelowCrest: number;
}

export async function basinFigures(
  server: PlantServer,
  def: StationDef,
  start: number,
  end: number,
): Promise<BasinFigures> {
  const level = configOf(server, def.nr, 'Füllstand Becken')!;
  const volume = configOf(server, def.nr, 'Entlastungsmenge')!;
  const crest = level.domainConfig!.max;
  const levels = new Map(quarters(server, level.pvRef, start, end).map((q) => [q.t, q.vmax]));
  let n = 0;
  let lowest: number | null = null;
  let total = 0;
  for (const q of quarters(server, volume.pvRef, start, end)) {
    if (q.total <= 0) continue;
    n++;
    total += q.total;
    const top = levels.get(q.t) ?? null;
    if (top !== null) lowest = lowest === null ? top : Math.min(lowest, top);
  }
  const events: RuebEvents['ruebEvents'] = [];
  const zone = server.context.config.plantTimeZone;
  const months = new Set<string>();
  for (let t = start; t < end; t += 24 * HOUR) {
    const d = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
    })
      .formatToParts(t)
      .reduce<Record<string, string>>((o, p) => ({ ...o, [p.type]: p.value }), {});
    months.add(`${d.year}/${d.month}`);
  }
  for (const m of months) {
    const [year, month] = m.split('/');
    const res = await get<RuebEvents>(
      server,
      reportPath(REPORT_API.ruebEvents, { station: def.nr, year: year!, month: month! }),
    );
    events.push(...res.ruebEvents.filter((e) => e.start >= start && e.start < end));
  }
  return {
    station: def.nr,
    crestM: crest,
    overflowQuarters: n,
    lowestLevelWhileOverflowing: lowest,
    overflowVolumeM3: total,
    events: events.length,
    overflowEvents: events.filter((e) => e.overflow).length,
    overflowsBelowCrest: events.filter((e) => e.overflow && (e.maxLevel ?? 0) < crest - 0.005)
      .length,
  };
}

/** The stations whose pumps draw power: the energy page lists them. */
export const PUMP_STATIONS = STATION_CATALOG.filter((s) => s.pumps > 0);
export const BASINS = STATION_CATALOG.filter((s) => s.kind === 'stormwaterTank');
