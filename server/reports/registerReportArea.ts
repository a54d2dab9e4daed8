/**
 * The report API (SPEC §7 "Report", "Rueb and Sebam"; paths in DESIGN.md): report configs per
 * station, report data computed from the archive, manual input (right writePvs on the
 * report's station, validated per column config, stored with who and when, a control event,
 * pushed on the report data hub), and the overflow-basin (Rueb) configs and events and the
 * Sebam configs. Reading needs a session (401); bad input is a 400 in the one error shape.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PV_TYPES } from '../../src/contract/enums.ts';
import { pvKey } from '../../src/contract/keys.ts';
import type { PvRef } from '../../src/contract/pv.ts';
import {
  REPORT_API,
  REPORT_KINDS,
  reportLiveKey,
  type ManualInputEntry,
  type ReportAnnotation,
  type ReportConfig,
  type ReportData,
  type ReportKind,
  type ReportLiveItem,
  type RuebConfig,
  type RuebEvents,
  type SebamConfigs,
} from '../../src/contract/reports.ts';
import {
  formatReportDate,
  parseReportDate,
  ReportPeriodError,
  reportPeriod,
  todayIn,
  type ReportPeriod,
} from '../../src/domain/reportPeriod.ts';
import { fromNaiveMs } from '../../src/domain/clock.ts';
import type { Archive } from '../archive/createArchive.ts';
import { requireRight, requireUser } from '../auth/guards.ts';
import { hasRight, type SessionUser } from '../auth/service.ts';
import type { ServerContext } from '../context.ts';
import type { ReportDataHubHandle } from '../hubs/keyedHubs.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { Plant } from '../plant/types.ts';
import { ManualInputStore } from './ManualInputStore.ts';
import { ReportConfigs, type StoredReportConfig } from './reportConfigs.ts';
import { ReportDataService, shiftedRows, totalOf } from './ReportDataService.ts';
import { RuebEventFinder, ruebConfigItems, ruebPvs, sebamConfigs } from './rueb.ts';

const MAX_MANUAL_ITEMS = 500;

const configParams = z.strictObject({ id: z.coerce.number().int().min(0).max(1_000_000) });
const dataParams = z.strictObject({
  configId: z.coerce.number().int().min(0).max(1_000_000_000),
  kind: z.enum(REPORT_KINDS),
});
const dataQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected yyyy-MM-dd'),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected yyyy-MM-dd')
    .optional(),
});
const manualItems = z
  .array(
    z.strictObject({
      pv: z.strictObject({ type: z.enum(PV_TYPES), nr: z.number().int().min(0) }),
      index: z.number().int().min(0),
      value: z.number().finite().nullable(),
      state: z.string().max(32).optional(),
      resetManualInput: z.boolean(),
    }),
  )
  .min(1)
  .max(MAX_MANUAL_ITEMS);
const eventParams = z.strictObject({
  station: z.coerce.number().int().min(0).max(1_000_000),
  year: z.coerce.number().int().min(1970).max(9999),
  month: z.coerce.number().int().min(0).max(12),
});

const ANNOTATION_FLAG: Record<ReportKind, string | null> = {
  Daily: 'show_in_day_report',
  Weekly: 'show_in_week_report',
  Monthly: 'show_in_month_report',
  Annual: 'show_in_year_report',
  Special: null,
};

/** May the user enter manual values in reports of this station (0: the whole plant)? */
export function canEditReport(user: SessionUser, stationNumber: number): boolean {
  if (!hasRight(user, 'writePvs')) return false;
  if (user.stations === null) return true;
  return stationNumber !== 0 && user.stations.has(stationNumber);
}

function decimalsOk(value: number, decimals: number): boolean {
  return Math.abs(Number(value.toFixed(decimals)) - value) < 1e-9;
}

export interface ReportArea {
  configs: ReportConfigs;
  data(config: StoredReportConfig, period: ReportPeriod): ReportData;
}

export function registerReportArea(
  app: FastifyInstance,
  ctx: ServerContext,
  plant: Plant,
  archive: Archive,
  hub: ReportDataHubHandle,
): ReportArea {
  const zone = ctx.config.plantTimeZone;
  const configs = new ReportConfigs(plant);
  const service = new ReportDataService(ctx.db);
  const manual = new ManualInputStore(ctx.db);
  const rueb = ruebConfigItems(plant);
  const sebam = sebamConfigs(rueb, plant);
  const events = new RuebEventFinder(ctx.db, archive);

  const periodOf = (config: StoredReportConfig, kind: ReportKind, date: string, to?: string) => {
    try {
      return reportPeriod(kind, date, {
        zone,
        dailyResolution: config.dailyResolution,
        ...(to !== undefined ? { to } : {}),
      });
    } catch (err) {
      if (err instanceof ReportPeriodError) {
        throw badRequest(`Invalid date: ${err.message}`, [{ path: 'date', message: err.message }]);
      }
      throw err;
    }
  };

  const manualEntries = (config: StoredReportConfig, period: ReportPeriod): ManualInputEntry[] => {
    const columns = config.columns.filter((c) => c.manualPv);
    if (columns.length === 0) return [];
    const index = new Map(period.rows.map((r, i) => [r.t, i]));
    const refOf = new Map(columns.map((c) => [pvKey(c.manualPv!), c.manualPv!]));
    return manual
      .list([...refOf.keys()], period.resolution, period.start, period.end)
      .filter((m) => index.has(m.t))
      .map((m) => ({
        pv: refOf.get(m.pvKey)!,
        index: index.get(m.t)!,
        t: m.t,
        value: m.value,
        state: 'Entered' as const,
        enteredBy: m.enteredBy,
        enteredAt: m.enteredAt,
      }));
  };

  const annotationsOf = (config: StoredReportConfig, period: ReportPeriod): ReportAnnotation[] => {
    const flag = ANNOTATION_FLAG[period.kind];
    if (!flag) return [];
    const refs = new Set(
      config.columns.flatMap((c) => (c.binding ? [pvKey(c.binding.pvRef)] : [])),
    );
    const rows = ctx.db
      .prepare(
        `SELECT id, timestamp, pv_type AS type, pv_nr AS nr, text FROM chart_annotations
         WHERE timestamp >= ? AND timestamp < ? AND visible = 1 AND ${flag} = 1
         ORDER BY timestamp LIMIT 500`,
      )
      .all(period.start, period.end) as {
      id: number;
      timestamp: number;
      type: PvRef['type'];
      nr: number;
      text: string;
    }[];
    return rows
      .filter((r) => refs.has(pvKey({ type: r.type, nr: r.nr })))
      .map((r) => ({
        id: r.id,
        timestamp: r.timestamp,
        pv: { type: r.type, nr: r.nr },
        text: r.text,
      }));
  };

  const boundPvs = (config: StoredReportConfig): PvRef[] =>
    config.columns.flatMap((c) => (c.binding ? [c.binding.pvRef] : []));

  const data = (config: StoredReportConfig, period: ReportPeriod): ReportData => {
    const entries = manualEntries(config, period);
    // The columns of one station share one run of its model when their history is first read.
    archive.prepare(boundPvs(config));
    const columns = config.columns.map((col) => {
      if (col.manualPv) {
        const key = pvKey(col.manualPv);
        const values: (number | null)[] = period.rows.map(() => null);
        for (const e of entries) if (pvKey(e.pv) === key) values[e.index] = e.value;
        return { values, times: period.rows.map(() => null) };
      }
      const binding = col.binding!;
      const pv = archive.pv(binding.pvRef);
      if (!pv) return { values: period.rows.map(() => null), times: period.rows.map(() => null) };
      return service.column(
        pv.id,
        pv.kind,
        binding.reportValueType,
        period.resolution,
        shiftedRows(period.rows, binding),
        pv.config.dimension,
      );
    });
    return {
      configId: config.id,
      kind: period.kind,
      date: period.date,
      start: period.start,
      end: period.end,
      resolution: period.resolution,
      rows: period.rows.map((r, i) => ({
        t: r.t,
        end: r.end,
        values: columns.map((c) => c.values[i] ?? null),
        times: columns.map((c) => c.times[i] ?? null),
      })),
      totals: columns.map((c) => totalOf(c.values, c.times, period.rows)),
      manual: entries,
      annotations: annotationsOf(config, period),
      liveKey: reportLiveKey(config.id, period.kind, period.date),
    };
  };

  /** The current manual values of a live key `r{id}_{Kind}_{date}`, or null. */
  hub.setCurrent((key): ReportLiveItem | null => {
    const m = /^r(\d{1,10})_([A-Za-z]+)_(\d{4}-\d{2}-\d{2})$/.exec(key);
    if (!m) return null;
    const config = configs.get(Number(m[1]));
    const kind = REPORT_KINDS.find((k) => k === m[2]);
    if (!config || !kind || kind === 'Special') return null;
    try {
      const period = reportPeriod(kind, m[3]!, { zone, dailyResolution: config.dailyResolution });
      return { key, manual: manualEntries(config, period) };
    } catch {
      return null;
    }
  });

  const toConfig = (c: StoredReportConfig, user: SessionUser): ReportConfig => ({
    ...c,
    currentUserCanEdit: canEditReport(user, c.stationNumber),
  });

  const configFor = (user: SessionUser, id: number, kind: ReportKind) => {
    const config = configs.get(id);
    if (!config) throw notFound(`No report config ${id}`);
    if (!config.kinds.includes(kind)) {
      throw badRequest(`Report ${id} has no ${kind} view`, [
        { path: 'kind', message: `one of ${config.kinds.join(', ')}` },
      ]);
    }
    return config;
  };

  app.get(REPORT_API.configs, async (request): Promise<ReportConfig[]> => {
    const user = requireUser(ctx, request);
    const { id } = parse(configParams, request.params, 'station');
    if (id !== 0 && !plant.stations().some((s) => s.id === id)) {
      throw notFound(`No station ${id}`);
    }
    return configs.ofStation(id).map((c) => toConfig(c, user));
  });

  app.get(REPORT_API.data, async (request): Promise<ReportData> => {
    const user = requireUser(ctx, request);
    const { configId, kind } = parse(dataParams, request.params, 'report');
    const query = parse(dataQuery, request.query, 'query');
    const config = configFor(user, configId, kind);
    const period = periodOf(config, kind, query.date, query.to);
    // A first read's history is computed in the history thread, not on the event loop.
    await archive.prepareOffThread(boundPvs(config));
    return data(config, period);
  });

  app.post(REPORT_API.manualInput, async (request): Promise<ReportLiveItem> => {
    const user = requireUser(ctx, request);
    const { configId, kind } = parse(dataParams, request.params, 'report');
    const query = parse(dataQuery, request.query, 'query');
    const items = parse(manualItems, request.body, 'manual input');
    const config = configFor(user, configId, kind);
    if (!hasRight(user, 'writePvs')) requireRight(ctx, request, 'writePvs');
    if (!canEditReport(user, config.stationNumber)) {
      throw forbidden(`Insufficient rights: station ${config.stationNumber} is not yours`);
    }
    const period = periodOf(config, kind, query.date, query.to);
    const columns = new Map(
      config.columns.filter((c) => c.manualPv).map((c) => [pvKey(c.manualPv!), c]),
    );
    const issues: { path: string; message: string }[] = [];
    items.forEach((item, i) => {
      const col = columns.get(pvKey(item.pv));
      if (!col || !col.manual) {
        issues.push({ path: `${i}.pv`, message: 'not a manual column of this report' });
        return;
      }
      if (item.index >= period.rows.length) {
        issues.push({ path: `${i}.index`, message: `row ${item.index} outside the period` });
        return;
      }
      if (item.resetManualInput) return;
      const { domain, decimals } = col.manual;
      if (item.value === null) {
        issues.push({ path: `${i}.value`, message: 'a value is required' });
      } else if (item.value < domain.min || item.value > domain.max) {
        issues.push({
          path: `${i}.value`,
          message: `outside ${domain.min} … ${domain.max}`,
        });
      } else if (!decimalsOk(item.value, decimals)) {
        issues.push({ path: `${i}.value`, message: `at most ${decimals} decimals` });
      }
    });
    if (issues.length > 0) {
      throw badRequest(`Invalid manual input: ${issues[0]!.path}: ${issues[0]!.message}`, issues);
    }
    const now = ctx.now();
    manual.save(
      items.map((item) => ({
        pvKey: pvKey(item.pv),
        t: period.rows[item.index]!.t,
        value: item.resetManualInput ? undefined : item.value,
      })),
      period.resolution,
      user.username,
      now,
    );
    for (const item of items) {
      const col = columns.get(pvKey(item.pv))!;
      const at = new Date(period.rows[item.index]!.t).toISOString();
      ctx.audit?.({
        category: 'System',
        user: user.username,
        text: item.resetManualInput
          ? `Handeingabe gelöscht: ${config.name}, ${col.title}, ${at}`
          : `Handeingabe: ${config.name}, ${col.title}, ${at} = ${item.value} ${col.dimension}`,
        control: {
          stationNumber: config.stationNumber || null,
          stationName: config.stationName,
          pvRef: item.pv,
        },
      });
    }
    const key = reportLiveKey(config.id, kind, period.date);
    const live: ReportLiveItem = { key, manual: manualEntries(config, period) };
    hub.publishReportData(key, live);
    // Day values also show in the other reports with day rows: every week that holds one of
    // the days (a week ends on its date) and their month.
    if (period.resolution === 'Day') {
      const others = new Set<string>();
      for (const item of items) {
        const day = parseReportDate(todayIn(period.rows[item.index]!.t, zone))!;
        for (let k = 0; k < 7; k++) others.add(`Weekly_${formatReportDate(day + k * 86_400_000)}`);
        others.add(`Monthly_${formatReportDate(day).slice(0, 8)}01`);
      }
      for (const other of others) {
        const [otherKind, date] = other.split('_') as ['Weekly' | 'Monthly', string];
        const otherKey = reportLiveKey(config.id, otherKind, date);
        if (otherKey === key || !config.kinds.includes(otherKind)) continue;
        const otherPeriod = reportPeriod(otherKind, date, { zone });
        hub.publishReportData(otherKey, {
          key: otherKey,
          manual: manualEntries(config, otherPeriod),
        } satisfies ReportLiveItem);
      }
    }
    return live;
  });

  app.get(REPORT_API.ruebConfigs, async (request): Promise<RuebConfig> => {
    requireUser(ctx, request);
    return { ruebConfigItems: rueb };
  });

  app.get(REPORT_API.ruebEvents, async (request): Promise<RuebEvents> => {
    requireUser(ctx, request);
    const { station, year, month } = parse(eventParams, request.params, 'rueb events');
    const items = station === 0 ? rueb : rueb.filter((r) => r.stationNumber === station);
    if (items.length === 0) throw notFound(`No overflow basin at station ${station}`);
    const start = fromNaiveMs(Date.UTC(year, month === 0 ? 0 : month - 1, 1), zone);
    const end = fromNaiveMs(
      month === 0 ? Date.UTC(year + 1, 0, 1) : Date.UTC(year, month, 1),
      zone,
    );
    const now = ctx.now();
    await archive.prepareOffThread(items.flatMap(ruebPvs));
    return {
      ruebEvents: items
        .flatMap((item) => events.events(item, start, end, now))
        .sort((a, b) => a.start - b.start || a.stationNumber - b.stationNumber),
    };
  });

  app.get(REPORT_API.sebamConfigs, async (request): Promise<SebamConfigs> => {
    requireUser(ctx, request);
    return { configs: sebam };
  });

  return { configs, data };
}
