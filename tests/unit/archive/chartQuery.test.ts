/** Query dates, server-side reduction and CSV cells of the chart routes (contract charts.ts). */
import { describe, expect, it } from 'vitest';
import { parseQueryDate } from '../../../server/charts/queryDate.ts';
import { reducePoints } from '../../../server/charts/reducePoints.ts';
import {
  contentDisposition,
  csvCell,
  exportFileName,
  localTimestampFormatter,
} from '../../../server/charts/chartCsv.ts';
import { HttpError } from '../../../server/http/errors.ts';

describe('query dates', () => {
  it('QD1: ISO 8601 with offset or Z, without offset on the Berlin wall clock, or epoch ms', () => {
    expect(parseQueryDate('2026-11-22T08:00:00Z', 'startDate', 'Europe/Berlin')).toBe(
      Date.UTC(2026, 10, 22, 8),
    );
    expect(parseQueryDate('2026-11-22T09:00:00+01:00', 'startDate', 'Europe/Berlin')).toBe(
      Date.UTC(2026, 10, 22, 8),
    );
    expect(parseQueryDate('2026-11-22T09:00', 'startDate', 'Europe/Berlin')).toBe(
      Date.UTC(2026, 10, 22, 8),
    );
    expect(parseQueryDate('2026-07-01', 'startDate', 'Europe/Berlin')).toBe(
      Date.UTC(2026, 5, 30, 22),
    );
    expect(parseQueryDate('2026-11-22T08:00:00.5Z', 'startDate', 'Europe/Berlin')).toBe(
      Date.UTC(2026, 10, 22, 8, 0, 0, 500),
    );
    expect(parseQueryDate('1795852800000', 'startDate', 'Europe/Berlin')).toBe(1795852800000);
  });

  it('QD2: anything else is a 400 naming the field', () => {
    for (const bad of ['', 'now', '2026-13-01', '2026-02-30', '2026-11-22T25:00', '1.5e12', '-5']) {
      const e = (() => {
        try {
          parseQueryDate(bad, 'endDate', 'Europe/Berlin');
        } catch (err) {
          return err;
        }
        return null;
      })();
      expect(e, bad).toBeInstanceOf(HttpError);
      expect((e as HttpError).status).toBe(400);
      expect((e as HttpError).message).toContain('endDate');
    }
  });
});

describe('reduction', () => {
  it('RP1: at most maxPoints; per bucket first, min, max, last and the first gap, in time order', () => {
    const n = 100_000;
    const t = Array.from({ length: n }, (_, i) => i * 1000);
    const v: (number | null)[] = t.map((_, i) => Math.sin(i / 500));
    v[31_337] = 50;
    v[70_000] = null;
    const { points, reducedFrom } = reducePoints({ t, v }, 0, n * 1000, 1000);
    expect(reducedFrom).toBe(n);
    expect(points.t.length).toBeLessThanOrEqual(1000);
    expect(points.t.every((x, i, a) => i === 0 || x > a[i - 1]!)).toBe(true);
    expect(points.v).toContain(50);
    expect(points.t[points.v.indexOf(null)]).toBe(70_000_000);
    expect(points.t[0]).toBe(0);
    expect(points.t.at(-1)).toBe((n - 1) * 1000);
  });

  it('RP2: small series pass unchanged', () => {
    const pts = { t: [1, 2], v: [3, null] };
    expect(reducePoints(pts, 0, 10, 10)).toEqual({ points: pts, reducedFrom: null });
  });
});

describe('CSV export', () => {
  it('EX3: times are written in the plant time zone with its offset (PEGEL_PLANT_TIME_ZONE)', () => {
    const t = Date.UTC(2026, 0, 15, 12, 0, 0);
    expect(localTimestampFormatter('Europe/Berlin')(t)).toBe('2026-01-15T13:00:00+01:00');
    expect(localTimestampFormatter('Europe/Moscow')(t)).toBe('2026-01-15T15:00:00+03:00');
    expect(localTimestampFormatter('America/New_York')(t)).toBe('2026-01-15T07:00:00-05:00');
  });

  it('EX1: cells are quoted when needed and formulas neutralised', () => {
    expect(csvCell('Füllstand [m]')).toBe('Füllstand [m]');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=cmd()')).toBe("'=cmd()");
  });

  it('EX2: the file name holds the title and the local range; the header has an ASCII fallback', () => {
    const name = exportFileName(
      'Pumpwerk: Süd/Ost',
      Date.UTC(2026, 10, 19, 23),
      Date.UTC(2026, 10, 21, 23),
      'Europe/Berlin',
    );
    expect(name).toBe('Pumpwerk_ Süd_Ost 2026-11-20 – 2026-11-21.csv');
    expect(contentDisposition(name)).toBe(
      `attachment; filename="Pumpwerk_ Sud_Ost 2026-11-20 - 2026-11-21.csv"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
  });
});
