/**
 * Wall-clock time in an IANA time zone without a library: offsets come from
 * Intl.DateTimeFormat, so daylight-saving changes follow the platform's tz database.
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

/** The wall-clock time at `epochMs` in `zone`. */
export function toWallTime(epochMs: number, zone: string = DEFAULT_TIME_ZONE): WallTime {
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
  wall.millisecond = ((epochMs % 1000) + 1000) % 1000;
  return wall;
}

/** Wall time as if it were UTC: a plain number to do calendar arithmetic on. */
export function wallToNaiveMs(w: WallTime): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** The zone's offset from UTC at `epochMs`, in ms (Berlin: +3600000 in winter). */
export function zoneOffsetMs(epochMs: number, zone: string = DEFAULT_TIME_ZONE): number {
  return wallToNaiveMs(toWallTime(epochMs, zone)) - epochMs;
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
