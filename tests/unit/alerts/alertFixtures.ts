/** Deterministic alert rows for the alert store tests. */
import type { Alert } from '../../../src/contract/alerts.ts';
import type { AlertTableProps } from '../../../src/features/alerts/AlertTable.tsx';
import type { AlertViewFrame } from '../../../src/live/index.ts';

export const T0 = Date.parse('2026-11-01T00:00:00Z');

const STATIONS = ['Wasserwerk Nord', 'Pumpwerk Süd', 'Hochbehälter Ost', 'Kläranlage West'];
const TEXTS = ['Grenzwert überschritten', 'Störung Pumpe', 'Netzausfall', 'Türkontakt offen'];

/** A small linear congruential generator, so "random" rows are the same on every run. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function makeAlert(id: number, overrides: Partial<Alert> = {}): Alert {
  const station = id % STATIONS.length;
  return {
    id,
    timestamp: T0 + id * 1000,
    pvRef: { type: 'AnaIn', nr: (station + 1) * 100_000 + (id % 50) },
    source: null,
    stationNumber: station + 1,
    stationName: STATIONS[station]!,
    sourceName: `Messung ${id % 50}`,
    text: TEXTS[id % TEXTS.length]!,
    priority: id % 10,
    state: 'pending',
    acknowledgedBy: null,
    acknowledgedAt: null,
    cleared: false,
    clearedAt: null,
    ...overrides,
  };
}

/** `count` alerts with shuffled timestamps (many equal), priorities and texts. */
export function makeAlerts(count: number, seed = 7): Alert[] {
  const rnd = lcg(seed);
  return Array.from({ length: count }, (_, i) =>
    makeAlert(i + 1, {
      timestamp: T0 + Math.floor(rnd() * 5000) * 1000,
      priority: Math.floor(rnd() * 10),
      stationName: rnd() < 0.01 ? '' : STATIONS[Math.floor(rnd() * STATIONS.length)]!,
      acknowledgedBy: rnd() < 0.3 ? 'operator' : null,
    }),
  );
}

/** The current list's table props around `frame`, newest first, nothing selected or focused. */
export function alertTableProps(
  frame: AlertViewFrame,
  overrides: Partial<AlertTableProps> = {},
): AlertTableProps {
  return {
    frame,
    sort: { column: 'timestamp', direction: 'desc' },
    onSort: () => undefined,
    onRange: () => undefined,
    selected: new Set<number>(),
    onToggle: () => undefined,
    focusIndex: 0,
    onFocusIndex: () => undefined,
    onAcknowledgeKey: () => undefined,
    colors: new Map(),
    label: 'Störmeldungen',
    ...overrides,
  };
}
