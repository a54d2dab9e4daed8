import { describe, expect, it } from 'vitest';
import {
  toWallTime,
  zoneOffsetMs,
  type TemporalZones,
  type WallTime,
} from '../../../src/domain/zonedTime.ts';

/**
 * A Temporal that answers offsets from its own Intl formatter, independent of the module's
 * Intl path (other options, other parsing), so the module's Temporal path (offset → wall
 * fields) is checked against its Intl path on this platform's tz database. Chromium's real
 * Temporal runs the same path in every browser test that shows a plant time.
 */
function intlBackedTemporal(calls: number[]): TemporalZones {
  return {
    Instant: {
      fromEpochMilliseconds(epochMs: number) {
        if (!Number.isInteger(epochMs)) throw new RangeError('not an integer');
        calls.push(epochMs);
        return {
          toZonedDateTimeISO(zone: string) {
            const text = new Intl.DateTimeFormat('en-GB', {
              timeZone: zone,
              timeZoneName: 'longOffset',
            }).format(epochMs);
            const match = /GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/.exec(text);
            if (!match) throw new Error(`no offset in ${text}`);
            const [, sign, h = '0', m = '0', s = '0'] = match;
            const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
            return { offsetNanoseconds: (sign === '-' ? -1 : 1) * seconds * 1e9 };
          },
        };
      },
    },
  };
}

const BERLIN_EDGES = [
  Date.UTC(2026, 2, 29, 0, 59, 59, 999), // 01:59:59.999 winter time, the last before the gap
  Date.UTC(2026, 2, 29, 1, 0, 0, 0), // 03:00 summer time
  Date.UTC(2026, 9, 25, 0, 59, 59, 500), // 02:59:59.5 summer time, the first 02:xx
  Date.UTC(2026, 9, 25, 1, 0, 0, 0), // 02:00 winter time, the second 02:xx
  Date.UTC(2026, 10, 26, 3, 22, 52, 123),
  Date.UTC(1999, 11, 31, 23, 0, 0, 0), // the turn of the millennium in Berlin
];

describe('zoned time from Temporal where the platform has it', () => {
  it('ZT1: gives the same wall time and offset as the Intl path, across both changes of a year', () => {
    const temporal = intlBackedTemporal([]);
    for (const zone of ['Europe/Berlin', 'America/St_Johns', 'Asia/Kolkata', 'UTC']) {
      for (const at of BERLIN_EDGES) {
        const viaIntl: WallTime = toWallTime(at, zone, null);
        expect(toWallTime(at, zone, temporal), `${zone} ${at}`).toEqual(viaIntl);
        expect(zoneOffsetMs(at, zone, temporal)).toBe(zoneOffsetMs(at, zone, null));
      }
    }
  });

  it('ZT2: asks Temporal for whole milliseconds and keeps the fraction of the wall time', () => {
    const calls: number[] = [];
    const temporal = intlBackedTemporal(calls);
    const at = Date.UTC(2026, 10, 26, 3, 0, 0, 250) + 0.75;
    expect(zoneOffsetMs(at, 'Europe/Berlin', temporal)).toBe(3_600_000);
    expect(toWallTime(at, 'Europe/Berlin', temporal)).toMatchObject({
      hour: 4,
      millisecond: 250.75,
    });
    expect(calls.every(Number.isInteger)).toBe(true);
  });

  it('ZT3: refuses what the Intl path refuses: an unknown zone and an invalid time', () => {
    const temporal: TemporalZones = {
      Instant: {
        fromEpochMilliseconds: () => ({
          toZonedDateTimeISO: (zone: string) => {
            throw new RangeError(`unknown zone ${zone}`);
          },
        }),
      },
    };
    expect(() => zoneOffsetMs(0, 'Mars/Olympus', temporal)).toThrow(RangeError);
    expect(() => zoneOffsetMs(0, 'Mars/Olympus', null)).toThrow(RangeError);
    expect(() => zoneOffsetMs(Number.NaN, 'Europe/Berlin', intlBackedTemporal([]))).toThrow(
      RangeError,
    );
    expect(() => zoneOffsetMs(Number.NaN, 'Europe/Berlin', null)).toThrow(RangeError);
  });
});
