/**
 * Gaps in chart data (server/field/SPEC.md GP, server/charts/gaps.ts): where the archive has no
 * value for longer than the sampling allows, a null breaks the line; nothing is bridged.
 */
import { describe, expect, it } from 'vitest';
import { markGaps, rawGapMs } from '../../../server/charts/gaps.ts';
import { reducePoints } from '../../../server/charts/reducePoints.ts';

const MIN = 60_000;
const QH = 15 * MIN;
const T0 = Date.UTC(2026, 10, 20, 6, 0);

describe('gaps in chart data', () => {
  it('GP1: raw values a minute apart with a 40 minute hole get a null in the hole, nowhere else', () => {
    const t = [0, 1, 2, 3, 43, 44, 45].map((m) => T0 + m * MIN);
    const v = [1, 2, 3, 4, 5, 6, 7];
    const out = markGaps({ t, v }, 'MeasurementArchive', { zone: 'Europe/Berlin' });
    // The usual step is a minute; the bound max(3 min, 5 min): the null sits 5 min after 3.
    expect(rawGapMs(t)).toBe(5 * MIN);
    expect(out.t).toEqual([0, 1, 2, 3, 8, 43, 44, 45].map((m) => T0 + m * MIN));
    expect(out.v).toEqual([1, 2, 3, 4, null, 5, 6, 7]);
    // The input is left as it is.
    expect(t).toHaveLength(7);
  });

  it('GP2: a slow PV (every 10 min) has 30 min as its bound; steps within it are no gap', () => {
    const t = [0, 10, 20, 45, 55, 95].map((m) => T0 + m * MIN);
    const v = [1, 2, 3, 4, 5, 6];
    expect(rawGapMs(t)).toBe(30 * MIN);
    const out = markGaps({ t, v }, 'MeasurementArchive', { zone: 'Europe/Berlin' });
    expect(out.v).toEqual([1, 2, 3, 4, 5, null, 6]);
    expect(out.t[5]).toBe(T0 + 85 * MIN);
  });

  it('GP3: a plant that sends only on change holds its values: no raw gaps', () => {
    const points = { t: [T0, T0 + 120 * MIN], v: [0, 3] };
    expect(
      markGaps(points, 'MeasurementArchive', { heldValues: true, zone: 'Europe/Berlin' }),
    ).toBe(points);
  });

  it('GP4: a missing quarter hour, day or month is null at its start', () => {
    const qh = markGaps({ t: [T0, T0 + QH, T0 + 4 * QH], v: [1, 2, 3] }, 'QuarterHourValues', {
      zone: 'Europe/Berlin',
    });
    expect(qh).toEqual({ t: [T0, T0 + QH, T0 + 2 * QH, T0 + 4 * QH], v: [1, 2, null, 3] });
    // Days on the plant's wall clock (Berlin), across the change to winter time.
    const d1 = Date.UTC(2026, 9, 23, 22); // 24 October
    const d2 = Date.UTC(2026, 9, 24, 22); // 25 October has 25 hours
    const d3 = Date.UTC(2026, 9, 25, 23); // 26 October
    const d4 = Date.UTC(2026, 9, 26, 23); // 27 October
    expect(
      markGaps({ t: [d1, d2, d3], v: [1, 2, 3] }, 'DayValues', { zone: 'Europe/Berlin' }).v,
    ).toEqual([1, 2, 3]);
    expect(
      markGaps({ t: [d1, d2, d4], v: [1, 2, 3] }, 'DayValues', { zone: 'Europe/Berlin' }),
    ).toEqual({
      t: [d1, d2, d3, d4],
      v: [1, 2, null, 3],
    });
    const m1 = Date.UTC(2026, 0, 31, 23);
    const m3 = Date.UTC(2026, 2, 31, 22);
    expect(markGaps({ t: [m1, m3], v: [1, 2] }, 'MonthValues', { zone: 'Europe/Berlin' })).toEqual({
      t: [m1, Date.UTC(2026, 1, 28, 23), m3],
      v: [1, null, 2],
    });
  });

  it('GP5: no null before the first or after the last value, nor next to a null already there', () => {
    const points = { t: [T0, T0 + 5 * QH, T0 + 6 * QH], v: [1, null, 2] };
    expect(markGaps(points, 'QuarterHourValues', { zone: 'Europe/Berlin' })).toBe(points);
    const one = { t: [T0], v: [1] };
    expect(markGaps(one, 'MeasurementArchive', { zone: 'Europe/Berlin' })).toBe(one);
  });

  it('GP6: reduction keeps the gap of a long series', () => {
    const t: number[] = [];
    const v: number[] = [];
    for (let m = 0; m < 20_000; m++) {
      if (m >= 9_000 && m < 9_600) continue; // ten hours without values
      t.push(T0 + m * MIN);
      v.push(m % 7);
    }
    const gapped = markGaps({ t, v }, 'MeasurementArchive', { zone: 'Europe/Berlin' });
    const reduced = reducePoints(gapped, T0, T0 + 20_000 * MIN, 1_000);
    const at = reduced.points.v.indexOf(null);
    expect(at).toBeGreaterThan(0);
    expect(reduced.points.t[at]).toBe(T0 + 9_004 * MIN);
    expect(reduced.points.v.filter((x) => x === null)).toHaveLength(1);
  });
});
