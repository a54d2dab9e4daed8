/**
 * The figures of `/alerts/performance` and whether each is within its benchmark (ANSI/ISA-18.2
 * §16 "Alarm performance metrics", EEMUA 191 Annex on alarm rates), as plain data: the cards
 * say the verdict in words and with a shape, the exports write the same rows.
 */
import {
  ALARM_BENCHMARKS,
  type AlarmPerformance,
  type PriorityBand,
} from '../../../domain/alarmPerformance.ts';

/** ISA-18.2 §16.9: the ten most frequent alarms should be about 1 % to at most 5 % of all. */
export const TOP10_SHARE_TARGET = 0.05;
/** ISA-18.2 §16.7: fewer than 5 stale (standing) alarms on any day. */
export const STANDING_TARGET = 5;
/** A band above low is out of line when it holds more than twice its recommended share. */
export const PRIORITY_SHARE_FACTOR = 2;

export const FIGURE_IDS = [
  'perHour',
  'per10Min',
  'perDay',
  'peak10Min',
  'floodShare',
  'top10Share',
  'chattering',
  'fleeting',
  'standing',
  'priorities',
] as const;
export type FigureId = (typeof FIGURE_IDS)[number];

/** `none`: nothing to judge (no alarm in the period). */
export type Verdict = 'within' | 'outside' | 'none';

export interface Figure {
  id: FigureId;
  /** The measured value: a rate, a count, or a share 0..1 (`share`). */
  value: number;
  kind: 'rate' | 'count' | 'share';
  /** The benchmark it is held against, in the same unit. */
  limit: number;
  /** `atMost`: value ≤ limit is within; `below`: value < limit is within. */
  compare: 'atMost' | 'below';
  verdict: Verdict;
}

function judge(value: number, limit: number, compare: Figure['compare']): Verdict {
  return (compare === 'atMost' ? value <= limit : value < limit) ? 'within' : 'outside';
}

const BANDS: readonly PriorityBand[] = ['high', 'medium', 'low'];

/** Share of each band of the period's alarms, 0 for a band without any. */
export function bandShares(p: AlarmPerformance): Record<PriorityBand, number> {
  const shares = { high: 0, medium: 0, low: 0 };
  for (const s of p.priorities) shares[s.band] = s.share;
  return shares;
}

export function priorityVerdict(p: AlarmPerformance): Verdict {
  if (p.total === 0) return 'none';
  const shares = bandShares(p);
  const { priorityShare } = ALARM_BENCHMARKS;
  return shares.high <= priorityShare.high * PRIORITY_SHARE_FACTOR &&
    shares.medium <= priorityShare.medium * PRIORITY_SHARE_FACTOR
    ? 'within'
    : 'outside';
}

export function figuresOf(p: AlarmPerformance): Figure[] {
  const b = ALARM_BENCHMARKS;
  const figure = (
    id: FigureId,
    value: number,
    kind: Figure['kind'],
    limit: number,
    compare: Figure['compare'] = 'atMost',
  ): Figure => ({ id, value, kind, limit, compare, verdict: judge(value, limit, compare) });
  const priorities: Figure = {
    id: 'priorities',
    value: bandShares(p).high,
    kind: 'share',
    limit: b.priorityShare.high,
    compare: 'atMost',
    verdict: priorityVerdict(p),
  };
  return [
    figure('perHour', p.averagePerHour, 'rate', b.perHourAcceptable),
    figure('per10Min', p.averagePer10Min, 'rate', b.per10MinAcceptable),
    figure('perDay', p.averagePerDay, 'rate', b.perDayAcceptable),
    figure('peak10Min', p.peak10Min?.count ?? 0, 'count', b.floodThreshold),
    figure('floodShare', p.floodShare, 'share', b.floodShareTarget),
    figure('top10Share', p.top10Share, 'share', TOP10_SHARE_TARGET),
    figure('chattering', p.chatteringCount, 'count', 0),
    figure('fleeting', p.fleetingCount, 'count', 0),
    figure('standing', p.standingCount, 'count', STANDING_TARGET, 'below'),
    priorities,
  ];
}

export { BANDS as PRIORITY_BANDS };

/** A share as a percentage with a decimal only where a small share needs it ('0,7 %', '5 %'). */
export function shareText(share: number, format: { number(v: number, d: number): string }): string {
  const pct = share * 100;
  const decimals = pct >= 10 || Number.isInteger(Math.round(pct * 10) / 10) ? 0 : 1;
  return `${format.number(pct, decimals)} %`;
}

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const unitFormats = new Map<string, Intl.NumberFormat>();
function unit(value: number, name: 'day' | 'hour' | 'minute' | 'second', locale: string): string {
  const key = `${locale}|${name}`;
  let f = unitFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: name,
      unitDisplay: 'short',
      maximumFractionDigits: name === 'second' ? 1 : 0,
    });
    unitFormats.set(key, f);
  }
  return f.format(value);
}

/**
 * A duration in the two largest units the language abbreviates ('2 Std., 5 Min.',
 * '3 d 4 h', '2,5 s'); under 10 s with tenths, since fleeting alarms last seconds.
 */
export function durationText(ms: number, locale: string): string {
  const d = Math.max(0, ms);
  if (d < 10 * SECOND_MS) return unit(Math.round(d / 100) / 10, 'second', locale);
  if (d < MINUTE_MS) return unit(Math.round(d / SECOND_MS), 'second', locale);
  const pair = (
    big: number,
    bigName: 'day' | 'hour' | 'minute',
    small: number,
    smallName: 'hour' | 'minute' | 'second',
  ) =>
    small > 0
      ? `${unit(big, bigName, locale)} ${unit(small, smallName, locale)}`
      : unit(big, bigName, locale);
  if (d < HOUR_MS) {
    const s = Math.round(d / SECOND_MS);
    return pair(Math.floor(s / 60), 'minute', s % 60, 'second');
  }
  if (d < DAY_MS) {
    const m = Math.round(d / MINUTE_MS);
    return pair(Math.floor(m / 60), 'hour', m % 60, 'minute');
  }
  const h = Math.round(d / HOUR_MS);
  return pair(Math.floor(h / 24), 'day', h % 24, 'hour');
}
