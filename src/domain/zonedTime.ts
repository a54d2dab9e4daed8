/**
 * Wall-clock time in an IANA time zone without a library: offsets come from the platform's
 * tz database, so daylight-saving changes follow it. Where the platform has Temporal
 * (Chromium 144+), from Temporal; elsewhere (Node 20, older browsers) from
 * Intl.DateTimeFormat. The first Intl.DateTimeFormat of a zone costs 12-25 ms (ICU builds its
 * date patterns), Temporal's first offset under 1 ms: a tab opened on the alert archive
 * computes its default range at boot, and that Intl formatter was a third of its main task.
 */

/** The plants run on German time unless the server says otherwise. */
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';

/** Wall-clock fields; month is 1-12, weekday 0 = Monday … 6 = Sunday (SPEC §9 week start). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // NOTE: throws RangeError for an unknown zone, which is what callers should see.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** What this module takes of Temporal: an instant's offset in a zone. */
export interface TemporalZones {
  Instant: {
    fromEpochMilliseconds(epochMs: number): {
      toZonedDateTimeISO(zone: string): { offsetNanoseconds: number };
    };
  };
}

/** The platform's Temporal, or null; a parameter of the functions below for tests. */
export const platformTemporal: TemporalZones | null =
  (globalThis as { Temporal?: TemporalZones }).Temporal ?? null;

/** The wall-clock time at `epochMs` in `zone`. */
export function toWallTime(
  epochMs: number,
  zone: string = DEFAULT_TIME_ZONE,
  temporal: TemporalZones | null = platformTemporal,
): WallTime {
  if (temporal) {
    const wall = new Date(epochMs + temporalOffsetMs(temporal, epochMs, zone));
    return {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
      millisecond: millisecondOf(epochMs),
    };
  }
  return intlWallTime(epochMs, zone);
}

/** The instant's milliseconds, fraction included (offsets are whole seconds). */
function millisecondOf(epochMs: number): number {
  return ((epochMs % 1000) + 1000) % 1000;
}

/** NOTE: Temporal takes whole milliseconds only (RangeError otherwise); offsets are whole seconds. */
function temporalOffsetMs(temporal: TemporalZones, epochMs: number, zone: string): number {
  if (!Number.isFinite(epochMs)) throw new RangeError('Invalid time value');
  const instant = temporal.Instant.fromEpochMilliseconds(Math.floor(epochMs));
  return instant.toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
}

function intlWallTime(epochMs: number, zone: string): WallTime {
  const wall: WallTime = {
    year: 0,
    month: 0,
    day: 0,
    hour: 0,
    minute: 0,
    second: 0,
    millisecond: 0,
  };
  for (const part of formatterFor(zone).formatToParts(epochMs)) {
    switch (part.type) {
      case 'year':
        wall.year = Number(part.value);
        break;
      case 'month':
        wall.month = Number(part.value);
        break;
      case 'day':
        wall.day = Number(part.value);
        break;
      case 'hour':
        wall.hour = Number(part.value);
        break;
      case 'minute':
        wall.minute = Number(part.value);
        break;
      case 'second':
        wall.second = Number(part.value);
        break;
      default:
        break;
    }
  }
  wall.millisecond = millisecondOf(epochMs);
  return wall;
}

/** Wall time as if it were UTC: a plain number to do calendar arithmetic on. */
export function wallToNaiveMs(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** The zone's offset from UTC at `epochMs`, in ms (Berlin: +3600000 in winter). */
export function zoneOffsetMs(
  epochMs: number,
  zone: string = DEFAULT_TIME_ZONE,
  temporal: TemporalZones | null = platformTemporal,
): number {
  if (temporal) return temporalOffsetMs(temporal, epochMs, zone);
  return wallToNaiveMs(intlWallTime(epochMs, zone)) - epochMs;
}

/** 0 = Monday … 6 = Sunday for a naive (wall-as-UTC) time. */
export function weekdayOfNaive(naiveMs: number): number {
  return (new Date(naiveMs).getUTCDay() + 6) % 7;
}

/**
 * The instant at which the wall clock in `zone` shows `naiveMs` (wall time as if UTC).
 * An ambiguous wall time (autumn: 02:30 happens twice) gives the earlier instant; a wall time
 * in the spring gap (02:30 does not exist) gives the instant the same distance after the gap
 * starts, i.e. 03:30 summer time, as java.time and Temporal do.
 */
export function fromNaiveMs(naiveMs: number, zone: string = DEFAULT_TIME_ZONE): number {
  // Assumes at most one offset change within a day either side, true for every real zone.
  const before = zoneOffsetMs(naiveMs - DAY_MS, zone);
  const after = zoneOffsetMs(naiveMs + DAY_MS, zone);
  const a = naiveMs - before;
  const b = naiveMs - after;
  const aValid = zoneOffsetMs(a, zone) === before;
  const bValid = zoneOffsetMs(b, zone) === after;
  if (aValid && bValid) return Math.min(a, b);
  if (aValid) return a;
  if (bValid) return b;
  return a;
}

/** Whole minutes of the offset, for display and tests. */
export function zoneOffsetMinutes(epochMs: number, zone: string = DEFAULT_TIME_ZONE): number {
  return Math.round(zoneOffsetMs(epochMs, zone) / MINUTE_MS);
}
