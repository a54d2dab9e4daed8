/**
 * Plausible archived history for a PV, generated from its config with a seeded hash (the
 * same seed and PV always give the same history): levels follow smooth daily curves with
 * noise inside their domain, digital states switch between 0 and 1 with a daily duty cycle,
 * counters increase with a daily flow profile. Values are a pure function of time, so any
 * instant can be sampled in any order.
 */
import type { PvConfig } from '../../src/contract/pv.ts';
import type { ArchiveKind } from './aggregate.ts';
import { isRuntimeCounter } from './archivedValue.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Smooth noise knots of levels, 20 minutes apart. */
const NOISE_KNOT_MS = 20 * MINUTE_MS;
/** The plant's local hour is close enough to UTC+1 for the shape of a daily curve. */
const LOCAL_OFFSET_MS = HOUR_MS;

/** 32-bit mix of two integers to [0, 1). */
export function hash01(seed: number, k: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(k | 0, 0xc2b2ae35);
  h ^= Math.imul((k / 4294967296) | 0, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** FNV-1a of a text, for per-PV seeds. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export interface HistorySignal {
  kind: ArchiveKind;
  /** Level or state at t; for counters the flow per hour at t. */
  at(t: number): number;
  /** A counter's reading at the start of the history. */
  counterBase: number;
  decimals: number;
}

function localDayPhase(t: number): number {
  return ((((t + LOCAL_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / DAY_MS;
}

export function historySignal(config: PvConfig, kind: ArchiveKind, seed: number): HistorySignal {
  const s = (hashText(`${config.pvRef.type}${config.pvRef.nr}`) ^ Math.imul(seed, 0x9e3779b1)) | 0;
  const r = (i: number): number => hash01(s, -1 - i);
  const decimals = Math.max(0, Math.min(6, config.decimalPlaces));
  const lo = config.domainConfig?.min ?? 0;
  const hiRaw = config.domainConfig?.max ?? 100;
  const hi = hiRaw > lo ? hiRaw : lo + 1;
  const span = hi - lo;
  const peakPhase = r(0);

  if (kind === 'digital') {
    // Switching slots of 15 to 90 minutes; more often on by day than by night.
    const slotMs = (15 + Math.floor(r(1) * 76)) * MINUTE_MS;
    const baseDuty = 0.2 + 0.4 * r(2);
    return {
      kind,
      decimals: 0,
      counterBase: 0,
      at(t) {
        const daily = Math.sin(2 * Math.PI * (localDayPhase(t) - peakPhase));
        const duty = Math.min(0.95, Math.max(0.05, baseDuty + 0.25 * daily));
        return hash01(s, Math.floor(t / slotMs)) < duty ? 1 : 0;
      },
    };
  }

  if (kind === 'counter') {
    // Flow per hour: a daily profile around a mean scaled from the domain. A runtime grows
    // by the hours a machine runs (at most one an hour) or by its starts.
    const meanPerHour = isRuntimeCounter(config)
      ? config.dimension === 'h'
        ? 0.1 + 0.4 * r(3)
        : 0.2 + 0.8 * r(3)
      : Math.max(1, span) * (0.02 + 0.08 * r(3));
    return {
      kind,
      decimals,
      counterBase: Math.round(1000 + r(4) * 99_000),
      at(t) {
        const daily = Math.sin(2 * Math.PI * (localDayPhase(t) - peakPhase));
        const noise = hash01(s, Math.floor(t / (15 * MINUTE_MS))) - 0.5;
        return Math.max(0, meanPerHour * (1 + 0.5 * daily + 0.3 * noise));
      },
    };
  }

  const center = lo + span * (0.35 + 0.3 * r(5));
  const amplitude = span * (0.08 + 0.15 * r(6));
  const scale = 10 ** decimals;
  return {
    kind,
    decimals,
    counterBase: 0,
    at(t) {
      const daily = Math.sin(2 * Math.PI * (localDayPhase(t) - peakPhase));
      const weekly = Math.sin((2 * Math.PI * t) / WEEK_MS + peakPhase * 6);
      const k = Math.floor(t / NOISE_KNOT_MS);
      const f = (t - k * NOISE_KNOT_MS) / NOISE_KNOT_MS;
      const smooth = (hash01(s, k) * (1 - f) + hash01(s, k + 1) * f - 0.5) * 2;
      const jitter = hash01(s ^ 0x5bd1e995, Math.floor(t / MINUTE_MS)) - 0.5;
      const v = center + amplitude * (daily + 0.3 * weekly + 0.35 * smooth) + span * 0.004 * jitter;
      const clamped = Math.min(hi, Math.max(lo, v));
      return Math.round(clamped * scale) / scale;
    },
  };
}

/** How fast the generated history bends towards the plant's value at its end. */
export const ANCHOR_TIME_CONSTANT_MS = 3 * HOUR_MS;

/**
 * The same signal, bent over its last hours so that at `end` it meets the value the plant
 * had there: a trend across the start of the live archive shows no jump. Levels within
 * their domain; digital states keep their history. Counters are anchored by their base
 * (see `counterBaseFor` in historyFill.ts).
 */
export function anchoredSignal(
  signal: HistorySignal,
  config: PvConfig,
  end: number,
  value: number,
): HistorySignal {
  if (signal.kind !== 'analog' || !Number.isFinite(value)) return signal;
  const lo = config.domainConfig?.min ?? Number.NEGATIVE_INFINITY;
  const hi = config.domainConfig?.max ?? Number.POSITIVE_INFINITY;
  const delta = value - signal.at(end);
  const scale = 10 ** signal.decimals;
  return {
    ...signal,
    at(t) {
      const w = Math.exp(-Math.max(0, end - t) / ANCHOR_TIME_CONSTANT_MS);
      const v = Math.min(hi, Math.max(lo, signal.at(t) + delta * w));
      return Math.round(v * scale) / scale;
    },
  };
}
