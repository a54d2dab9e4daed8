/**
 * The reference plant's wall clock, for tests that open the app from a browser in another time
 * zone (the projects `new-york` and `kathmandu`, tests/e2e/zone): the plant runs on
 * Europe/Berlin, and what the app shows or writes is read against this clock.
 */
export const PLANT_ZONE = 'Europe/Berlin';

/** The plant's wall time as the app writes it in German: `25.10.2026, 02:30:12`. */
const plantClock = new Intl.DateTimeFormat('de', {
  timeZone: PLANT_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `25.10.2026, 02:30:12`: the plant's wall time at `ms`, as the app writes it in German. */
export const plantWallText = (ms: number) => plantClock.format(ms);

/** The plant's wall clock at `ms`: [year, month, day, hour, minute, second]. */
export function plantWall(ms: number): number[] {
  const parts = plantClock.formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}
