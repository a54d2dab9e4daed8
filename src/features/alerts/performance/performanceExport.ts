/**
 * The figures and tables as one sheet of rows, for CSV (the app's semicolon CSV) and XLSX
 * (write-excel-file, fetched with the first export): the period and station first, then each
 * figure with its benchmark and verdict, then every table in full, a blank row between parts.
 */
import type { TFunction } from 'i18next';
import type { Formatters } from '../../../app/useFormat.ts';
import type { AlarmPerformance } from '../../../domain/alarmPerformance.ts';
import { dateIn } from '../../../domain/clock.ts';
import { figuresOf, bandShares } from './performanceFigures.ts';
import type { PerformanceTable } from './performanceTables.ts';

export type SheetCell = string | number | null;

export function performanceSheet(
  p: AlarmPerformance,
  tables: readonly PerformanceTable[],
  t: TFunction,
  format: Formatters,
  stationName: string,
): SheetCell[][] {
  const k = 'alerts.performance';
  const rows: SheetCell[][] = [
    [t(`${k}.title`)],
    [
      t(`${k}.export.period`),
      format.dateTime(p.request.start, { seconds: false }),
      format.dateTime(p.request.end, { seconds: false }),
    ],
    [t(`${k}.choice.station`), stationName],
    [t(`${k}.export.total`), p.total],
  ];
  if (p.truncated) rows.push([t(`${k}.truncated`)]);
  rows.push(
    [],
    [
      t(`${k}.export.figure`),
      t(`${k}.export.value`),
      t(`${k}.export.benchmark`),
      t(`${k}.export.verdict`),
    ],
  );
  const shares = bandShares(p);
  for (const f of figuresOf(p)) {
    const value =
      f.kind === 'share' || f.kind === 'rate' ? Math.round(f.value * 10_000) / 10_000 : f.value;
    const limit =
      f.kind === 'share' ? `${f.limit * 100} %` : `${f.compare === 'below' ? '<' : '≤'} ${f.limit}`;
    rows.push([
      t(`${k}.figures.${f.id}.label`),
      f.id === 'priorities'
        ? `${Math.round(shares.high * 1000) / 10} / ${Math.round(shares.medium * 1000) / 10} / ${Math.round(shares.low * 1000) / 10} %`
        : value,
      f.id === 'priorities' ? '5 / 15 / 80 %' : limit,
      t(`${k}.verdict.${f.verdict}`),
    ]);
  }
  for (const table of tables) {
    rows.push([], [table.title]);
    if (table.rows.length === 0) {
      rows.push([table.empty.title]);
      continue;
    }
    rows.push(table.columns.map((c) => c.label));
    for (const row of table.rows)
      rows.push(row.map((c) => (c.value === undefined ? c.text : c.value)));
  }
  return rows;
}

/**
 * `alarm-performance-plant-2026-10-25-2026-10-25`: the period's first and last day on the
 * plant's clock (the figures' zone), as the chart export names its range; a period ending at
 * midnight ends the day before.
 */
export function fileBaseOf(p: AlarmPerformance): string {
  const { start, end, stationNumber, timeZone } = p.request;
  const day = (ms: number) => dateIn(ms, timeZone);
  const station = stationNumber === null ? 'plant' : `station-${stationNumber}`;
  return `alarm-performance-${station}-${day(start)}-${day(Math.max(start, end - 1))}`;
}
