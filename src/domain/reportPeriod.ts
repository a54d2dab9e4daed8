/**
 * The period and rows of a report (SPEC §2 reports, §9 "Week report starts 6 days back",
 * "Report date format yyyy-MM-dd"), the same on server and client: a daily report has rows per
 * hour or quarter hour (23 or 25 hours on a DST day), a weekly report the seven days ending on
 * its date, a monthly report the days of the month, an annual report its months, a special
 * report the days from its date to its end date.
 */
import type { ReportKind, ReportResolution } from '../contract/reports.ts';
import { HOUR_MS, QUARTER_HOUR_MS } from './timeUnits.ts';
import { dateIn, fromNaiveMs } from './clock.ts';

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The longest special report (days). */
export const MAX_SPECIAL_DAYS = 366;

/** A calendar date as UTC midnight of that date (zone-free arithmetic). */
export function parseReportDate(text: string): number | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const naive = Date.UTC(y, mo, d);
  const check = new Date(naive);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo || check.getUTCDate() !== d) {
    return null;
  }
  if (y < 1970 || y > 9999) return null;
  return naive;
}

export function formatReportDate(naive: number): string {
  return new Date(naive).toISOString().slice(0, 10);
}

/** Today's date on the plant's wall clock, as yyyy-MM-dd. */
export function todayIn(now: number, zone: string): string {
  return dateIn(now, zone);
}

function addMonths(naive: number, months: number): number {
  const d = new Date(naive);
  const target = d.getUTCMonth() + months;
  const year = d.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(d.getUTCDate(), last));
}

export interface ReportRowSpan {
  t: number;
  end: number;
}

export interface ReportPeriod {
  kind: ReportKind;
  /** The period's key date: the day (daily, weekly, special), the 1st of the month or year. */
  date: string;
  /** Special: the last day included. */
  to: string;
  start: number;
  end: number;
  resolution: ReportResolution;
  rows: ReportRowSpan[];
}

export class ReportPeriodError extends Error {}

/**
 * The period of a report on `date` (yyyy-MM-dd) in the plant's zone. Special reports run from
 * `date` to `to` (inclusive, at most MAX_SPECIAL_DAYS). Throws ReportPeriodError for bad input.
 */
export function reportPeriod(
  kind: ReportKind,
  date: string,
  options: { zone: string; dailyResolution?: 'QuarterHour' | 'Hour'; to?: string },
): ReportPeriod {
  const zone = options.zone;
  const day = parseReportDate(date);
  if (day === null) throw new ReportPeriodError(`'${date}' is not a date yyyy-MM-dd`);
  const at = (naive: number) => fromNaiveMs(naive, zone);
  const dayRows = (from: number, days: number): ReportRowSpan[] =>
    Array.from({ length: days }, (_, i) => ({
      t: at(from + i * DAY_MS),
      end: at(from + (i + 1) * DAY_MS),
    }));
  switch (kind) {
    case 'Daily': {
      const start = at(day);
      const end = at(day + DAY_MS);
      const step = options.dailyResolution === 'QuarterHour' ? QUARTER_HOUR_MS : HOUR_MS;
      const rows: ReportRowSpan[] = [];
      for (let t = start; t < end; t += step) rows.push({ t, end: Math.min(t + step, end) });
      const resolution = options.dailyResolution ?? 'Hour';
      return { kind, date, to: date, start, end, resolution, rows };
    }
    case 'Weekly': {
      const first = day - 6 * DAY_MS;
      const rows = dayRows(first, 7);
      return {
        kind,
        date,
        to: date,
        start: rows[0]!.t,
        end: rows[6]!.end,
        resolution: 'Day',
        rows,
      };
    }
    case 'Monthly': {
      const d = new Date(day);
      const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
      const days = Math.round((addMonths(first, 1) - first) / DAY_MS);
      const rows = dayRows(first, days);
      return {
        kind,
        date: formatReportDate(first),
        to: formatReportDate(first + (days - 1) * DAY_MS),
        start: rows[0]!.t,
        end: rows.at(-1)!.end,
        resolution: 'Day',
        rows,
      };
    }
    case 'Annual': {
      const first = Date.UTC(new Date(day).getUTCFullYear(), 0, 1);
      const rows = Array.from({ length: 12 }, (_, i) => ({
        t: at(addMonths(first, i)),
        end: at(addMonths(first, i + 1)),
      }));
      return {
        kind,
        date: formatReportDate(first),
        to: formatReportDate(addMonths(first, 12) - DAY_MS),
        start: rows[0]!.t,
        end: rows[11]!.end,
        resolution: 'Month',
        rows,
      };
    }
    case 'Special': {
      const last = options.to === undefined ? day : parseReportDate(options.to);
      if (last === null) throw new ReportPeriodError(`'${options.to}' is not a date yyyy-MM-dd`);
      const days = Math.round((last - day) / DAY_MS) + 1;
      if (days < 1) throw new ReportPeriodError('The end date lies before the start date');
      if (days > MAX_SPECIAL_DAYS) {
        throw new ReportPeriodError(`A special report spans at most ${MAX_SPECIAL_DAYS} days`);
      }
      const rows = dayRows(day, days);
      return {
        kind,
        date,
        to: formatReportDate(last),
        start: rows[0]!.t,
        end: rows.at(-1)!.end,
        resolution: 'Day',
        rows,
      };
    }
    default:
      throw new ReportPeriodError(`Unknown report kind ${String(kind satisfies never)}`);
  }
}

/**
 * The date of the previous (-1) or next (+1) period: a day, a week, a month, a year; a special
 * report moves by its own length. Returns [date, to].
 */
export function shiftReportDate(
  kind: ReportKind,
  date: string,
  direction: -1 | 1,
  to?: string,
): [string, string | undefined] {
  const day = parseReportDate(date);
  if (day === null) return [date, to];
  switch (kind) {
    case 'Daily':
      return [formatReportDate(day + direction * DAY_MS), undefined];
    case 'Weekly':
      return [formatReportDate(day + direction * 7 * DAY_MS), undefined];
    case 'Monthly':
      return [formatReportDate(addMonths(day, direction)), undefined];
    case 'Annual':
      return [formatReportDate(addMonths(day, 12 * direction)), undefined];
    case 'Special': {
      const last = (to && parseReportDate(to)) || day;
      const span = last - day + DAY_MS;
      return [formatReportDate(day + direction * span), formatReportDate(last + direction * span)];
    }
    default:
      return [date, to];
  }
}
