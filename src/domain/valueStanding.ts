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
 *
 * The link to the plant is part of the same rule (issue 55 items 4, 11, 13; workers/SPEC.md
 * LD1): while the web server is unreachable, the server's status is not Connected or the
 * tab's engine is restarting, nothing vouches for any value, so every value is stale and no
 * station reads "Verbunden", until the link is back.
 */
import type { DialState, Quality } from '../contract/enums.ts';

/**
 * Why the live link vouches for no value now (LD1): `restarting` while the tab's engine is
 * lost and a new one is starting (EL2), `linkDown` while the web server is unreachable or the
 * server's status is not Connected.
 */
export type LinkDown = 'linkDown' | 'restarting';

/**
 * Whether the station a value comes from is connected now; unknown before its live data; or
 * not known at all because the link to the plant is down.
 */
export type StationConnection = 'connected' | 'notConnected' | 'unknown' | LinkDown;

/**
 * Why a value is stale: the link to the plant is down, its station is not connected, or the
 * plant marked its quality.
 */
export type StaleReason = 'stationOffline' | 'bad' | 'uncertain' | LinkDown;

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
 * its line is up; a station on a fixed line reports Connected throughout. While the link is
 * down (`link`, TabLiveStore.getLink) no station is known to be connected.
 */
export function stationConnection(
  dialState: DialState | null | undefined,
  link: LinkDown | null = null,
): StationConnection {
  if (link) return link;
  if (!dialState) return 'unknown';
  return dialState === 'Connected' ? 'connected' : 'notConnected';
}

const FRESH: ValueStanding = Object.freeze({ stale: false, reason: null, mark: null, ageMs: null });

/**
 * The standing of a value. Bad quality wins (the value is wrong, not only old); then a link
 * that is down; then a station that is not connected; then Uncertain quality. Good and Unspecified (no quality class, SPEC
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
      : connection === 'linkDown' || connection === 'restarting'
        ? connection
        : connection === 'notConnected'
          ? 'stationOffline'
          : value.quality === 'Uncertain'
            ? 'uncertain'
            : null;
  const ageMs =
    now !== undefined && typeof value.timestamp === 'number' && Number.isFinite(value.timestamp)
      ? Math.max(0, now - value.timestamp)
      : null;
  // The shared object where nothing differs from it: a row checks each new value (issue 58).
  if (!reason) return ageMs === null ? FRESH : { ...FRESH, ageMs };
  return { stale: true, reason, mark: reason === 'bad' ? 'bad' : 'uncertain', ageMs };
}

/** The glyph of a stale mark, the same in every view (the canvas layer draws it too). */
export function staleGlyph(mark: StaleMark): string {
  return mark === 'bad' ? '!' : '?';
}
