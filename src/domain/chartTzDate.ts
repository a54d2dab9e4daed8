/**
 * uPlot's `tzDate` in the plant's time zone (issue 57 item 3): uPlot places time ticks and
 * day boundaries by the local fields (getHours, getDate…) of the Date this returns, so each
 * returned Date carries the plant's wall clock in the browser's local fields. With it a chart's
 * day ticks fall on the plant's midnights and its hour ticks on the plant's hours, whatever
 * zone the browser is in, and the ticks agree with the labels, which are formatted in the
 * plant's zone too.
 *
 * uPlot's own `uPlot.tzDate` builds an Intl formatter on every call (`toLocaleString` with a
 * time zone, then parses the string); uPlot calls it for every tick and on every redraw. Here
 * the offset comes from @date-fns/tz's `tzOffset` (one formatter per zone) and is kept per
 * quarter hour (zone offsets change on whole quarter hours since 1970), so a redraw of the same
 * range asks Intl nothing.
 *
 * One limit, uPlot's too: a plant wall time that does not exist in the browser's zone (the hour
 * the browser's own clocks skip) reads an hour later.
 */
import { tzOffset } from '@date-fns/tz';

const QUARTER_HOUR_MS = 900_000;
/** Quarter hours kept per zone: a year of them; past it the cache starts over. */
const MAX_CACHED = 36_000;

const offsetsByZone = new Map<string, Map<number, number>>();

/** The zone's UTC offset in ms at `ms`, cached per quarter hour. */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  let offsets = offsetsByZone.get(timeZone);
  if (!offsets) offsetsByZone.set(timeZone, (offsets = new Map()));
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let offset = offsets.get(quarter);
  if (offset === undefined) {
    if (offsets.size >= MAX_CACHED) offsets.clear();
    offset = tzOffset(timeZone, new Date(quarter * QUARTER_HOUR_MS)) * 60_000;
    offsets.set(quarter, offset);
  }
  return offset;
}

/** A Date whose local fields read the wall clock of `timeZone` at `ms`. */
export function wallClockDate(timeZone: string, ms: number): Date {
  const wall = new Date(ms + zoneOffsetMs(timeZone, ms));
  return new Date(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
    wall.getUTCMilliseconds(),
  );
}

/**
 * The `tzDate` option of a uPlot whose time values are in `unitMs` (1 with `ms: 1`, 1000 for
 * uPlot's default seconds), or undefined while the plant's zone is not known (the browser's).
 */
export function chartTzDate(
  timeZone: string | undefined,
  unitMs = 1,
): ((t: number) => Date) | undefined {
  if (!timeZone) return undefined;
  return (t) => wallClockDate(timeZone, t * unitMs);
}
