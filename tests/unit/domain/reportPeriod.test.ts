/** Report periods (src/domain/reportPeriod.ts): SPEC §9 week report, report date format. */
import { describe, expect, it } from 'vitest';
import {
  ReportPeriodError,
  parseReportDate,
  reportPeriod,
  shiftReportDate,
} from '../../../src/domain/reportPeriod.ts';

const Z = 'Europe/Berlin';
const day = (t: number) => new Intl.DateTimeFormat('en-CA', { timeZone: Z }).format(t);

describe('report periods', () => {
  it('PR1: a daily report has 24 hour rows, 23 and 25 on the DST days, or 96 quarter hours', () => {
    expect(reportPeriod('Daily', '2026-11-22', { zone: Z }).rows).toHaveLength(24);
    expect(reportPeriod('Daily', '2026-03-29', { zone: Z }).rows).toHaveLength(23);
    expect(reportPeriod('Daily', '2026-10-25', { zone: Z }).rows).toHaveLength(25);
    const q = reportPeriod('Daily', '2026-11-22', { zone: Z, dailyResolution: 'QuarterHour' });
    expect(q.rows).toHaveLength(96);
    expect(q.start).toBe(Date.UTC(2026, 10, 21, 23));
  });

  it('PR2: the week report starts 6 days back and ends with its date', () => {
    const p = reportPeriod('Weekly', '2026-11-22', { zone: Z });
    expect(p.rows.map((r) => day(r.t))).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
  });

  it('PR3: month and year reports normalise their date to the first day', () => {
    const m = reportPeriod('Monthly', '2026-02-17', { zone: Z });
    expect([m.date, m.to, m.rows.length]).toEqual(['2026-02-01', '2026-02-28', 28]);
    const y = reportPeriod('Annual', '2026-07-04', { zone: Z });
    expect([y.date, y.to, y.rows.length, y.resolution]).toEqual([
      '2026-01-01',
      '2026-12-31',
      12,
      'Month',
    ]);
    expect(day(y.rows[2]!.t)).toBe('2026-03-01');
  });

  it('PR4: special reports run from date to end date, at most 366 days; bad dates are refused', () => {
    expect(reportPeriod('Special', '2026-01-01', { zone: Z, to: '2026-01-10' }).rows).toHaveLength(
      10,
    );
    expect(() => reportPeriod('Special', '2026-01-10', { zone: Z, to: '2026-01-01' })).toThrow(
      ReportPeriodError,
    );
    expect(() => reportPeriod('Special', '2024-01-01', { zone: Z, to: '2026-01-01' })).toThrow(
      ReportPeriodError,
    );
    expect(parseReportDate('2026-02-29')).toBeNull();
    expect(parseReportDate('22.11.2026')).toBeNull();
    expect(() => reportPeriod('Daily', '2026-13-01', { zone: Z })).toThrow(ReportPeriodError);
  });

  it('PR5: previous and next period', () => {
    expect(shiftReportDate('Daily', '2026-03-01', -1)[0]).toBe('2026-02-28');
    expect(shiftReportDate('Weekly', '2026-11-22', 1)[0]).toBe('2026-11-29');
    expect(shiftReportDate('Monthly', '2026-01-31', 1)[0]).toBe('2026-02-28');
    expect(shiftReportDate('Annual', '2026-01-01', -1)[0]).toBe('2025-01-01');
    expect(shiftReportDate('Special', '2026-01-01', 1, '2026-01-10')).toEqual([
      '2026-01-11',
      '2026-01-20',
    ]);
  });
});
