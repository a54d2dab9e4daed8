/**
 * The tables of `/alerts/performance` as data (title, columns, rows, the reason when empty):
 * the page draws them, and the CSV and XLSX exports write the very same rows, so what is
 * printed, shown and exported never differs.
 */
import type { TFunction } from 'i18next';
import type { Formatters } from '../../../app/useFormat.ts';
import { pvUrlId } from '../../../contract/keys.ts';
import {
  ALARM_LIST_MAX,
  type AlarmIdentity,
  type AlarmPerformance,
} from '../../../domain/alarmPerformance.ts';
import { durationText, PRIORITY_BANDS, shareText } from './performanceFigures.ts';

export interface TableCell {
  text: string;
  /** What a spreadsheet gets (a number stays a number); `text` when absent. */
  value?: string | number | null;
  /** A link inside the app. */
  href?: string;
  /** Draw as a priority chip of this level. */
  priority?: number;
}

export interface TableColumn {
  label: string;
  num?: boolean;
}

export type TableId =
  | 'floods'
  | 'top10'
  | 'chattering'
  | 'fleeting'
  | 'standing'
  | 'bands'
  | 'levels'
  | 'ackTimes'
  | 'neverAcknowledged';

type ColumnKey =
  | 'start'
  | 'duration'
  | 'count'
  | 'firstAlarm'
  | 'firstAt'
  | 'rank'
  | 'alarm'
  | 'priority'
  | 'share'
  | 'maxPerMinute'
  | 'fleetingCount'
  | 'shortest'
  | 'since'
  | 'activeFor'
  | 'state'
  | 'band'
  | 'recommended'
  | 'acknowledged'
  | 'median'
  | 'p90'
  | 'raised';

export interface PerformanceTable {
  id: TableId;
  title: string;
  columns: TableColumn[];
  rows: TableCell[][];
  /** Why the table is empty, in words ('Kein Alarmschwall im Zeitraum'). */
  empty: { title: string; reason: string };
  /** Rows the page draws (the export writes all); the rest is counted in a note. */
  shownRows: number;
  /** Rows of the whole list: the figures the page gets hold the first ALARM_LIST_MAX (AP12). */
  total: number;
}

/** Rows a table of the page lists at most (never-acknowledged, fleeting, chattering alarms can
 * be thousands): as many as the engine answers the page; the export holds all. */
export const NEVER_ACK_SHOWN = ALARM_LIST_MAX;

/** How many tables the page has. */
export const TABLE_COUNT = 9;

/**
 * Rows a step of the page adds to a table at most (PerformanceTables): a table of 100 rows
 * with priority chips was one task of 3–12 ms on a core to render.
 */
export const ROWS_PER_STEP = 25;

/**
 * How many steps the page takes to draw tables of `rowCounts` rows: one for all the tables
 * without rows (headings, column heads, empty reasons), then one per `perStep` rows of each.
 */
export function tableStepCount(rowCounts: readonly number[], perStep = ROWS_PER_STEP): number {
  return 1 + rowCounts.reduce((n, count) => n + Math.ceil(count / perStep), 0);
}

/**
 * The rows of each table drawn after `step` steps (tableStepCount): none after the first, then
 * `perStep` more of the first table not yet whole with each step, tables in order.
 */
export function rowsAfterStep(
  rowCounts: readonly number[],
  step: number,
  perStep = ROWS_PER_STEP,
): number[] {
  let left = Math.max(0, step - 1);
  return rowCounts.map((count) => {
    // The steps this table takes of those left; its last one may add fewer rows.
    const taken = Math.min(Math.ceil(count / perStep), left);
    left -= taken;
    return Math.min(count, taken * perStep);
  });
}

/** A PV's alert history, or the station's for an alarm of another source. */
export function historyHref(alarm: AlarmIdentity): string | undefined {
  if (alarm.pvRef) return `/alerts/history?pv=${pvUrlId(alarm.pvRef)}`;
  if (alarm.stationNumber !== null) return `/alerts/history?station=${alarm.stationNumber}`;
  return undefined;
}

/**
 * An alarm as one line: station, source and text, each said once (a plant's alert text often
 * repeats the station and source already: "Station Süd: Pumpe 2 Störung").
 */
export function alarmName(alarm: AlarmIdentity): string {
  const { stationName, sourceName, text } = alarm;
  const has = (part: string) => part === '' || text.includes(part);
  if (text === '') return [stationName, sourceName].filter((s) => s !== '').join(': ');
  if (has(sourceName)) return has(stationName) ? text : `${stationName}: ${text}`;
  const where = [stationName, sourceName].filter((s) => s !== '').join(': ');
  return where === '' ? text : `${where} – ${text}`;
}

export function performanceTables(
  p: AlarmPerformance,
  t: TFunction,
  format: Formatters,
  priorityName: (level: number) => string,
  /** The alarm's words in the user's language (its limit words, useAlarmText). */
  alarmText: (text: string) => string = (text) => text,
  /**
   * Rows made per table at most (the page: the rows it draws); every row when absent (the
   * export). A table's total still counts them all. The engine answers the page the first
   * ALARM_LIST_MAX rows of each long list (AF13), so this is the same cap again.
   */
  rowsAtMost?: number,
): PerformanceTable[] {
  const k = 'alerts.performance.tables' as const;
  const first = <T>(list: readonly T[]): readonly T[] =>
    rowsAtMost === undefined || list.length <= rowsAtMost ? list : list.slice(0, rowsAtMost);
  // Times are written as shown (the plant's zone), not as epoch numbers.
  const time = (ms: number) => ({ text: format.dateTime(ms, { seconds: false }) });
  const timeSec = (ms: number) => ({ text: format.dateTime(ms) });
  const count = (n: number) => ({ text: format.number(n, 0), value: n });
  const share = (s: number) => ({
    text: shareText(s, format),
    value: Math.round(s * 10_000) / 10_000,
  });
  const duration = (ms: number | null) =>
    ms === null
      ? { text: '–', value: null }
      : { text: durationText(ms, format.locale), value: Math.round(ms / 1000) };
  const alarm = (a: AlarmIdentity, link = false): TableCell => ({
    text: alarmText(alarmName(a)),
    ...(link ? { href: historyHref(a) } : {}),
  });
  const prio = (level: number): TableCell => ({
    text: priorityName(level) ? `${level} ${priorityName(level)}` : String(level),
    value: level,
    priority: level,
  });
  const col = (key: ColumnKey, num = false): TableColumn => ({
    label: t(`${k}.columns.${key}`),
    num,
  });
  const empty = (id: TableId) => ({
    title: t(`${k}.${id}.empty`),
    reason: t(`${k}.${id}.emptyReason`),
  });
  const table = (
    id: TableId,
    columns: TableColumn[],
    rows: TableCell[][],
    total = rows.length,
  ): PerformanceTable => ({
    id,
    title: t(`${k}.${id}.title`),
    columns,
    rows,
    empty: empty(id),
    // A long table is drawn in part (the export holds all): 100,000 alerts may make thousands
    // of fleeting or chattering rows, and drawing them all was one long task.
    shownRows: Math.min(rows.length, NEVER_ACK_SHOWN),
    total: Math.max(total, rows.length),
  });
  return [
    table(
      'floods',
      [col('start'), col('duration', true), col('count', true), col('firstAlarm'), col('firstAt')],
      first(p.floods).map((f) => [
        time(f.start),
        duration(f.end - f.start),
        count(f.count),
        alarm(f.first, true),
        timeSec(f.firstAt),
      ]),
      p.floodCount,
    ),
    table(
      'top10',
      [col('rank', true), col('alarm'), col('priority'), col('count', true), col('share', true)],
      first(p.top10).map((c, i) => [
        count(i + 1),
        alarm(c.alarm, true),
        prio(c.alarm.priority),
        count(c.count),
        share(c.share),
      ]),
      p.top10.length,
    ),
    table(
      'chattering',
      [col('alarm'), col('count', true), col('maxPerMinute', true)],
      first(p.chattering).map((c) => [alarm(c.alarm, true), count(c.count), count(c.maxPerMinute)]),
      p.chatteringCount,
    ),
    table(
      'fleeting',
      [col('alarm'), col('fleetingCount', true), col('shortest', true)],
      first(p.fleeting).map((f) => [alarm(f.alarm, true), count(f.count), duration(f.shortestMs)]),
      p.fleetingCount,
    ),
    table(
      'standing',
      [col('alarm'), col('since'), col('activeFor', true), col('state')],
      first(p.standing).map((s) => [
        alarm(s.alarm, true),
        time(s.since),
        duration(s.activeMs),
        { text: t(`${k}.standing.${s.active ? 'active' : 'cleared'}`) },
      ]),
      p.standingCount,
    ),
    table(
      'bands',
      [col('band'), col('count', true), col('share', true), col('recommended', true)],
      PRIORITY_BANDS.map((band) => {
        const s = p.priorities.find((x) => x.band === band);
        return [
          { text: t(`alerts.performance.bands.${band}`) },
          count(s?.count ?? 0),
          share(s?.share ?? 0),
          share(s?.recommended ?? 0),
        ];
      }),
    ),
    table(
      'levels',
      [col('priority'), col('band'), col('count', true), col('share', true)],
      p.perPriority.map((n, level) => [
        prio(level),
        {
          text: t(
            `alerts.performance.bands.${level <= 2 ? 'high' : level <= 4 ? 'medium' : 'low'}`,
          ),
        },
        count(n),
        share(p.total > 0 ? n / p.total : 0),
      ]),
    ),
    table(
      'ackTimes',
      [col('band'), col('acknowledged', true), col('median', true), col('p90', true)],
      p.ackTimes.map((a) => [
        { text: t(`alerts.performance.bands.${a.band}`) },
        count(a.acknowledged),
        duration(a.medianMs),
        duration(a.p90Ms),
      ]),
    ),
    table(
      'neverAcknowledged',
      [col('raised'), col('priority'), col('alarm')],
      first(p.neverAcknowledged).map((n) => [
        timeSec(n.timestamp),
        prio(n.priority),
        alarm(n.alarm, true),
      ]),
      p.neverAcknowledgedCount,
    ),
  ];
}

/** A table is empty when it has no row, or (levels, bands) when the period has no alarm. */
export function isEmptyTable(table: PerformanceTable, p: AlarmPerformance): boolean {
  if (table.id === 'bands' || table.id === 'levels') return p.total === 0;
  if (table.id === 'ackTimes') return p.ackTimes.every((a) => a.acknowledged === 0);
  return table.rows.length === 0;
}
