import { describe, expect, it } from 'vitest';
import { PRESET_RANGES, presetRange } from '../../../src/domain/presetRanges.ts';
import { DAY_MS, HOUR_MS } from '../../../src/domain/timeUnits.ts';

const at = (iso: string): number => Date.parse(iso);

describe('SPEC §9 preset ranges (Europe/Berlin)', () => {
  // Sunday of the spring DST change.
  const now = at('2026-03-29T10:00:00+02:00');

  it('PR1: today and yesterday are whole calendar days', () => {
    expect(presetRange('today', now)).toEqual({
      start: at('2026-03-29T00:00:00+01:00'),
      end: at('2026-03-30T00:00:00+02:00'),
    });
    expect(presetRange('yesterday', now)).toEqual({
      start: at('2026-03-28T00:00:00+01:00'),
      end: at('2026-03-29T00:00:00+01:00'),
    });
  });

  it('PR2: this week (from Monday), month and year', () => {
    expect(presetRange('thisWeek', now)).toEqual({
      start: at('2026-03-23T00:00:00+01:00'),
      end: at('2026-03-30T00:00:00+02:00'),
    });
    expect(presetRange('thisMonth', now)).toEqual({
      start: at('2026-03-01T00:00:00+01:00'),
      end: at('2026-04-01T00:00:00+02:00'),
    });
    expect(presetRange('thisYear', now)).toEqual({
      start: at('2026-01-01T00:00:00+01:00'),
      end: at('2027-01-01T00:00:00+01:00'),
    });
  });

  it('PR3: last 3, 6, 12 and 24 hours end at now', () => {
    expect(presetRange('last3Hours', now)).toEqual({ start: now - 3 * HOUR_MS, end: now });
    expect(presetRange('last6Hours', now)).toEqual({ start: now - 6 * HOUR_MS, end: now });
    expect(presetRange('last12Hours', now)).toEqual({ start: now - 12 * HOUR_MS, end: now });
    expect(presetRange('last24Hours', now)).toEqual({ start: now - 24 * HOUR_MS, end: now });
  });

  it('PR4: last 7 days and last 12 months are calendar steps back', () => {
    expect(presetRange('last7Days', now)).toEqual({
      start: at('2026-03-22T10:00:00+01:00'),
      end: now,
    });
    expect(presetRange('last12Months', now)).toEqual({
      start: at('2025-03-29T10:00:00+01:00'),
      end: now,
    });
  });

  it('PR5: last month spans 28 to 31 days on every day of the year', () => {
    const lengths = new Set<number>();
    for (let day = 0; day < 366; day++) {
      const t = at('2026-01-01T12:00:00+01:00') + day * DAY_MS;
      const r = presetRange('lastMonth', t);
      expect(r.end).toBe(t);
      const days = Math.round((r.end - r.start) / DAY_MS);
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31);
      lengths.add(days);
    }
    expect([...lengths].sort()).toEqual([28, 29, 30, 31]);
  });

  it('PR6: every preset yields start < end', () => {
    for (const p of PRESET_RANGES) {
      const r = presetRange(p, now);
      expect(r.start).toBeLessThan(r.end);
    }
  });
});
