/**
 * The CSV of a chart export (contract ChartExportBody): semicolon separated, one header line,
 * one line per timestamp over all series, empty cells for gaps, ISO 8601 timestamps with the
 * plant's offset, optionally with decimal commas. A digital PV's states are words there too, as
 * on its page: its state texts ('Läuft', 'Aus'; a mean reads '25 % Läuft'), not 0 and 1.
 */
import type { SeriesConfig } from '../../src/contract/charts.ts';
import { LIMIT_TYPES, type LimitType } from '../../src/contract/enums.ts';
import type { AnaLimitConfig } from '../../src/contract/pv.ts';
import { csvCell } from '../../src/domain/csvCell.ts';
import { LIMIT_SUFFIX } from '../../src/domain/pvAlarm.ts';
import { digitalStateText } from '../../src/domain/pvFormat.ts';
import { dateIn, zoneOffsetMs } from '../../src/domain/clock.ts';
import type { SeriesData } from './ChartDataService.ts';

const LIMIT_FIELD: Record<LimitType, keyof AnaLimitConfig> = {
  Bottom: 'lower',
  BottomMiddle: 'lowerMid',
  TopMiddle: 'upperMid',
  Top: 'upper',
};

const HOUR_MS = 3_600_000;

/** The one CSV cell of the product (src/domain/csvCell.ts), as the tab's exports write it. */
export { csvCell };

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Local ISO 8601 with offset; the offset is looked up once per hour of timestamps. */
export function localTimestampFormatter(zone: string): (t: number) => string {
  let hour = NaN;
  let offset = 0;
  return (t) => {
    const h = Math.floor(t / HOUR_MS);
    if (h !== hour) {
      hour = h;
      offset = zoneOffsetMs(t, zone);
    }
    const d = new Date(t + offset);
    const abs = Math.abs(offset) / 60_000;
    const sign = offset < 0 ? '-' : '+';
    return (
      `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
      `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
    );
  };
}

export function seriesLabel(s: SeriesData): string {
  const name = s.config?.name ?? `${s.request.pv.type}-${s.request.pv.nr}`;
  const unit = s.config?.dimension ? ` [${s.config.dimension}]` : '';
  return `${name}${unit} (${s.request.pvSubtype})`;
}

/** A limit line of the chart, exported as a column of its own (SPEC §3 suffix codes). */
export interface ExportLimit {
  /** `<PV name> <code> [<unit>]`, e.g. `Füllstand ogw [m]`. */
  label: string;
  value: number;
  decimals: number;
}

/**
 * The limit columns of a stored chart's export: every limit a series shows (showLimit…) that
 * the PV has set, named by the SPEC §3 suffix code (ugw, mugw, mogw, ogw).
 */
export function exportLimits(
  chartSeries: readonly SeriesConfig[],
  exported: readonly SeriesData[],
): ExportLimit[] {
  const out: ExportLimit[] = [];
  for (const s of exported) {
    const shown = chartSeries.find((c) => c.id === s.request.seriesId);
    const limits = s.config?.anaLimitConfig;
    if (!shown || !limits || !s.config) continue;
    for (const type of LIMIT_TYPES) {
      const value = limits[LIMIT_FIELD[type]];
      if (!shown[`showLimit${type}`] || value === null || value === undefined) continue;
      const unit = s.config.dimension ? ` [${s.config.dimension}]` : '';
      out.push({
        label: `${s.config.name} ${LIMIT_SUFFIX[type]}${unit}`,
        value,
        decimals: Math.max(0, Math.min(6, s.config.decimalPlaces ?? 2)),
      });
    }
  }
  return out;
}

/**
 * The CSV of an export, its times in the plant's zone (PEGEL_PLANT_TIME_ZONE); limit columns,
 * when given, follow the series and repeat the limit on every line.
 */
export function chartCsv(
  series: readonly SeriesData[],
  decimalComma: boolean,
  zone: string,
  limits: readonly ExportLimit[] = [],
): string {
  const times = new Set<number>();
  for (const s of series) for (const t of s.data.points.t) times.add(t);
  const sorted = [...times].sort((a, b) => a - b);
  const format = localTimestampFormatter(zone);
  const lines = [
    ['Zeitstempel', ...series.map(seriesLabel), ...limits.map((l) => l.label)]
      .map(csvCell)
      .join(';'),
  ];
  const number = (v: number, decimals: number) => {
    const text = v.toFixed(decimals);
    return decimalComma ? text.replace('.', ',') : text;
  };
  const limitCells = limits.map((l) => number(l.value, l.decimals));
  const cursors = series.map(() => 0);
  const decimals = series.map((s) => {
    const d = Math.max(0, Math.min(6, s.config?.decimalPlaces ?? 2));
    return s.request.pvSubtype === 'Mittelwert' ? Math.min(6, d + 1) : d;
  });
  for (const t of sorted) {
    const cells = [format(t)];
    for (let i = 0; i < series.length; i++) {
      const { t: ts, v } = series[i]!.data.points;
      let c = cursors[i]!;
      let cell = '';
      if (c < ts.length && ts[c] === t) {
        const value = v[c];
        if (value !== null && value !== undefined) {
          const state = digitalStateText(value, series[i]!.config, decimalComma ? 'de' : 'en');
          cell = state === null ? number(value, decimals[i]!) : csvCell(state);
        }
        c++;
      }
      cursors[i] = c;
      cells.push(cell);
    }
    cells.push(...limitCells);
    lines.push(cells.join(';'));
  }
  return lines.join('\r\n') + '\r\n';
}

/** `Title 2026-11-21 – 2026-11-22.csv`, without characters file systems refuse. */
export function exportFileName(title: string, start: number, end: number, zone: string): string {
  const day = (t: number) => dateIn(t, zone);
  const from = day(start);
  const to = day(Math.max(start, end - 1));
  const range = from === to ? from : `${from} – ${to}`;
  // eslint-disable-next-line no-control-regex
  const clean = `${title} ${range}`.replace(/[\u0000-\u001f/\\:*?"<>|]+/g, '_').trim();
  return `${clean}.csv`;
}

/** content-disposition with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .replace(/[–—]/g, '-')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
