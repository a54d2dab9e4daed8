/**
 * How far a shown value can be trusted now (issue 41 item 2): one rule for every view that
 * shows a station's value, so a value of a station that is not connected, or whose quality is
 * not good, reads the same on the station page, a process image, a dashboard tile, a chart
 * legend, the energy and leakage pages and a report's current row. A stale value is shown
 * de-emphasised with its quality mark and its age in words, and never as "OK" or "Im Rahmen".
 *
 * The server already marks the values of a dial-up station that is not connected Uncertain
 * (SPEC §3 "PV value"); figures that carry no quality (energy optimisation values, a report's
 * current row) learn it from the station's connection alone. Both say the same here.
 */
import type { DialState, Quality } from '../contract/enums.ts';

/** Whether the station a value comes from is connected now; unknown before its live data. */
export type StationConnection = 'connected' | 'notConnected' | 'unknown';

/** Why a value is stale: its station is not connected, or the plant marked its quality. */
export type StaleReason = 'stationOffline' | 'bad' | 'uncertain';

/** The mark shown beside a stale value: '!' for bad, '?' for uncertain. */
export type StaleMark = 'bad' | 'uncertain';

export interface ValueStanding {
  stale: boolean;
  reason: StaleReason | null;
  mark: StaleMark | null;
  /** How old the value is (now minus its time stamp); null without a time stamp or `now`. */
  ageMs: number | null;
}

/** What the rule needs of a value: its quality (when it has one) and when it was measured. */
export interface StandingInput {
  quality?: Quality;
  timestamp?: number | null;
}

/**
 * A station's connection from its live dial state: a dial-up station is connected only while
 * its line is up; a station on a fixed line reports Connected throughout.
 */
export function stationConnection(dialState: DialState | null | undefined): StationConnection {
  if (!dialState) return 'unknown';
  return dialState === 'Connected' ? 'connected' : 'notConnected';
}

const FRESH: ValueStanding = { stale: false, reason: null, mark: null, ageMs: null };

/**
 * The standing of a value. Bad quality wins (the value is wrong, not only old); then a station
 * that is not connected; then Uncertain quality. Good and Unspecified (no quality class, SPEC
 * §3) of a connected station are fresh. No value at all is not stale: there is nothing to mark.
 */
export function valueStanding(
  value: StandingInput | null | undefined,
  connection: StationConnection,
  now?: number,
): ValueStanding {
  if (!value) return FRESH;
  const reason: StaleReason | null =
    value.quality === 'Bad'
      ? 'bad'
      : connection === 'notConnected'
        ? 'stationOffline'
        : value.quality === 'Uncertain'
          ? 'uncertain'
          : null;
  const ageMs =
    now !== undefined && typeof value.timestamp === 'number' && Number.isFinite(value.timestamp)
      ? Math.max(0, now - value.timestamp)
      : null;
  if (!reason) return { ...FRESH, ageMs };
  return { stale: true, reason, mark: reason === 'bad' ? 'bad' : 'uncertain', ageMs };
}

/** The glyph of a stale mark, the same in every view (the canvas layer draws it too). */
export function staleGlyph(mark: StaleMark): string {
  return mark === 'bad' ? '!' : '?';
}
