/** Labels and export rows of a report, shared by the page, its exports and its tests. */
import type { TFunction } from 'i18next';
import type {
  ReportAggregation,
  ReportConfig,
  ReportData,
  ReportResolution,
} from '../../contract/reports.ts';
import type { Formatters } from '../../app/useFormat.ts';
import type { DigiDisplayConfig, PvConfig } from '../../contract/pv.ts';
import { pvKey } from '../../contract/keys.ts';
import type { FormatLocale } from '../../domain/format.ts';
import { digitalStateText } from '../../domain/pvFormat.ts';
import { dateTimeFormat } from '../../domain/clock.ts';
import { parseReportDate } from '../../domain/reportPeriod.ts';
import type { XlsxCell } from '../../platform/xlsxExport.ts';

/** Aggregations whose rows add up (the footer shows their sum). */
export const SUMMABLE: ReadonlySet<ReportAggregation> = new Set([
  'sum',
  'count',
  'operatingHours',
  'switchCycles',
  'volume',
]);

export function rowLabel(
  t: number,
  end: number,
  resolution: ReportResolution,
  format: Formatters,
): string {
  const zone = format.timeZone;
  switch (resolution) {
    case 'QuarterHour':
    case 'Hour':
      return `${format.dateTime(t, { part: 'time', seconds: false })}–${format.dateTime(end, {
        part: 'time',
        seconds: false,
      })}`;
    case 'Day':
      return dateTimeFormat(format.locale, {
        weekday: 'short',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: zone,
      }).format(t);
    case 'Month':
      return dateTimeFormat(format.locale, {
        month: 'long',
        year: 'numeric',
        timeZone: zone,
      }).format(t);
    default:
      return String(t);
  }
}

/** The period as text: a day, a week range, a month, a year. */
export function periodLabel(data: ReportData, format: Formatters, t: TFunction): string {
  const zone = format.timeZone;
  const day = (at: number) => format.dateTime(at, { part: 'date' });
  switch (data.kind) {
    case 'Daily':
      return dateTimeFormat(format.locale, {
        weekday: 'long',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: zone,
      }).format(data.start);
    case 'Monthly':
      return dateTimeFormat(format.locale, {
        month: 'long',
        year: 'numeric',
        timeZone: zone,
      }).format(data.start);
    case 'Annual':
      return dateTimeFormat(format.locale, { year: 'numeric', timeZone: zone }).format(data.start);
    default:
      return t('reports.period.range', { from: day(data.start), to: day(data.end - 1) });
  }
}

/**
 * The period asked for while its data load: the date (a special report's two dates) of the
 * address in the user's format, never its raw yyyy-MM-dd; an address that is no date shows as
 * written.
 */
export function requestedPeriodLabel(
  date: string,
  to: string | undefined,
  locale: string,
  t: TFunction,
): string {
  const day = (text: string) => {
    const naive = parseReportDate(text);
    if (naive === null) return text;
    return dateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(naive);
  };
  return to && to !== date
    ? t('reports.period.range', { from: day(date), to: day(to) })
    : day(date);
}

/** A cell of an export: text, a number (stays a number in Excel), or empty. */
export type { XlsxCell };

/**
 * The state texts a column's values read as (issue 41 item 3): a column of a digital PV that
 * shows its state (minimum, maximum, mean) reads as the PV's words, as the station page shows
 * them; operating hours, switching cycles and counts stay numbers.
 */
export type ColumnStates = readonly (DigiDisplayConfig | null)[];

const STATE_AGGREGATIONS: ReadonlySet<string> = new Set(['min', 'max', 'mean']);

/** The state texts of each column, from its PV's configuration (by PV key). */
export function columnStates(
  config: ReportConfig,
  pvConfigs: ReadonlyMap<string, PvConfig>,
): ColumnStates {
  return config.columns.map((c) =>
    c.binding && STATE_AGGREGATIONS.has(c.binding.reportValueType)
      ? (pvConfigs.get(pvKey(c.binding.pvRef))?.digiDisplayConfig ?? null)
      : null,
  );
}

/** A column's value as a state word when the column shows a state; null when it shows a number. */
export function stateCell(
  v: number | null,
  states: ColumnStates,
  index: number,
  locale: FormatLocale,
): string | null {
  const texts = states[index];
  return texts ? digitalStateText(v, { digiDisplayConfig: texts }, locale) : null;
}

/** Header, rows and footer as cells (numbers stay numbers) for CSV and XLSX. */
export function exportTable(
  config: ReportConfig,
  data: ReportData,
  format: Formatters,
  t: TFunction,
  states: ColumnStates = [],
): XlsxCell[][] {
  const head: XlsxCell[] = [
    t('reports.table.time'),
    ...config.columns.map((c) => (c.dimension ? `${c.title} [${c.dimension}]` : c.title)),
  ];
  const rows: XlsxCell[][] = data.rows.map((r) => [
    rowLabel(r.t, r.end, data.resolution, format),
    ...r.values.map(
      (v, i) =>
        stateCell(v, states, i, format.locale) ??
        (v === null ? null : Number(v.toFixed(config.columns[i]?.decimals ?? 2))),
    ),
  ]);
  const foot = (label: string, pick: (i: number) => number | null): XlsxCell[] => [
    label,
    ...config.columns.map((c, i) => {
      const v = pick(i);
      return (
        stateCell(v, states, i, format.locale) ??
        (v === null ? null : Number(v.toFixed(c.decimals)))
      );
    }),
  ];
  const agg = (i: number) => config.columns[i]?.binding?.reportValueType ?? null;
  return [
    head,
    ...rows,
    foot(t('reports.table.sum'), (i) =>
      SUMMABLE.has(agg(i) ?? 'mean') ? (data.totals[i]?.sum ?? null) : null,
    ),
    foot(t('reports.table.mean'), (i) => data.totals[i]?.mean ?? null),
    foot(t('reports.table.min'), (i) => data.totals[i]?.min ?? null),
    foot(t('reports.table.max'), (i) => data.totals[i]?.max ?? null),
  ];
}

/** Cells as the CSV export writes them: numbers in the user's locale. */
export function csvCells(cells: XlsxCell[][], locale: string): string[][] {
  const nf = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 6 });
  return cells.map((row) =>
    row.map((c) => (c === null ? '' : typeof c === 'number' ? nf.format(c) : c)),
  );
}
