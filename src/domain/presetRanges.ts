/**
 * The preset ranges of SPEC §9 as pure functions of now and zone. Calendar presets (today,
 * yesterday, this week/month/year) cover their whole unit, so the axis shows the full day
 * with the part still to come empty; "last …" presets end at now.
 */
import { addUnits, startOfUnit, unitRange, type TimeRange } from './timeUnits.ts';
import { DEFAULT_TIME_ZONE } from './zonedTime.ts';

export const PRESET_RANGES = [
  'today',
  'yesterday',
  'thisWeek',
  'thisMonth',
  'thisYear',
  'last3Hours',
  'last6Hours',
  'last12Hours',
  'last24Hours',
  'last7Days',
  'lastMonth',
  'last12Months',
] as const;
/** `lastMonth` is SPEC §9's "last 28 to 31 days": one calendar month back from now. */
export type PresetRange = (typeof PRESET_RANGES)[number];

export function presetRange(
  preset: PresetRange,
  now: number,
  zone: string = DEFAULT_TIME_ZONE,
): TimeRange {
  const back = (unit: 'Hours' | 'Days' | 'Months', amount: number): TimeRange => ({
    start: addUnits(now, unit, -amount, zone),
    end: now,
  });
  switch (preset) {
    case 'today':
      return unitRange(now, 'Days', zone);
    case 'yesterday': {
      const today = startOfUnit(now, 'Days', zone);
      return { start: addUnits(today, 'Days', -1, zone), end: today };
    }
    case 'thisWeek':
      return unitRange(now, 'Weeks', zone);
    case 'thisMonth':
      return unitRange(now, 'Months', zone);
    case 'thisYear':
      return unitRange(now, 'Years', zone);
    case 'last3Hours':
      return back('Hours', 3);
    case 'last6Hours':
      return back('Hours', 6);
    case 'last12Hours':
      return back('Hours', 12);
    case 'last24Hours':
      return back('Hours', 24);
    case 'last7Days':
      return back('Days', 7);
    case 'lastMonth':
      return back('Months', 1);
    case 'last12Months':
      return back('Months', 12);
    default:
      throw new Error(`Unknown preset range: ${String(preset satisfies never)}`);
  }
}
