/**
 * What `/alerts/performance` shows, kept in its address so a link or a favorite opens the same
 * figures: `?period=24h|7d|30d` (a period ending now) or `?period=custom&start=…&end=…` (ISO
 * 8601 or epoch ms), and `&station=<nr>` for one station (none: the whole plant). Anything
 * unreadable falls back to the default, seven days of the whole plant.
 */
import type { AlarmPerformanceRequest } from '../../../domain/alarmPerformance.ts';

export const PERFORMANCE_PERIODS = ['24h', '7d', '30d', 'custom'] as const;
export type PerformancePeriod = (typeof PERFORMANCE_PERIODS)[number];

export const DEFAULT_PERIOD: Exclude<PerformancePeriod, 'custom'> = '7d';

const PERIOD_MS: Record<Exclude<PerformancePeriod, 'custom'>, number> = {
  '24h': 24 * 3_600_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export type PerformanceChoice =
  | { period: Exclude<PerformancePeriod, 'custom'>; station: number | null }
  | { period: 'custom'; start: number; end: number; station: number | null };

function readDate(text: string | null): number | null {
  if (text === null || text.trim() === '') return null;
  if (/^-?\d+$/.test(text.trim())) return Number(text);
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

function readStation(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const nr = Number(text);
  return Number.isSafeInteger(nr) ? nr : null;
}

export function choiceFromParams(params: URLSearchParams): PerformanceChoice {
  const station = readStation(params.get('station'));
  const period = params.get('period');
  if (period === 'custom') {
    const start = readDate(params.get('start'));
    const end = readDate(params.get('end'));
    if (start !== null && end !== null && end > start)
      return { period: 'custom', start, end, station };
  }
  if (period === '24h' || period === '7d' || period === '30d') return { period, station };
  return { period: DEFAULT_PERIOD, station };
}

/** The address's query for a choice (ISO times, so a shared link reads well). */
export function choiceToParams(choice: PerformanceChoice): URLSearchParams {
  const params = new URLSearchParams({ period: choice.period });
  if (choice.period === 'custom') {
    params.set('start', new Date(choice.start).toISOString());
    params.set('end', new Date(choice.end).toISOString());
  }
  if (choice.station !== null) params.set('station', String(choice.station));
  return params;
}

/** The engine's request for a choice; a period ending now ends at `now`. */
export function requestOf(
  choice: PerformanceChoice,
  now: number,
  timeZone: string,
): AlarmPerformanceRequest {
  const range =
    choice.period === 'custom'
      ? { start: choice.start, end: choice.end }
      : { start: now - PERIOD_MS[choice.period], end: now };
  return { ...range, stationNumber: choice.station, timeZone };
}

/** A period ending now is asked again only when a minute has passed (one request per visit). */
export const NOW_STEP_MS = 60_000;
