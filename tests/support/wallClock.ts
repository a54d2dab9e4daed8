/**
 * A time zone's wall clock, for tests that check what a page or a function shows in a zone
 * other than the machine's: the text as the app writes it in German and the clock's fields.
 */

/** Formats an instant as the zone's wall time in German: `25.10.2026, 02:30:12`. */
export const wallFormat = (zone: string) =>
  new Intl.DateTimeFormat('de', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** The zone's wall clock at `ms`: [year, month, day, hour, minute, second]. */
export function wallOf(ms: number, zone: string): number[] {
  const parts = wallFormat(zone).formatToParts(ms);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}
