/**
 * Dates and times as the plant's wall clock shows them, for the date fields: a field holds
 * the wall text (`2026-03-29`, `2026-03-29T08:00`, `2026-03-29T08:00:15`) and the page turns
 * it into an instant through a `ZonedDateTime` in the plant's zone. A wall time the zone skips
 * (the spring-forward gap) is no instant: it is reported, never moved to another hour.
 */
import {
  fromAbsolute,
  parseDate,
  parseDateTime,
  toCalendarDateTime,
  toZoned,
  type CalendarDate,
  type CalendarDateTime,
} from '@internationalized/date';

export type WallGranularity = 'day' | 'minute' | 'second';

/** Why a wall text has no instant. */
export type WallProblem = 'empty' | 'invalid' | 'gap';

export type WallInstant =
  { ms: number; problem?: undefined } | { ms?: undefined; problem: WallProblem };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall text of an instant in `zone`, to the given precision. */
export function wallText(
  ms: number,
  zone: string,
  granularity: WallGranularity = 'minute',
): string {
  const z = fromAbsolute(ms, zone);
  const day = `${pad(z.year, 4)}-${pad(z.month)}-${pad(z.day)}`;
  if (granularity === 'day') return day;
  const time = `${pad(z.hour)}:${pad(z.minute)}`;
  return granularity === 'second' ? `${day}T${time}:${pad(z.second)}` : `${day}T${time}`;
}

/** The calendar value of a wall text; null when it is empty or not a real date. */
export function parseWall(text: string): CalendarDate | CalendarDateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$/.test(text)) return null;
  try {
    return text.includes('T') ? parseDateTime(text) : parseDate(text);
  } catch {
    return null;
  }
}

/** The wall text of a calendar value, to the given precision. */
export function textOfWall(
  value: CalendarDate | CalendarDateTime,
  granularity: WallGranularity,
): string {
  const day = `${pad(value.year, 4)}-${pad(value.month)}-${pad(value.day)}`;
  if (granularity === 'day' || !('hour' in value)) return day;
  const time = `${pad(value.hour)}:${pad(value.minute)}`;
  return granularity === 'second' ? `${day}T${time}:${pad(value.second)}` : `${day}T${time}`;
}

/**
 * The instant a wall text names in `zone`. A day names its first moment. A time the clock
 * shows twice (autumn) is its first showing; a time it skips (spring) is the problem 'gap'.
 */
export function instantOfWall(text: string, zone: string): WallInstant {
  if (text === '') return { problem: 'empty' };
  const value = parseWall(text);
  if (!value) return { problem: 'invalid' };
  if (!('hour' in value)) return { ms: toZoned(value, zone).toDate().getTime() };
  const zoned = toZoned(value, zone, 'earlier');
  if (toCalendarDateTime(zoned).compare(value) !== 0) return { problem: 'gap' };
  return { ms: zoned.toDate().getTime() };
}
